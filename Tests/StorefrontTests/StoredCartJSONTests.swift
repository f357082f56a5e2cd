import Determinism
import Foundation
import StorefrontModels
import Testing
@testable import Storefront

/// A cart is kept as the bytes `RecordCoding.encoder` writes for it, whether `recordJSON` writes
/// them itself or hands the cart to the encoder, and they read back as the same cart.
struct StoredCartJSONTests {
    /// Text with what JSON escapes (quotes, reverse solidi, solidi, every control character), and
    /// letters beyond ASCII.
    static func text(_ random: inout SeededRandom) -> String {
        let pieces = ["a", "Z", "0", " ", "\"", "\\", "/", "é", "日本", "🛒", "\u{7f}", "\u{2028}", "gid://shopify/Cart/1?key=2", "\n", "\t"]
            + (0..<32).map { String(UnicodeScalar(UInt8($0))) }
        return (0..<random.int(0...12)).map { _ in pieces[random.below(pieces.count)] }.joined()
    }

    static func maybe<T>(_ random: inout SeededRandom, _ make: (inout SeededRandom) -> T) -> T? {
        random.below(2) == 0 ? nil : make(&random)
    }

    static func attributes(_ random: inout SeededRandom) -> [Attribute] {
        (0..<random.int(0...3)).map { _ in Attribute(key: text(&random), value: maybe(&random, text)) }
    }

    static func date(_ random: inout SeededRandom) -> Date {
        // Whole seconds, fractions, and the far past and future (exponents in the shortest form).
        switch random.below(4) {
        case 0: Date(timeIntervalSinceReferenceDate: Double(random.int(-1_000_000_000...1_000_000_000)))
        case 1: Date(timeIntervalSinceReferenceDate: Double(random.int(0...900_000_000)) + Double(random.int(0...999_999)) / 1e6)
        case 2: Date(timeIntervalSinceReferenceDate: Double(random.next() % 1_000_000) * 1e12)
        default: Date(timeIntervalSinceReferenceDate: Double(random.int(1...999)) * 1e-7)
        }
    }

    /// A cart `recordJSON` writes itself unless `withEncodersParts`.
    static func cart(_ random: inout SeededRandom, withEncodersParts: Bool) -> StoredCart {
        var cart = StoredCart(
            token: text(&random), key: text(&random), createdAt: date(&random), updatedAt: date(&random),
            lines: (0..<random.int(0...3)).map { _ in
                StoredCart.Line(id: text(&random), merchandiseId: text(&random), quantity: random.int(-5...1_000_000),
                                attributes: attributes(&random), sellingPlanId: maybe(&random, text))
            },
            buyerIdentity: BuyerIdentity(email: maybe(&random, text), phone: maybe(&random, text), countryCode: maybe(&random, text),
                                         customerAccessToken: maybe(&random, text)),
            discountCodes: (0..<random.int(0...2)).map { _ in text(&random) }, note: maybe(&random, text),
            attributes: attributes(&random), state: [CartCheckoutState.open, .completed, .expired][random.below(3)],
            nextLineNumber: random.int(1...1000))
        cart.nextAddressNumber = maybe(&random) { $0.int(1...9) }
        cart.giftCardIds = maybe(&random) { random in (0..<random.int(0...2)).map { _ in text(&random) } }
        cart.nextMetafieldNumber = maybe(&random) { $0.int(1...9) }
        if withEncodersParts {
            switch random.below(4) {
            case 0: cart.buyerIdentity.customer = Customer(id: "gid://shopify/Customer/1", email: text(&random))
            case 1: cart.buyerIdentity.preferences = CartPreferences(wallet: ["shop_pay"])
            case 2: cart.selectedDeliveryOptions = [text(&random): text(&random)]
            default: cart.metafields = []
            }
        }
        return cart
    }

    @Test(arguments: [false, true])
    func writesWhatTheEncoderWritesAndReadsBackTheSameCart(withEncodersParts: Bool) throws {
        var random = SeededRandom(seed: withEncodersParts ? 29 : 17)
        for _ in 0..<400 {
            let cart = Self.cart(&random, withEncodersParts: withEncodersParts)
            let written = try cart.recordJSON()
            let encoded = try RecordCoding.encoder.encode(cart)
            #expect(written == encoded, "\(String(decoding: written, as: UTF8.self))\n\(String(decoding: encoded, as: UTF8.self))")
            #expect(try RecordCoding.decoder.decode(StoredCart.self, from: written) == cart)
        }
    }
}
