import Foundation
import Logging
import NIOConcurrencyHelpers
import NIOCore
import NIOPosix
import NIOSSH
import StorefrontFuzzing
import Testing
@testable import StorefrontSSH

/// The suites that run a real SSH server, one at a time: they count the process's descriptors and
/// connections, which another suite's server would disturb.
@Suite(.serialized) struct SSHServerTests {}

/// An `SSHServer` on a free loopback port whose sessions run `program` (a shell command) instead of
/// the storefront, recording what each session asked for and when its cleanup ran.
final class SSHTestShop: Sendable {
    let server: SSHServer
    let port: Int
    let starts = NIOLockedValueBox<[SessionStart]>([])
    let directories = NIOLockedValueBox<[URL]>([])

    init(limits: SessionLimits = SessionLimits(), program: String = "exec sleep 30") async throws {
        let keyDirectory = FileManager.default.temporaryDirectory.appendingPathComponent("storefront-ssh-test-\(UUID().uuidString)")
        let hostKey = try HostKey.loadOrCreate(in: keyDirectory)
        try? FileManager.default.removeItem(at: keyDirectory)
        let starts = starts, directories = directories
        server = SSHServer(configuration: .init(host: "127.0.0.1", port: 0, limits: limits), hostKey: hostKey,
                           logger: Logger(label: "ssh-test") { _ in SwiftLogNoOpLogHandler() }) { start in
            starts.withLockedValue { $0.append(start) }
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent("storefront-ssh-\(UUID().uuidString.lowercased())")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: false)
            directories.withLockedValue { $0.append(directory) }
            return SessionLaunch(executable: "/bin/sh", arguments: ["-c", program], environment: start.environment,
                                 cleanup: { try? FileManager.default.removeItem(at: directory) })
        }
        port = try await server.start()
    }

    /// The private directories of every session so far that still exist.
    var leftDirectories: [URL] {
        directories.withLockedValue { $0 }.filter { FileManager.default.fileExists(atPath: $0.path) }
    }

    /// Opens a session with a terminal and a shell on `client`, and waits for its program to start.
    func running(_ client: SSHTestClient) async throws -> SSHTestSession {
        let before = directories.withLockedValue { $0.count }
        let session = try await client.session()
        try await session.requestTerminal()
        try await session.shell()
        _ = await eventually(within: 10) { self.directories.withLockedValue { $0.count } > before }
        try await Task.sleep(for: .milliseconds(200))
        return session
    }

    /// A client connection, authenticated with `key` (nil: the empty password of a guest).
    func connect(key: NIOSSHPrivateKey? = nil) async throws -> SSHTestClient {
        try await SSHTestClient.connect(port: port, key: key)
    }
}

/// The tests' client is the fuzzing probe's: a minimal SSH client on swift-nio-ssh.
typealias SSHTestClient = SSHProbeClient
typealias SSHTestSession = SSHProbeSession

