import Crypto
import Foundation
import NIOSSH

/// A public key as OpenSSH names it: its algorithm (`ssh-ed25519`, `ecdsa-sha2-nistp256`, …) and
/// its SHA-256 fingerprint (`SHA256:` + unpadded base64 of the digest of the key blob), the form
/// `ssh-keygen -lf` and the client's host-key prompt print.
public struct KeyFingerprint: Hashable, Sendable {
    public let algorithm: String
    public let sha256: String

    public init(_ key: NIOSSHPublicKey) {
        let openSSH = String(openSSHPublicKey: key)
        let parts = openSSH.split(separator: " ", maxSplits: 2)
        algorithm = parts.first.map(String.init) ?? "unknown"
        let blob = parts.count > 1 ? Data(base64Encoded: String(parts[1])) ?? Data() : Data()
        sha256 = "SHA256:" + Data(SHA256.hash(data: blob)).base64EncodedString().replacingOccurrences(of: "=", with: "")
    }
}
