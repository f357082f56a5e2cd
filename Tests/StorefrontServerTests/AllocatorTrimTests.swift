import Foundation
import Testing
@testable import StorefrontServer

/// Memory a burst freed is given back once the server is idle, and never while it works.
@Suite(.serialized) struct AllocatorTrimTests {
    /// Allocates and frees `megabytes` in request-sized blocks, as a burst of requests does.
    private func burst(megabytes: Int) {
        var blocks: [UnsafeMutableRawPointer] = []
        blocks.reserveCapacity(megabytes * 256)
        for _ in 0..<(megabytes * 256) {
            guard let block = malloc(4000) else { break }
            memset(block, 1, 4000)
            blocks.append(block)
        }
        for block in blocks { free(block) }
    }

    @Test func aBusyServerKeepsItsMemory() {
        burst(megabytes: 64)
        let resident = residentBytes()
        #expect(AllocatorTrim.trimIfIdle(busy: true) == false)
        // Nothing was given back: the pages the burst freed are still the process's.
        #expect(resident - residentBytes() < 32 << 20)
    }

    @Test func anIdleServerGivesBackWhatABurstFreed() {
        burst(megabytes: 64)
        let before = AllocatorTrim.figures
        #expect(before.freeBytes > AllocatorTrim.threshold, "the burst left \(before.freeBytes) bytes free")
        let resident = residentBytes()
        #expect(AllocatorTrim.trimIfIdle(busy: false))
        let after = residentBytes()
        // At least half of the burst's 64 MB left the process.
        #expect(resident - after > 32 << 20, "resident \(resident) → \(after)")
    }

    private func residentBytes() -> Int {
        let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
        let line = status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") } ?? ""
        return (Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0) * 1024
    }
}
