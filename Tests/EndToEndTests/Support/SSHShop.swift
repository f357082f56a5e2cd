import Foundation
import XCTest

/// `storefront serve --ssh-port 0` as a process of its own (its sessions run the same binary), with
/// private state, and OpenSSH client command lines for it with generated keys.
final class SSHShop: @unchecked Sendable {
    let directory: URL
    let process = Process()
    private(set) var sshPort = 0
    private let output = Pipe()
    private let lock = NSLock()
    private var printed = ""

    static var sshPath: String? { ["/usr/bin/ssh", "/usr/local/bin/ssh"].first { FileManager.default.isExecutableFile(atPath: $0) } }

    init(arguments: [String] = []) throws {
        let binary = try TmuxSession.builtServingStorefront()
        guard Self.sshPath != nil else {
            throw EndToEndSetupError("the OpenSSH client is not installed (apt-get install openssh-client)")
        }
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("storefront-ssh-e2e-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = ["serve", "--port", "0", "--ssh-port", "0", "--ssh-host", "127.0.0.1"] + arguments
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_STATE_HOME"] = directory.appendingPathComponent("state").path
        environment["XDG_CACHE_HOME"] = directory.appendingPathComponent("cache").path
        environment["STOREFRONT_TOKEN"] = "e2e-ssh-token"
        process.environment = environment
        process.standardOutput = output
        process.standardError = output
        output.fileHandleForReading.readabilityHandler = { [weak self] handle in
            let data = handle.availableData
            guard let self, !data.isEmpty else { return }
            self.lock.lock()
            self.printed += String(decoding: data, as: UTF8.self)
            self.lock.unlock()
        }
        try process.run()
        let announced = try waitForOutput("the SSH server to listen") { $0.contains(" port ") && $0.contains("SSH limits") }
        guard let line = announced.split(separator: "\n").first(where: { $0.hasPrefix("Storefront over SSH on") }),
              let port = line.split(separator: " ").drop(while: { $0 != "port" }).dropFirst().first.flatMap({ Int($0.trimmingCharacters(in: [":"])) }) else {
            throw EndToEndSetupError("serve did not say its SSH port:\n\(announced)")
        }
        sshPort = port
    }

    deinit {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        output.fileHandleForReading.readabilityHandler = nil
        try? FileManager.default.removeItem(at: directory)
    }

    /// Everything serve printed so far (the start lines and the session log).
    var log: String {
        lock.lock(); defer { lock.unlock() }
        return printed
    }

    @discardableResult
    func waitForOutput(_ description: String, timeout: TimeInterval = 20, _ condition: (String) -> Bool) throws -> String {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            let text = log
            if condition(text) { return text }
            if !process.isRunning { break }
            Thread.sleep(forTimeInterval: 0.05)
        }
        throw EndToEndSetupError("timed out waiting for \(description); serve printed:\n\(log)")
    }

    /// A new ed25519 key pair; returns the private key's path.
    func makeKey(_ name: String) throws -> String {
        let path = directory.appendingPathComponent(name).path
        let keygen = Process()
        keygen.executableURL = URL(fileURLWithPath: "/usr/bin/ssh-keygen")
        keygen.arguments = ["-q", "-t", "ed25519", "-N", "", "-C", name, "-f", path]
        try keygen.run()
        keygen.waitUntilExit()
        guard keygen.terminationStatus == 0 else { throw EndToEndSetupError("ssh-keygen failed") }
        return path
    }

    /// `path` under the account server beside serve's API (`/account/…`).
    func accountURL(_ path: String) throws -> URL {
        guard let line = log.split(separator: "\n").first(where: { $0.hasPrefix("Storefront API for") }),
              let address = line.split(separator: " ").last, var components = URLComponents(string: String(address)) else {
            throw EndToEndSetupError("serve did not say where its API is:\n\(log)")
        }
        components.path = "/account/" + path
        guard let url = components.url else { throw EndToEndSetupError("no account address beside \(address)") }
        return url
    }

    /// The key's SHA256 fingerprint as OpenSSH prints it (`SHA256:…`).
    func fingerprint(of key: String) throws -> String {
        let keygen = Process()
        let output = Pipe()
        keygen.executableURL = URL(fileURLWithPath: "/usr/bin/ssh-keygen")
        keygen.arguments = ["-l", "-E", "sha256", "-f", key + ".pub"]
        keygen.standardOutput = output
        try keygen.run()
        keygen.waitUntilExit()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        guard let fingerprint = text.split(separator: " ").first(where: { $0.hasPrefix("SHA256:") }) else {
            throw EndToEndSetupError("ssh-keygen -l printed no fingerprint: \(text)")
        }
        return String(fingerprint)
    }

    /// `ssh -t` to the shop as `user` (nil: the local user) with `key` (nil: no key at all, so the
    /// password prompt unless the user is `guest`), then `remote`.
    func ssh(key: String?, user: String? = nil, _ remote: [String] = []) -> [String] {
        var command = [Self.sshPath ?? "ssh", "-t", "-p", "\(sshPort)", "-o", "StrictHostKeyChecking=no",
                       "-o", "UserKnownHostsFile=/dev/null", "-o", "LogLevel=ERROR", "-o", "IdentitiesOnly=yes",
                       "-o", "PreferredAuthentications=publickey,password", "-F", "/dev/null"]
        if let key { command += ["-i", key] } else { command += ["-o", "PubkeyAuthentication=no"] }
        return command + [user.map { "\($0)@127.0.0.1" } ?? "127.0.0.1"] + remote
    }

    /// A tmux pane running `ssh`; when it ends the pane says `ssh exited N` and stays.
    func session(key: String?, user: String? = nil, _ remote: [String] = [], width: Int = 100, height: Int = 30) throws -> TmuxSession {
        let quoted = ssh(key: key, user: user, remote).map { "'\($0.replacingOccurrences(of: "'", with: "'\\''"))'" }.joined(separator: " ")
        return try TmuxSession(width: width, height: height) { _ in ["sh", "-c", "\(quoted); echo \"ssh exited $?\"; sleep 600"] }
    }

    /// SIGTERM, and the exit status once it has exited.
    func terminate(timeout: TimeInterval = 20) -> Int32? {
        process.terminate()
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        return process.isRunning ? nil : process.terminationStatus
    }
}
