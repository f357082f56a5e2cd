@testable import CustomerAccount
import Storefront
import Testing

struct PKCETests {
    /// RFC 7636 Appendix B.
    @Test func rfc7636Example() {
        let pair = PKCE(verifier: "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk")
        #expect(pair?.challenge == "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM")
        #expect(PKCE.challenge(for: "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk") == "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM")
    }

    @Test(arguments: [43, 64, 128])
    func generatedVerifiersHaveTheLengthAndOnlyUnreservedCharacters(length: Int) {
        let pair = PKCE.generate(length: length)
        #expect(pair.verifier.count == length)
        #expect(pair.verifier.allSatisfy { PKCE.unreservedCharacters.contains($0) })
        #expect(PKCE.isValidVerifier(pair.verifier))
        #expect(pair.challenge == PKCE.challenge(for: pair.verifier))
        // 32 bytes of SHA-256 in base64url without padding.
        #expect(pair.challenge.count == 43 && !pair.challenge.contains("="))
    }

    @Test func theDefaultVerifierIsLongAndEachLoginGetsAnotherOne() {
        let verifiers = Set((0..<20).map { _ in PKCE.generate().verifier })
        #expect(verifiers.count == 20)
        #expect(verifiers.allSatisfy { $0.count == 64 })
    }

    @Test(arguments: [
        String(repeating: "a", count: 42),          // too short
        String(repeating: "a", count: 129),         // too long
        String(repeating: "a", count: 42) + "+",    // not unreserved
        String(repeating: "a", count: 42) + "=",
        String(repeating: "a", count: 42) + " ",
        String(repeating: "é", count: 43),
    ])
    func verifiersBreakingTheRulesAreRefused(verifier: String) {
        #expect(!PKCE.isValidVerifier(verifier))
        #expect(PKCE(verifier: verifier) == nil)
    }

    @Test func theServerCheckAcceptsOnlyTheRightVerifierWithS256() {
        let pair = PKCE.generate()
        #expect(PKCE.verify(verifier: pair.verifier, challenge: pair.challenge, method: "S256"))
        #expect(!PKCE.verify(verifier: PKCE.generate().verifier, challenge: pair.challenge, method: "S256"))
        #expect(!PKCE.verify(verifier: pair.verifier, challenge: pair.challenge, method: "plain"))
        #expect(!PKCE.verify(verifier: pair.verifier, challenge: pair.verifier, method: "plain"))
    }

    @Test func randomStringsRejectBytesThatWouldBiasTheAlphabet() {
        // 66 characters: bytes from 198 up would favour the first 58; they are skipped.
        let bytes: [UInt8] = [255, 198, 0, 65, 197]
        let source = RandomSource { _ in bytes }
        #expect(source.string(count: 3, alphabet: PKCE.unreservedCharacters) == "A~~")
    }
}
