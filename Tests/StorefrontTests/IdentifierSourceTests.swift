import Clocks
import Foundation
import Testing
@testable import Storefront

@Suite struct IdentifierSourceTests {
    func cartIds(_ identifiers: IdentifierSource, count: Int = 3, in directory: TemporaryDirectory = TemporaryDirectory()) async throws -> [String] {
        let storefront = EmbeddedStorefront(catalog: try Fixtures.catalog(), stateDirectory: directory.url,
                                            now: Fixtures.dates(TestClock()).closure, identifiers: identifiers)
        var ids: [String] = []
        for _ in 0..<count { ids.append(try #require(try await storefront.cartCreate(CartInput()).cart).id) }
        return ids
    }

    @Test func aSeedGivesTheSameCartIdsEveryRun() async throws {
        let first = try await cartIds(.seeded(1)), again = try await cartIds(.seeded(1))
        #expect(first == again)
        #expect(Set(first).count == 3, "each cart its own id")
        #expect(try await cartIds(.seeded(2)) != first)
        for id in first {
            let (token, key) = try #require(StoredCart.parse(id: id))
            #expect(token.count == 26 && key.count == 32 && key.allSatisfy(\.isHexDigit) && key == key.lowercased())
        }
    }

    @Test func unseededIdsDiffer() async throws {
        let one = try await cartIds(.random), other = try await cartIds(.random)
        #expect(one != other)
    }

    @Test func aSeededStoreOnAUsedDirectoryDoesNotReuseACart() async throws {
        let directory = TemporaryDirectory()
        let earlier = try await cartIds(.seeded(5), count: 1, in: directory)
        let later = try await cartIds(.seeded(5), count: 1, in: directory)
        #expect(StoredCart.parse(id: earlier[0])?.token != StoredCart.parse(id: later[0])?.token)
        let storefront = EmbeddedStorefront(catalog: try Fixtures.catalog(), stateDirectory: directory.url, now: Fixtures.dates(TestClock()).closure)
        let kept = try await storefront.cart(id: earlier[0]), added = try await storefront.cart(id: later[0])
        #expect(kept != nil && added != nil)
    }

    /// The system's tokens take every character of the alphabet about as often as any other, and
    /// its keys are 32 lowercase hex digits.
    @Test func unseededTokensDrawEveryCharacterAlike() {
        var source = IdentifierSource.random
        var counts: [Character: Int] = [:]
        for _ in 0..<2_000 {
            let token = source.token()
            #expect(token.count == 26)
            for character in token { counts[character, default: 0] += 1 }
            let key = source.key()
            #expect(key.count == 32 && key.allSatisfy { "0123456789abcdef".contains($0) })
        }
        let alphabet = Set("ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789")
        #expect(Set(counts.keys) == alphabet)
        // 52,000 characters over 57: about 912 each; a bias of the modulo kind would be far outside.
        #expect(counts.values.allSatisfy { (700...1_130).contains($0) }, "\(counts.values.sorted())")
    }
}
