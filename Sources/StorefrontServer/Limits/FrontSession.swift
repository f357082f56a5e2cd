import Crypto
import Foundation
import Storefront

/// One SSH session of a front-end, named on every request its storefront sends, so `serve` gives
/// each session its own share of the places to work on requests instead of one share for the
/// loopback address every session comes from. The name is `ID.PROOF`: PROOF is the HMAC-SHA256 of
/// ID under the front-end credential (which only `serve` and its front-ends hold), so a client
/// cannot make up sessions to take more places than an address gets.
public enum FrontSession {
    /// The request header carrying the name.
    public static let header = "Storefront-Front-Session"
    /// The environment variable the front-end gives a session's storefront the name in.
    public static let environmentVariable = GraphQLStorefront.Configuration.frontSessionVariable

    /// The name for session `id` (letters, digits and `-`, at most 64).
    public static func name(session id: String, credential: String) -> String {
        id + "." + proof(id, credential: credential)
    }

    /// The session a request's header names, when its proof holds; nil otherwise.
    public static func session(named value: String, credential: String) -> String? {
        let parts = value.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 2, let id = parts.first, !id.isEmpty, id.utf8.count <= 64,
              id.unicodeScalars.allSatisfy({ $0.isASCII && (CharacterSet.alphanumerics.contains($0) || $0 == "-") }),
              let given = Data(hex: String(parts[1])) else { return nil }
        let key = SymmetricKey(data: Data(credential.utf8))
        return HMAC<SHA256>.isValidAuthenticationCode(given, authenticating: Data(id.utf8), using: key) ? String(id) : nil
    }

    private static func proof(_ id: String, credential: String) -> String {
        let code = HMAC<SHA256>.authenticationCode(for: Data(id.utf8), using: SymmetricKey(data: Data(credential.utf8)))
        return code.map { String(format: "%02x", $0) }.joined()
    }
}

private extension Data {
    /// Lower- or upper-case hexadecimal, two digits a byte; nil for anything else.
    init?(hex: String) {
        guard hex.utf8.count.isMultiple(of: 2), hex.utf8.count <= 128 else { return nil }
        var bytes: [UInt8] = []
        var index = hex.startIndex
        while index < hex.endIndex {
            let next = hex.index(index, offsetBy: 2)
            guard let byte = UInt8(hex[index..<next], radix: 16) else { return nil }
            bytes.append(byte)
            index = next
        }
        self.init(bytes)
    }
}
