import Foundation
import NIOSSH
import Testing
@testable import StorefrontSSH

/// The host key: created once with mode 0600, read back after, fingerprinted as OpenSSH does.
struct HostKeyTests {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("storefront-hostkey-\(UUID().uuidString)")

    @Test func theKeyIsCreatedOncePrivatelyAndKept() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let created = try HostKey.loadOrCreate(in: directory)
        #expect(created.created)
        let path = directory.appendingPathComponent(HostKey.fileName).path
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
        #expect((attributes[.size] as? NSNumber)?.intValue == 32)
        let again = try HostKey.loadOrCreate(in: directory)
        #expect(!again.created)
        #expect(again.fingerprint == created.fingerprint)
        #expect(created.fingerprint.hasPrefix("SHA256:") && !created.fingerprint.contains("="))
    }

    @Test func aDamagedKeyFileIsNamedNotReplaced() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try Data("not a key".utf8).write(to: directory.appendingPathComponent(HostKey.fileName))
        #expect(throws: SSHServerError.self) { try HostKey.loadOrCreate(in: directory) }
    }

    /// What `ssh-keygen -lf` printed for these keys.
    @Test(arguments: [
        ("ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIN+0VDZrTJDmJVH6WOZ3G7gIh5D+VAVudC76ktFnOUDy test",
         "ssh-ed25519", "SHA256:+E4r7FiUPzEMReRresKVByIvTiqmA7vC3fVYVAWzKZE"),
        ("ecdsa-sha2-nistp256 AAAAE2VjZHNhLXNoYTItbmlzdHAyNTYAAAAIbmlzdHAyNTYAAABBBBlir10Ds/o7hR2G7XO0+Jq9hw3zqXk4CRRoS35VQv4+MYuIJjOysfE0JEVboPZQqufEWrcD3o2nj3RRF+svifU= test",
         "ecdsa-sha2-nistp256", "SHA256:oPVFh1iWgtxW8MnymVlVsV+I0r6aJmc4glhaom6Cf6I"),
    ])
    func fingerprintsAreOpenSSHs(key: String, algorithm: String, sha256: String) throws {
        let fingerprint = KeyFingerprint(try NIOSSHPublicKey(openSSHPublicKey: key))
        #expect(fingerprint.algorithm == algorithm)
        #expect(fingerprint.sha256 == sha256)
    }

    @Test func onlyTerminalAndLocaleVariablesAreAccepted() {
        #expect(ClientEnvironment.accepts("TERM", "xterm-256color"))
        #expect(ClientEnvironment.accepts("LC_ALL", "C.UTF-8"))
        #expect(ClientEnvironment.accepts("NO_COLOR", "1"))
        #expect(!ClientEnvironment.accepts("PATH", "/tmp"))
        #expect(!ClientEnvironment.accepts("LD_PRELOAD", "/tmp/x.so"))
        #expect(!ClientEnvironment.accepts("TERM", "xterm\u{1b}]0;title\u{7}"))
        #expect(!ClientEnvironment.accepts("LANG", String(repeating: "a", count: 300)))
        // A locale this machine does not have gives way to C.UTF-8.
        #expect(ClientEnvironment.usableLocale(["LANG": "xx_YY.UTF-8", "TERM": "xterm"]) == ["LANG": "C.UTF-8", "TERM": "xterm"])
    }

    @Test func theRegistryCountsInAllAndPerAddress() {
        var limits = SessionLimits()
        limits.maximumSessions = 3
        limits.maximumPerAddress = 2
        let registry = SessionRegistry(limits: limits)
        #expect(registry.admit("10.0.0.1") == nil)
        #expect(registry.admit("10.0.0.1") == nil)
        #expect(registry.admit("10.0.0.1") == "Too many sessions from your address (2 at most); close one and try again.")
        #expect(registry.admit("10.0.0.2") == nil)
        #expect(registry.admit("10.0.0.3") == "The shop is full (3 shoppers); please try again in a minute.")
        registry.release("10.0.0.1")
        #expect(registry.admit("10.0.0.3") == nil)
        registry.startDraining()
        registry.release("10.0.0.2")
        #expect(registry.admit("10.0.0.4") == "The shop is closing for now; please come back in a minute.")
    }
}
