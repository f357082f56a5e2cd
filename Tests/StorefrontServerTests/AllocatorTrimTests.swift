import Foundation
import Testing
@testable import StorefrontServer

/// Memory a burst freed is given back once the server is idle, and never while it works.
@Suite(.serialized) struct AllocatorTrimTests {
    /// Allocates `megabytes` in request-sized blocks, as a burst of requests does, and frees all but
    /// every 64th block: what stays pins the freed pages between them, as a server's long-lived
    /// objects do, so only a trim gives those pages back. Returns the blocks still held.
    private func burst(megabytes: Int) -> [UnsafeMutableRawPointer] {
        var blocks: [UnsafeMutableRawPointer] = []
        blocks.reserveCapacity(megabytes * 256)
        for _ in 0..<(megabytes * 256) {
            guard let block = malloc(4000) else { break }
            memset(block, 1, 4000)
            blocks.append(block)
        }
        var kept: [UnsafeMutableRawPointer] = []
        for (index, block) in blocks.enumerated() {
            if index % 64 == 63 { kept.append(block) } else { free(block) }
        }
        return kept
    }

    @Test func aBusyServerKeepsItsMemory() { AllocatorTrim.holdingOff {
        let kept = burst(megabytes: 64)
        defer { kept.forEach { free($0) } }
        let resident = residentBytes()
        #expect(AllocatorTrim.trimIfIdle(busy: true) == false)
        // Nothing was given back: the pages the burst freed are still the process's.
        #expect(resident - residentBytes() < 32 << 20)
    } }

    @Test func anIdleServerGivesBackWhatABurstFreed() {
        // Other servers in this process trim too: they hold off until the measurement is taken.
        let (resident, after, trimmed) = AllocatorTrim.holdingOff { () -> (Int, Int, Bool) in
            let kept = burst(megabytes: 64)
            defer { kept.forEach { free($0) } }
            let resident = residentBytes()
            let trimmed = AllocatorTrim.trimIfIdle(busy: false)
            return (resident, residentBytes(), trimmed)
        }
        #expect(trimmed)
        // At least half of the burst's 64 MB left the process.
        #expect(resident - after > 32 << 20, "resident \(resident) → \(after)")
    }

    /// Decided without calling the allocator: a limit set here would hold for every test in the process.
    @Test func theArenasAreLimitedUnlessTheEnvironmentSaysHowMany() {
        #expect(AllocatorTrim.limitsArenas(AllocatorTrim.arenas, environment: [:]))
        #expect(!AllocatorTrim.limitsArenas(AllocatorTrim.arenas, environment: ["MALLOC_ARENA_MAX": "8"]))
        #expect(!AllocatorTrim.limitsArenas(0, environment: [:]))
        #expect(AllocatorTrim.limitArenas(environment: ["MALLOC_ARENA_MAX": "8"]) == false)
    }

    private func residentBytes() -> Int {
        let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
        let line = status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") } ?? ""
        return (Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0) * 1024
    }
}
