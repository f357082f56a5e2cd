import Foundation
import StorefrontModels
#if canImport(Glibc)
import Glibc
#endif

/// One shopper's storefront: a process on its own pseudo-terminal, in a session of its own
/// (`POSIX_SPAWN_SETSID`, then the terminal opened as its controlling terminal), so ncurses sees a
/// real terminal and one session's crash touches no other.
///
/// The server keeps the pty's master side; the child gets the slave as stdin, stdout and stderr.
/// The server also keeps a copy of the slave open until the child is reaped, so reading the
/// master never fails before the child has opened its side.
final class SessionProcess: @unchecked Sendable {
    let pid: pid_t
    /// The pty's master side (the server reads the screen here and writes the keys).
    let master: CInt
    private var slave: CInt

    private init(pid: pid_t, master: CInt, slave: CInt) {
        self.pid = pid; self.master = master; self.slave = slave
    }

    /// Starts `executable` with `arguments` and exactly `environment` on a new pty of `size`.
    static func spawn(executable: String, arguments: [String], environment: [String: String],
                      size: TerminalSize) throws -> SessionProcess {
        var master: CInt = -1, slave: CInt = -1
        var window = winsize(ws_row: UInt16(size.rows), ws_col: UInt16(size.columns), ws_xpixel: 0, ws_ypixel: 0)
        guard openpty(&master, &slave, nil, nil, &window) == 0 else {
            throw SSHServerError.spawn("No pseudo-terminal: \(String(cString: strerror(errno))).")
        }
        _ = fcntl(master, F_SETFD, FD_CLOEXEC)
        _ = fcntl(slave, F_SETFD, FD_CLOEXEC)
        guard let name = terminalName(slave) else {
            close(master); close(slave)
            throw SSHServerError.spawn("The pseudo-terminal has no name.")
        }

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        // After setsid (the attribute below runs first), opening the terminal without O_NOCTTY
        // makes it the child's controlling terminal: ^C, SIGWINCH and hangups reach it.
        posix_spawn_file_actions_addopen(&actions, 0, name, O_RDWR, 0)
        posix_spawn_file_actions_adddup2(&actions, 0, 1)
        posix_spawn_file_actions_adddup2(&actions, 0, 2)
        // Nothing else crosses: not the listening socket, not another shopper's terminal.
        guard Self.closeFrom(&actions, 3) == 0 else {
            close(master); close(slave)
            throw SSHServerError.spawn("Cannot arrange the session's descriptors.")
        }

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t(), allSignals = sigset_t()
        sigemptyset(&noSignals)
        sigfillset(&allSignals)
        // The server ignores SIGPIPE and blocks nothing the child should inherit: start clean.
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        posix_spawnattr_setsigdefault(&attributes, &allSignals)
        posix_spawnattr_setflags(&attributes, Int16(Self.spawnSetSID | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = environment.sorted { $0.key < $1.key }.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var pid: pid_t = 0
        let status = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
        guard status == 0 else {
            close(master); close(slave)
            throw SSHServerError.spawn("Cannot start \(executable): \(String(cString: strerror(status))).")
        }
        return SessionProcess(pid: pid, master: master, slave: slave)
    }

    /// The path of the terminal open on `descriptor`. `ttyname_r`, never `ttyname`: sessions start
    /// on several event-loop threads at once, and `ttyname`'s one static buffer then hands a child
    /// another session's terminal (that session shows two programs, this one nothing at all).
    static func terminalName(_ descriptor: CInt) -> String? {
        var buffer = [CChar](repeating: 0, count: 256)
        guard ttyname_r(descriptor, &buffer, buffer.count) == 0 else { return nil }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// glibc's POSIX_SPAWN_SETSID and posix_spawn_file_actions_addclosefrom_np (2.34) are GNU
    /// extensions the Glibc module does not import.
    private static let spawnSetSID: CInt = 0x80
    private typealias AddCloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, CInt) -> CInt
    private static let addCloseFrom: AddCloseFrom? = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addclosefrom_np")
        .map { unsafeBitCast($0, to: AddCloseFrom.self) }

    private static func closeFrom(_ actions: UnsafeMutablePointer<posix_spawn_file_actions_t>, _ lowest: CInt) -> CInt {
        addCloseFrom?(actions, lowest) ?? -1
    }

    /// The client's window changed: the kernel tells the child's foreground group (SIGWINCH)
    /// when the size differs; the explicit signal covers a child that asked while it was busy.
    func resize(_ size: TerminalSize) {
        var window = winsize(ws_row: UInt16(size.rows), ws_col: UInt16(size.columns), ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(master, UInt(TIOCSWINSZ), &window)
        kill(pid, SIGWINCH)
    }

    func signal(_ number: CInt) { kill(pid, number) }

    /// Waits for the child on a small thread of its own (waitpid blocks) and reports how it ended;
    /// the slave copy is closed then, so the master reads end-of-file.
    func reap(_ done: @escaping @Sendable (ExitReason) -> Void) {
        let pid = pid
        OwnThread.start(name: "session-reap", stackSize: 64 << 10) { [self] in
            var status: CInt = 0
            var result: pid_t
            repeat { result = waitpid(pid, &status, 0) } while result == -1 && errno == EINTR
            closeSlave()
            done(ExitReason(waitStatus: status))
        }
    }

    private let lock = NSLock()
    private func closeSlave() {
        lock.lock(); defer { lock.unlock() }
        if slave >= 0 { close(slave); slave = -1 }
    }

    /// How a child ended: its exit status, or the signal that ended it.
    enum ExitReason: Hashable, Sendable, CustomStringConvertible {
        case exited(Int)
        case signalled(Int)

        init(waitStatus status: CInt) {
            // WIFEXITED / WEXITSTATUS / WTERMSIG, which Swift does not import as macros.
            if status & 0x7f == 0 { self = .exited(Int((status >> 8) & 0xff)) } else { self = .signalled(Int(status & 0x7f)) }
        }

        var description: String {
            switch self {
            case .exited(let code): return "exit \(code)"
            case .signalled(let number): return "signal \(number)"
            }
        }
    }
}
