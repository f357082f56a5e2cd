import Foundation
import StorefrontModels
#if canImport(Glibc)
import Glibc
#endif

/// Waits for terminal input on its own thread, so the main actor stays free to run effects while
/// nobody types. It never reads the input (ncurses does that on the main actor); it only says
/// "there is something to read" and then waits until the loop has drained it.
///
/// It also wakes up a few times a second to compare the window size: SIGWINCH may interrupt any
/// thread, so it cannot be relied on to wake this one, and ncurses only reports the resize
/// (`KEY_RESIZE`) when asked for input.
final class InputMonitor: Sendable {
    enum Event: Sendable {
        /// Input is pending (or the window may have changed size).
        case input
        /// The terminal went away: nothing more will ever be read.
        case hangup
    }

    private let descriptor: Int32
    private let wakePipe: (read: Int32, write: Int32)
    private let drained = DispatchSemaphore(value: 0)
    private let onEvent: @Sendable (Event) -> Void

    init(descriptor: Int32, onEvent: @escaping @Sendable (Event) -> Void) {
        self.descriptor = descriptor
        self.onEvent = onEvent
        var fds: [Int32] = [-1, -1]
        if pipe(&fds) != 0 { fds = [-1, -1] }
        wakePipe = (fds[0], fds[1])
    }

    func start() {
        OwnThread.start(name: "storefront.input") { [self] in run() }
    }

    /// The loop has read everything pending; look for more.
    func acknowledge() { drained.signal() }

    /// Ends the thread (idempotent enough: a second write to the pipe is harmless).
    func stop() {
        var byte: UInt8 = 1
        _ = write(wakePipe.write, &byte, 1)
        drained.signal()
    }

    private func run() {
        var lastSize = windowSize()
        while true {
            var fds = [pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0),
                       pollfd(fd: wakePipe.read, events: Int16(POLLIN), revents: 0)]
            let ready = poll(&fds, 2, 250)
            if fds[1].revents != 0 { break }
            // A terminal that went away reports a hangup, on Linux together with POLLIN for ever
            // after: what is still pending is read first, then nothing more will come.
            if ready > 0 && fds[0].revents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0
                && (fds[0].revents & Int16(POLLIN) == 0 || pendingBytes() == 0) {
                onEvent(.hangup)
                break
            }
            if ready > 0 && fds[0].revents != 0 {
                onEvent(.input)
                drained.wait()
                continue
            }
            let size = windowSize()
            if size != lastSize {
                lastSize = size
                onEvent(.input)
                drained.wait()
            }
        }
        close(wakePipe.read)
        close(wakePipe.write)
    }

    /// Bytes waiting to be read; 0 when none are, or the terminal cannot say (it is gone).
    private func pendingBytes() -> Int32 {
        var count: Int32 = 0
        guard ioctl(descriptor, UInt(FIONREAD), &count) == 0 else { return 0 }
        return count
    }

    private func windowSize() -> [UInt16] {
        var ws = winsize()
        guard ioctl(descriptor, UInt(TIOCGWINSZ), &ws) == 0 else { return [] }
        return [ws.ws_row, ws.ws_col]
    }
}
