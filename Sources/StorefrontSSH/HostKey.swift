import Crypto
import Foundation
import NIOSSH
#if canImport(Glibc)
import Glibc
#endif

/// The server's ed25519 host key. Created on first start in the state directory
/// (`ssh_host_ed25519_key`, the 32-byte private key, mode 0600 from the moment it exists) and read
/// back on every later start, so returning shoppers see the same fingerprint.
public struct HostKey: Sendable {
    public static let fileName = "ssh_host_ed25519_key"

    public let sshKey: NIOSSHPrivateKey
    /// True when this start created the key.
    public let created: Bool
    /// As OpenSSH prints it: `SHA256:` and the unpadded base64 digest of the public key blob.
    public let fingerprint: String

    private init(privateKey: Curve25519.Signing.PrivateKey, created: Bool) {
        sshKey = NIOSSHPrivateKey(ed25519Key: privateKey)
        self.created = created
        fingerprint = KeyFingerprint(sshKey.publicKey).sha256
    }

    /// Reads the key in `directory`, or creates it (and the directory, mode 0700).
    public static func loadOrCreate(in directory: URL) throws -> HostKey {
        let url = directory.appendingPathComponent(fileName)
        if let data = FileManager.default.contents(atPath: url.path) {
            guard let key = try? Curve25519.Signing.PrivateKey(rawRepresentation: data) else {
                throw SSHServerError.hostKey("\(url.path) is not an ed25519 key (32 bytes); move it aside to create a new one.")
            }
            return HostKey(privateKey: key, created: false)
        }
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
        let key = Curve25519.Signing.PrivateKey()
        // O_EXCL: two servers starting at once never both write a key.
        let fd = open(url.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard fd >= 0 else {
            if errno == EEXIST { return try loadOrCreate(in: directory) }
            throw SSHServerError.hostKey("Cannot create \(url.path): \(String(cString: strerror(errno))).")
        }
        defer { close(fd) }
        let bytes = [UInt8](key.rawRepresentation)
        let written = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        guard written == bytes.count, fsync(fd) == 0 else {
            unlink(url.path)
            throw SSHServerError.hostKey("Cannot write \(url.path): \(String(cString: strerror(errno))).")
        }
        return HostKey(privateKey: key, created: true)
    }
}
