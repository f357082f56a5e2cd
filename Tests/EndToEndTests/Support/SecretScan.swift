import Foundation

/// Looks for secrets where they must not be: given token values, anything shaped like a JWT
/// (three base64url parts, the first two JSON objects: "eyJ…"), and customer token prefixes.
enum SecretScan {
    static let jwtShape = try! NSRegularExpression(pattern: #"eyJ[A-Za-z0-9_-]{4,}\.eyJ[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]*"#)
    static let tokenShapes = ["shcat_", "shcrt_"]

    /// Where each secret or secret-shaped string was found in `text`, named by `place`.
    static func findings(in text: String, place: String, secrets: [String]) -> [String] {
        var found: [String] = []
        for secret in secrets where !secret.isEmpty && text.contains(secret) { found.append("\(place): \(secret.prefix(12))…") }
        if jwtShape.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil { found.append("\(place): a JWT") }
        for prefix in tokenShapes where text.contains(prefix) { found.append("\(place): a \(prefix) token") }
        return found
    }

    /// Every regular file under `directory`, read as text (invalid UTF-8 repaired).
    static func files(under directory: URL) -> [(path: String, text: String)] {
        guard let walker = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: [.isRegularFileKey]) else { return [] }
        var files: [(String, String)] = []
        for case let url as URL in walker where (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true {
            if let data = try? Data(contentsOf: url) { files.append((url.path, String(decoding: data, as: UTF8.self))) }
        }
        return files
    }
}
