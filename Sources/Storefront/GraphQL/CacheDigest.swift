import Crypto
import Foundation

/// Hex SHA-256 for cache keys: it hides the access token and gives file names of one length.
enum CacheDigest {
    static func hex(_ text: String) -> String {
        SHA256.hash(data: Data(text.utf8)).map { byte in
            let hex = String(byte, radix: 16)
            return byte < 16 ? "0" + hex : hex
        }.joined()
    }
}
