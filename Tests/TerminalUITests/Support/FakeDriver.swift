import Foundation
@testable import TerminalUI
#if canImport(Glibc)
import Glibc
#endif

/// A terminal for loop tests: keys typed into it wake the loop through a real pipe (as a tty
/// would), frames are kept instead of drawn.
@MainActor
final class FakeDriver: TerminalDriver {
    var size: Size
    let profile: ColorProfile = .monochrome
    private(set) var frames: [Grid] = []
    private(set) var stopped = false
    private var pending: [Key] = []
    private let pipeEnds: (read: Int32, write: Int32)

    init(size: Size) {
        self.size = size
        var fds: [Int32] = [-1, -1]
        precondition(pipe(&fds) == 0, "pipe")
        _ = fcntl(fds[0], F_SETFL, O_NONBLOCK)
        pipeEnds = (fds[0], fds[1])
    }

    var inputDescriptor: Int32 { pipeEnds.read }
    var lastFrame: Grid? { frames.last }

    func draw(_ grid: Grid) { frames.append(grid) }

    /// Queues keys and makes the descriptor readable, all at once (one burst, like a paste).
    func type(_ keys: [Key]) {
        pending += keys
        var byte: UInt8 = 1
        _ = write(pipeEnds.write, &byte, 1)
    }

    func nextKey() -> Key? {
        var buffer = [UInt8](repeating: 0, count: 64)
        _ = read(pipeEnds.read, &buffer, buffer.count)
        return pending.isEmpty ? nil : pending.removeFirst()
    }

    func stop() {
        stopped = true
        close(pipeEnds.read)
        close(pipeEnds.write)
    }

    /// Waits (polling, with a deadline) until the last frame shows `text`.
    func waitForFrame(containing text: String, timeout: Duration = .seconds(5)) async -> Bool {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            if lastFrame?.text.contains(text) == true { return true }
            try? await Task.sleep(for: .milliseconds(2))
        }
        return false
    }
}

/// Waits (polling, with a deadline) until `condition` holds.
@MainActor
func waitUntil(timeout: Duration = .seconds(5), _ condition: () -> Bool) async -> Bool {
    let deadline = ContinuousClock.now + timeout
    while ContinuousClock.now < deadline {
        if condition() { return true }
        try? await Task.sleep(for: .milliseconds(2))
    }
    return false
}
