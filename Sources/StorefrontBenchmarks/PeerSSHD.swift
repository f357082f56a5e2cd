import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// OpenSSH's `sshd` on loopback as the SSH benchmark's peer: the benchmark's client keys
/// authorised, and every session's command forced to the storefront against `serve`'s Storefront
/// API, each in a state directory of its own, as `serve`'s own front starts its sessions.
final class PeerSSHD {
    let process: Process
    let port: Int

    init(sshd: String, storefront: String, server: SSHBenchmark.Server, keyFiles: [String], directory: URL) throws {
        guard getuid() == 0 else { throw PtyBenchmark.Failure.spawn("--peer-sshd needs root: sshd separates privileges for each login") }
        guard FileManager.default.isExecutableFile(atPath: sshd) else {
            throw PtyBenchmark.Failure.spawn("\(sshd) is not there (apt-get install openssh-server)")
        }
        guard !server.endpoint.isEmpty else { throw PtyBenchmark.Failure.spawn("serve did not name its Storefront API; see \(server.log.path)") }
        let home = directory.appendingPathComponent("peer")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        // sshd's privilege separation directory (made by the package's service, which is not started here).
        try FileManager.default.createDirectory(atPath: "/run/sshd", withIntermediateDirectories: true)
        let hostKey = home.appendingPathComponent("host_ed25519").path
        try Self.run("/usr/bin/ssh-keygen", ["-q", "-t", "ed25519", "-N", "", "-f", hostKey])
        let keys = try keyFiles.map { try String(contentsOfFile: $0 + ".pub", encoding: .utf8) }.joined()
        try keys.write(to: home.appendingPathComponent("authorized_keys"), atomically: true, encoding: .utf8)
        let session = home.appendingPathComponent("session.sh")
        try """
            #!/bin/sh
            d=$(mktemp -d "\(home.path)/session.XXXXXX")
            export HOME="$d" XDG_STATE_HOME="$d" XDG_CACHE_HOME="\(home.path)/cache" LANG=C.UTF-8
            export STOREFRONT_TOKEN='\(SSHBenchmark.Server.token)'
            exec '\(storefront)' --endpoint '\(server.endpoint)'

            """.write(to: session, atomically: true, encoding: .utf8)
        chmod(session.path, 0o755)
        port = try Self.freePort()
        let config = home.appendingPathComponent("sshd_config")
        try """
            Port \(port)
            ListenAddress 127.0.0.1
            HostKey \(hostKey)
            PidFile \(home.path)/sshd.pid
            AuthorizedKeysFile \(home.path)/authorized_keys
            StrictModes no
            UsePAM no
            PasswordAuthentication no
            KbdInteractiveAuthentication no
            PubkeyAuthentication yes
            PermitRootLogin yes
            ForceCommand \(session.path)
            MaxStartups 1000
            MaxSessions 1000
            PrintMotd no
            PrintLastLog no
            LogLevel ERROR

            """.write(to: config, atomically: true, encoding: .utf8)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: sshd)
        process.arguments = ["-D", "-e", "-f", config.path]
        let log = FileHandle(forWritingAtPath: "/dev/null")
        process.standardOutput = log
        process.standardError = log
        try process.run()
        self.process = process
        // Listening once a connection is accepted.
        let deadline = Date().addingTimeInterval(10)
        while !Self.accepts(port) {
            guard Date() < deadline, process.isRunning else { throw PtyBenchmark.Failure.spawn("sshd did not start on port \(port)") }
            Thread.sleep(forTimeInterval: 0.05)
        }
    }

    /// Every process under sshd, sshd's own included.
    private var tree: [(pid: pid_t, name: String)] {
        let all = ((try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []).compactMap { entry -> (pid_t, pid_t, String)? in
            guard let pid = pid_t(entry), let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
                  let open = stat.firstIndex(of: "("), let close = stat.lastIndex(of: ")") else { return nil }
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            guard fields.count > 1, let parent = pid_t(fields[1]) else { return nil }
            return (pid, parent, String(stat[stat.index(after: open)..<close]))
        }
        var found: [(pid: pid_t, name: String)] = [(process.processIdentifier, "sshd")]
        var frontier: Set<pid_t> = [process.processIdentifier]
        while !frontier.isEmpty {
            let children = all.filter { frontier.contains($0.1) }
            found += children.map { ($0.0, $0.2) }
            frontier = Set(children.map(\.0))
        }
        return found
    }

    /// The storefront processes of the sessions.
    var sessionPIDs: [pid_t] { tree.filter { $0.name == "storefront" }.map(\.pid) }

    /// sshd's own processes: the listener and each connection's.
    var ownPIDs: [pid_t] { tree.filter { $0.name != "storefront" }.map(\.pid) }

    func stop() {
        process.terminate()
        process.waitUntilExit()
    }

    private static func run(_ path: String, _ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        try process.run()
        process.waitUntilExit()
    }

    private static func freePort() throws -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0 }
        }
        guard bound else { throw PtyBenchmark.Failure.spawn("no free port on loopback") }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    private static func accepts(_ port: Int) -> Bool {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        return withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0 }
        }
    }
}
