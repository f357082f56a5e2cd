import Foundation
import XCTest
#if canImport(Glibc)
import Glibc
#endif

/// The built `storefront` binary on a pseudo-terminal of its own, with the bytes it writes read
/// directly: for what a terminal emulator hides (how many bytes an idle app writes, what it prints
/// after restoring the screen, how it dies from a signal).
final class PtyProcess {
    let pid: pid_t
    let master: Int32
    private(set) var output: [UInt8] = []
    let stateDirectory: URL
    private var exitStatus: Int32?

    init(arguments: [String] = [], environment: [String: String], width: Int = 80, height: Int = 24) throws {
        guard let binary = TmuxSession.storefrontBinary() else {
            throw EndToEndSetupError("the storefront binary is not built: run swift build --build-tests first")
        }
        stateDirectory = FileManager.default.temporaryDirectory.appendingPathComponent("storefront-pty-\(getpid())-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: stateDirectory, withIntermediateDirectories: true)
        var env = ProcessInfo.processInfo.environment
        env.removeValue(forKey: "COLORTERM")
        env.removeValue(forKey: "NO_COLOR")
        env["LANG"] = "C.UTF-8"
        env["XDG_STATE_HOME"] = stateDirectory.path
        env["XDG_CONFIG_HOME"] = stateDirectory.path // no settings file of this machine
        env["XDG_CACHE_HOME"] = stateDirectory.path
        for (key, value) in environment { env[key] = value }
        // Everything the child needs is prepared before fork: after it, only exec may run.
        let argv = ([binary] + arguments).map { strdup($0) } + [nil]
        let envp = env.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var size = winsize(ws_row: UInt16(height), ws_col: UInt16(width), ws_xpixel: 0, ws_ypixel: 0)
        var fd: Int32 = -1
        let child = forkpty(&fd, nil, nil, &size)
        if child == 0 {
            execve(argv[0]!, argv, envp)
            _exit(127)
        }
        guard child > 0 else { throw EndToEndSetupError("forkpty failed: errno \(errno)") }
        pid = child
        master = fd
    }

    deinit {
        if exitStatus == nil {
            kill(pid, SIGKILL)
            var status: Int32 = 0
            waitpid(pid, &status, 0)
        }
        close(master)
        try? FileManager.default.removeItem(at: stateDirectory)
    }

    /// Bytes written within `duration` (reading as they come).
    @discardableResult
    func read(for duration: TimeInterval) -> [UInt8] {
        let deadline = Date().addingTimeInterval(duration)
        var bytes: [UInt8] = []
        while Date() < deadline, let chunk = readChunk(waiting: min(0.05, max(0, deadline.timeIntervalSinceNow))) { bytes += chunk }
        while Date() < deadline {
            if let chunk = readChunk(waiting: max(0, deadline.timeIntervalSinceNow)) { bytes += chunk } else { break }
        }
        return bytes
    }

    /// Reads until the output so far contains `text`; fails the test after `timeout`.
    func waitFor(_ text: String, timeout: TimeInterval = 10, file: StaticString = #filePath, line: UInt = #line) throws {
        let deadline = Date().addingTimeInterval(timeout)
        let needle = Array(text.utf8)
        while Date() < deadline {
            if output.count >= needle.count, contains(needle) { return }
            _ = readChunk(waiting: 0.05)
        }
        XCTFail("\"\(text)\" never appeared; the output was:\n\(String(decoding: output.suffix(2000), as: UTF8.self))", file: file, line: line)
        throw TmuxSession.TimeoutError(description: text)
    }

    /// Reads until nothing arrives for `quiet`.
    func settle(quiet: TimeInterval = 0.3, limit: TimeInterval = 5) {
        let deadline = Date().addingTimeInterval(limit)
        while Date() < deadline, readChunk(waiting: quiet) != nil {}
    }

    /// Writes bytes to the terminal, reading what the program writes meanwhile (so neither side
    /// blocks on a full buffer).
    func send(_ bytes: [UInt8]) {
        var offset = 0
        while offset < bytes.count {
            var fds = [pollfd(fd: master, events: Int16(POLLOUT | POLLIN), revents: 0)]
            guard poll(&fds, 1, 1000) > 0 else { continue }
            if fds[0].revents & Int16(POLLIN) != 0 { _ = readChunk(waiting: 0) }
            if fds[0].revents & Int16(POLLOUT) != 0 {
                let n = bytes[offset...].withUnsafeBytes { Glibc.write(master, $0.baseAddress, min($0.count, 4096)) }
                if n > 0 { offset += n } else if errno != EAGAIN && errno != EINTR { return }
            }
            if fds[0].revents & Int16(POLLHUP | POLLERR) != 0 { return }
        }
    }

    func send(_ text: String) { send(Array(text.utf8)) }

    /// The exit status (or 128 + signal) once the process has ended, or nil after `timeout`.
    func waitForExit(timeout: TimeInterval = 5) -> Int32? {
        if let exitStatus { return exitStatus }
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            _ = readChunk(waiting: 0.02)
            var status: Int32 = 0
            if waitpid(pid, &status, WNOHANG) == pid {
                let code = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
                exitStatus = code
                settleAfterExit()
                return code
            }
        }
        return nil
    }

    var isRunning: Bool { exitStatus == nil && kill(pid, 0) == 0 && waitpid(pid, nil, WNOHANG) == 0 }

    var text: String { String(decoding: output, as: UTF8.self) }

    private func settleAfterExit() {
        while readChunk(waiting: 0.05) != nil {}
    }

    private func readChunk(waiting: TimeInterval) -> [UInt8]? {
        var pfd = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
        guard poll(&pfd, 1, Int32(waiting * 1000)) > 0, pfd.revents & Int16(POLLIN) != 0 else { return nil }
        var buffer = [UInt8](repeating: 0, count: 65536)
        let n = Glibc.read(master, &buffer, buffer.count)
        guard n > 0 else { return nil }
        output += buffer[..<n]
        return Array(buffer[..<n])
    }

    private func contains(_ needle: [UInt8]) -> Bool {
        let start = max(0, output.count - needle.count - 200_000)
        guard output.count - start >= needle.count else { return false }
        for i in start...(output.count - needle.count) where output[i] == needle[0] {
            if Array(output[i..<(i + needle.count)]) == needle { return true }
        }
        return false
    }
}
