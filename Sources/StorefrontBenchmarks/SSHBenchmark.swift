import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// `ssh [--sessions 10,50,100] [--keys N] [--storefront PATH]`: starts `storefront serve
/// --ssh-port` on loopback, then for each count opens that many OpenSSH clients at once, each on
/// its own pty (80x24) with its own ed25519 key, and has every one browse (j/k, four keys a
/// second, staggered). Prints sessions accepted, memory per session (PSS and RSS of the session
/// processes, from /proc/PID/smaps_rollup), the CPU the server side used, and key→screen latency
/// (a key written to the client's pty until the first byte of the answer comes back).
///
/// `--peer-sshd PATH` (OpenSSH's `sshd`, run as root) measures the same sessions behind OpenSSH in
/// the same run: an `sshd` on loopback whose `ForceCommand` starts the same storefront against the
/// same `serve` over HTTP, as a shop would put it behind its own SSH server. Then each count prints
/// both fronts' total memory (PSS of every process: the server side and the sessions) and the ratio.
enum SSHBenchmark {
    static func main(_ arguments: [String]) async throws {
        let levels = (BenchmarkArguments.option("--sessions", in: arguments) ?? "10,50,100").split(separator: ",").compactMap { Int($0) }
        let keys = BenchmarkArguments.option("--keys", in: arguments).flatMap(Int.init) ?? 20
        let binary = try BenchmarkArguments.storefront(arguments)
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("storefront-ssh-bench-\(getpid())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let most = levels.max() ?? 0
        let server = try Server(binary: binary, directory: directory, capacity: most + 10)
        defer { server.stop() }
        var keyFiles: [String] = []
        for index in 0..<most { keyFiles.append(try makeKey(directory.appendingPathComponent("key\(index)").path)) }
        print("server \(binary), port \(server.port); \(keys) keys per session, 4 a second")
        let ours = Front(name: "serve --ssh-port", port: server.port, sessionPIDs: { server.sessionPIDs },
                         serverPIDs: { [server.process.processIdentifier] })
        var peer: (front: Front, sshd: PeerSSHD)?
        if let sshd = BenchmarkArguments.option("--peer-sshd", in: arguments) {
            let daemon = try PeerSSHD(sshd: sshd, storefront: binary, server: server, keyFiles: keyFiles, directory: directory)
            peer = (Front(name: "OpenSSH sshd", port: daemon.port, sessionPIDs: { daemon.sessionPIDs },
                          serverPIDs: { daemon.ownPIDs + [server.process.processIdentifier] }), daemon)
            print("peer \(sshd), port \(daemon.port): ForceCommand runs \(binary) --endpoint \(server.endpoint)")
        }
        defer { peer?.sshd.stop() }
        for level in levels {
            let result = try run(sessions: level, keys: keys, keyFiles: keyFiles, front: ours)
            print(result.line)
            guard let peer else { continue }
            let theirs = try run(sessions: level, keys: keys, keyFiles: keyFiles, front: peer.front)
            print(theirs.line)
            print(String(format: "%d sessions, total PSS (server side and sessions): serve %.1f MB, OpenSSH %.1f MB, ratio %.2fx",
                         level, result.totalPSS, theirs.totalPSS, result.totalPSS / max(theirs.totalPSS, 0.001)))
        }
    }

    /// An SSH server under test: where clients connect, the storefront processes of its sessions,
    /// and the processes of its server side (for OpenSSH: sshd's own and the `serve` answering the
    /// sessions' storefronts over HTTP).
    struct Front {
        var name: String
        var port: Int
        var sessionPIDs: () -> [pid_t]
        var serverPIDs: () -> [pid_t]
    }

    struct Result {
        var line: String
        /// Every process of the front, in MB.
        var totalPSS: Double
    }

    /// `storefront serve` with room for every session.
    final class Server {
        let process: Process
        let port: Int
        let log: URL
        static let token = "ssh-bench-token"
        /// Its Storefront API, as its log names it.
        private(set) var endpoint = ""

        init(binary: String, directory: URL, capacity: Int) throws {
            (process, log) = try ServeProcess.start(binary, arguments: [
                "--port", "0", "--ssh-port", "0", "--ssh-host", "127.0.0.1", "--token", Self.token,
                "--ssh-max-sessions", "\(capacity)", "--ssh-max-per-address", "\(capacity)",
            ], directory: directory)
            let deadline = Date().addingTimeInterval(30)
            var found: Int?
            while found == nil && Date() < deadline {
                let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
                if let line = text.split(separator: "\n").first(where: { $0.hasPrefix("Storefront over SSH on") }) {
                    found = line.split(separator: " ").drop { $0 != "port" }.dropFirst().first.flatMap { Int($0.trimmingCharacters(in: [":"])) }
                }
                Thread.sleep(forTimeInterval: 0.05)
            }
            guard let found else { throw PtyBenchmark.Failure.spawn("serve did not start its SSH server; see \(log.path)") }
            port = found
            let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
            endpoint = text.split(separator: "\n").first { $0.hasPrefix("Storefront API for") }?
                .split(separator: " ").last.map(String.init) ?? ""
        }

        /// The session processes: the server's children.
        var sessionPIDs: [pid_t] {
            let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(process.processIdentifier)/task")) ?? []
            return tasks.flatMap { task in
                ((try? String(contentsOfFile: "/proc/\(process.processIdentifier)/task/\(task)/children", encoding: .utf8)) ?? "")
                    .split(separator: " ").compactMap { pid_t($0) }
            }
        }

        func stop() {
            process.terminate()
            process.waitUntilExit()
        }
    }

    struct Client {
        var pid: pid_t
        var master: Int32
        var output: [UInt8] = []
        var framed = false
        var sentAt: ContinuousClock.Instant?
        var nextSend: ContinuousClock.Instant
        var sent = 0
    }

    static func run(sessions: Int, keys: Int, keyFiles: [String], front: Front) throws -> Result {
        let start = ContinuousClock.now
        var clients = try (0..<sessions).map { index in try spawn(key: keyFiles[index], port: front.port, at: start) }
        defer {
            for client in clients {
                _ = write(client.master, "q", 1)
            }
            Thread.sleep(forTimeInterval: 1)
            for client in clients {
                kill(client.pid, SIGTERM)
                var status: Int32 = 0
                waitpid(client.pid, &status, 0)
                close(client.master)
            }
            let deadline = Date().addingTimeInterval(15)
            while !front.sessionPIDs().isEmpty && Date() < deadline { Thread.sleep(forTimeInterval: 0.1) }
        }
        // Every session's first frame with the collections listed (the selection marker).
        let needle = Array("▸".utf8)
        let frameDeadline = ContinuousClock.now + .seconds(90)
        while clients.contains(where: { !$0.framed }) && ContinuousClock.now < frameDeadline {
            pollAll(&clients, waiting: 20) { client, bytes, _ in
                client.output += bytes
                if !client.framed && contains(client.output, needle) { client.framed = true }
            }
        }
        let ready = ContinuousClock.now - start
        let accepted = clients.filter(\.framed).count
        Thread.sleep(forTimeInterval: 1)
        let pids = front.sessionPIDs()
        let serverPIDs = front.serverPIDs()
        let memory = pids.compactMap(memoryOf)
        let pss = memory.map(\.pss).reduce(0, +), rss = memory.map(\.rss).reduce(0, +)
        let serverPSS = serverPIDs.compactMap(memoryOf).map(\.pss).reduce(0, +)

        // Browsing: each session presses j/k four times a second, staggered over the quarter second.
        let cpuBefore = cpuTicks(serverPIDs + pids)
        let browseStart = ContinuousClock.now
        let interval = Duration.milliseconds(250)
        for index in clients.indices {
            clients[index].output = []
            clients[index].nextSend = browseStart + interval * (Double(index) / Double(max(1, clients.count)))
        }
        var latencies: [Double] = []
        let browseDeadline = browseStart + .seconds(Int64(keys) + 60)
        while clients.contains(where: { $0.framed && ($0.sent < keys || $0.sentAt != nil) }) && ContinuousClock.now < browseDeadline {
            let now = ContinuousClock.now
            // A key that changed nothing on screen gets no answer: after a second it is counted
            // as unanswered and the session goes on.
            for index in clients.indices {
                if let sent = clients[index].sentAt, now - sent > .seconds(1) {
                    clients[index].sentAt = nil
                    clients[index].nextSend = now
                }
            }
            for index in clients.indices where clients[index].framed && clients[index].sentAt == nil
                && clients[index].sent < keys && clients[index].nextSend <= now {
                let key = (clients[index].sent / 5) % 2 == 0 ? "j" : "k"
                _ = key.withCString { write(clients[index].master, $0, 1) }
                clients[index].sentAt = now
                clients[index].sent += 1
            }
            pollAll(&clients, waiting: 2) { client, _, at in
                guard let sent = client.sentAt else { return }
                let elapsed = at - sent
                latencies.append(Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15)
                client.sentAt = nil
                client.nextSend = sent + interval
            }
        }
        let browseTime = ContinuousClock.now - browseStart
        let cpuAfter = cpuTicks(serverPIDs + pids)
        let ticks = Double(sysconf(Int32(_SC_CLK_TCK)))
        let seconds = Double(browseTime.components.seconds) + Double(browseTime.components.attoseconds) / 1e18
        let cpuShare = Double(cpuAfter - cpuBefore) / ticks / max(seconds, 0.001) * 100

        latencies.sort()
        func percentile(_ p: Double) -> Double { latencies.isEmpty ? .nan : latencies[min(latencies.count - 1, Int(Double(latencies.count) * p))] }
        let missing = clients.filter(\.framed).count * keys - latencies.count
        let perSession = { (kib: Int) in String(format: "%.1f MB", Double(kib) / 1024 / Double(max(1, memory.count))) }
        let line = String(format: """
            %@, %d sessions: accepted %d (first frames within %.1f s); per session PSS %@, RSS %@ (%d processes); \
            server side PSS %.1f MB (%d processes); CPU while browsing %.0f%% of one core; \
            key→screen median %.1f ms, p99 %.1f ms, max %.1f ms over %d keys%@
            """, front.name, sessions, accepted, Double(ready.components.seconds) + Double(ready.components.attoseconds) / 1e18,
            perSession(pss), perSession(rss), memory.count, Double(serverPSS) / 1024, serverPIDs.count, cpuShare,
            percentile(0.5), percentile(0.99), latencies.last ?? .nan, latencies.count,
            missing > 0 ? " (\(missing) keys unanswered)" : "")
        return Result(line: line, totalPSS: Double(pss + serverPSS) / 1024)
    }

    private static func spawn(key: String, port: Int, at start: ContinuousClock.Instant) throws -> Client {
        let command = ["/usr/bin/ssh", "-tt", "-p", "\(port)", "-i", key, "-F", "/dev/null", "-o", "IdentitiesOnly=yes",
                       "-o", "StrictHostKeyChecking=no", "-o", "UserKnownHostsFile=/dev/null", "-o", "LogLevel=ERROR",
                       "-o", "BatchMode=yes", "127.0.0.1"]
        var environment = ProcessInfo.processInfo.environment
        environment["TERM"] = "xterm-256color"
        environment["LANG"] = "C.UTF-8"
        let argv = command.map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var size = winsize(ws_row: 24, ws_col: 80, ws_xpixel: 0, ws_ypixel: 0)
        var master: Int32 = -1
        let pid = forkpty(&master, nil, nil, &size)
        if pid == 0 {
            execve(argv[0]!, argv, envp)
            _exit(127)
        }
        guard pid > 0 else { throw PtyBenchmark.Failure.spawn("forkpty failed: errno \(errno)") }
        return Client(pid: pid, master: master, nextSend: start)
    }

    /// Reads whatever the clients wrote within `waiting` milliseconds.
    private static func pollAll(_ clients: inout [Client], waiting: Int32,
                                _ received: (inout Client, [UInt8], ContinuousClock.Instant) -> Void) {
        var fds = clients.map { pollfd(fd: $0.master, events: Int16(POLLIN), revents: 0) }
        guard poll(&fds, nfds_t(fds.count), waiting) > 0 else { return }
        let now = ContinuousClock.now
        var buffer = [UInt8](repeating: 0, count: 65536)
        for index in fds.indices where fds[index].revents & Int16(POLLIN) != 0 {
            let n = read(clients[index].master, &buffer, buffer.count)
            if n > 0 { received(&clients[index], Array(buffer[..<n]), now) }
        }
    }

    private static func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
        guard haystack.count >= needle.count else { return false }
        return (0...(haystack.count - needle.count)).contains { start in haystack[start..<(start + needle.count)].elementsEqual(needle) }
    }

    /// PSS and RSS in KiB, from smaps_rollup.
    static func memoryOf(_ pid: pid_t) -> (pss: Int, rss: Int)? {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/smaps_rollup", encoding: .utf8) else { return nil }
        func field(_ name: String) -> Int {
            text.split(separator: "\n").first { $0.hasPrefix(name + ":") }
                .flatMap { $0.split(separator: " ").dropFirst().first.flatMap { Int($0) } } ?? 0
        }
        return (field("Pss"), field("Rss"))
    }

    /// utime + stime of these processes, in clock ticks.
    private static func cpuTicks(_ pids: [pid_t]) -> Int {
        pids.reduce(0) { total, pid in
            guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
                  let close = stat.lastIndex(of: ")") else { return total }
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            // After the command's closing parenthesis: state, ppid, …, utime (12th), stime (13th).
            return total + (Int(fields[11]) ?? 0) + (Int(fields[12]) ?? 0)
        }
    }

    private static func makeKey(_ path: String) throws -> String {
        let keygen = Process()
        keygen.executableURL = URL(fileURLWithPath: "/usr/bin/ssh-keygen")
        keygen.arguments = ["-q", "-t", "ed25519", "-N", "", "-f", path]
        try keygen.run()
        keygen.waitUntilExit()
        return path
    }
}
