import Crypto
import Foundation
import Storefront

/// Proof Key for Code Exchange (RFC 7636) with the S256 method: the app keeps a random verifier and
/// sends only its challenge with the authorization request; the token request must then present the
/// verifier, so an intercepted authorization code is useless to anyone else.
public struct PKCE: Hashable, Sendable {
    public static let method = "S256"
    /// RFC 7636 §4.1: 43 to 128 characters.
    public static let verifierLengths = 43...128
    /// The unreserved characters of RFC 3986, the only ones a verifier may hold.
    public static let unreservedCharacters = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")

    public let verifier: String
    public let challenge: String

    /// A pair for a given verifier; nil when the verifier breaks RFC 7636's rules.
    public init?(verifier: String) {
        guard Self.isValidVerifier(verifier) else { return nil }
        self.verifier = verifier
        self.challenge = Self.challenge(for: verifier)
    }

    /// A fresh pair: `length` characters drawn uniformly from the unreserved set (64 gives about 386 bits).
    public static func generate(length: Int = 64, random: RandomSource = .system) -> PKCE {
        precondition(verifierLengths.contains(length), "a PKCE verifier has 43 to 128 characters")
        return PKCE(verifier: random.string(count: length, alphabet: unreservedCharacters))!
    }

    /// `BASE64URL(SHA256(ASCII(verifier)))`, without padding.
    public static func challenge(for verifier: String) -> String {
        Base64URL.encode(SHA256.hash(data: Data(verifier.utf8)))
    }

    public static func isValidVerifier(_ verifier: String) -> Bool {
        verifierLengths.contains(verifier.count) && verifier.allSatisfy { unreservedSet.contains($0) }
    }

    /// What the authorization server checks at the token endpoint. Only S256 is accepted: `plain`
    /// would let whoever saw the authorization request redeem the code.
    public static func verify(verifier: String, challenge: String, method: String) -> Bool {
        guard method == Self.method, isValidVerifier(verifier) else { return false }
        return constantTimeEqual(Self.challenge(for: verifier), challenge)
    }

    private static let unreservedSet = Set(unreservedCharacters)

    /// Compares without stopping at the first difference, so timing tells nothing about the secret.
    static func constantTimeEqual(_ a: String, _ b: String) -> Bool {
        let x = Array(a.utf8), y = Array(b.utf8)
        guard x.count == y.count else { return false }
        var difference: UInt8 = 0
        for i in x.indices { difference |= x[i] ^ y[i] }
        return difference == 0
    }
}
