import Foundation
@testable import TerminalUI
#if canImport(Glibc)
import Glibc
#endif

/// A terminal for loop tests: keys typed into it wake the loop through a real pipe (as a tty
/// would), frames are kept instead of drawn, and tests wait on the frames the loop draws.
@MainActor
final class FakeDriver: TerminalDriver {
    var size: Size
    let profile: ColorProfile = .monochrome
    private(set) var frames: [Grid] = []
    private(set) var stopped = false
    private var pending: [Key] = []
    private let pipeEnds: (read: Int32, write: Int32)
    /// Tests waiting for the next frame (or for the loop to end).
    private var waiting: [CheckedContinuation<Void, Never>] = []

    init(size: Size) {
        self.size = size
        var fds: [Int32] = [-1, -1]
        precondition(pipe(&fds) == 0, "pipe")
        _ = fcntl(fds[0], F_SETFL, O_NONBLOCK)
        pipeEnds = (fds[0], fds[1])
    }

    var inputDescriptor: Int32 { pipeEnds.read }
    var lastFrame: Grid? { frames.last }

    func draw(_ grid: Grid) {
        frames.append(grid)
        wakeWaiting()
    }

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
        wakeWaiting()
    }

    /// Waits until the last frame shows `text`; false if the loop stops or `limit` passes first.
    func waitForFrame(containing text: String, limit: Duration = .seconds(10)) async -> Bool {
        await waitUntil(limit: limit) { self.lastFrame?.text.contains(text) == true }
    }

    /// Waits until `condition` holds, looking again after each frame the loop draws (a woken test
    /// runs once the loop's turn is over, so the loop's counters are up to date). False if the loop
    /// stops first, or if `limit` passes: an alarm, not a poll, so a frame that never comes fails
    /// the test instead of hanging the suite.
    func waitUntil(limit: Duration = .seconds(10), _ condition: () -> Bool) async -> Bool {
        let deadline = ContinuousClock.now + limit
        let alarm = Task { [weak self] in
            try? await ContinuousClock().sleep(until: deadline)
            self?.wakeWaiting()
        }
        defer { alarm.cancel() }
        while !condition() {
            if stopped || ContinuousClock.now >= deadline { return false }
            await withCheckedContinuation { waiting.append($0) }
        }
        return true
    }

    private func wakeWaiting() {
        let woken = waiting
        waiting = []
        woken.forEach { $0.resume() }
    }
}
