import Clocks
import Foundation
import Testing
@testable import Storefront

@Suite struct CartTests {
    let clock = TestClock()
    let directory = TemporaryDirectory()
    let storefront: EmbeddedStorefront

    init() throws { storefront = try EmbeddedStorefront.fixture(directory: directory, clock: clock) }

    func newCart(_ lines: [CartLineInput] = []) async throws -> Cart {
        let payload = try await storefront.cartCreate(CartInput(lines: lines))
        #expect(payload.userErrors.isEmpty)
        return try #require(payload.cart)
    }

    func money(_ amount: String) -> Money { Money(amount, currencyCode: "EUR")! }

    @Test func createdCartHasIdsAndCheckoutURL() async throws {
        let cart = try await newCart()
        #expect(cart.lines.isEmpty && cart.cost.subtotalAmount == money("0") && cart.cost.totalAmount == money("0"))
        let (token, key) = try #require(StoredCart.parse(id: cart.id))
        #expect(cart.id == "gid://shopify/Cart/\(token)?key=\(key)")
        #expect(cart.checkoutUrl == "https://test-shop.example/cart/c/\(token)?key=\(key)")
        #expect(storefront.cartId(forCheckoutURL: cart.checkoutUrl) == cart.id)
        #expect(storefront.cartId(forCheckoutURL: "https://elsewhere.example/cart/c/\(token)?key=\(key)") == nil)
        #expect(storefront.cartId(forCheckoutURL: "https://test-shop.example/cart/c/\(token)") == nil)
        #expect(storefront.cartId(forCheckoutURL: "not a url") == nil)
        #expect(try await storefront.cart(id: cart.id) == cart)
        #expect(cart.createdAt == clock.date)
    }

    @Test func addingComputesCostsAndMergesTheSameVariant() async throws {
        let sencha = try Fixtures.variantId("sencha", 1)   // 17.00
        let creme = try Fixtures.variantId("cafe-creme")    // 11.50, compare at 13.00
        var cart = try await newCart([CartLineInput(merchandiseId: sencha, quantity: 2)])
        #expect(cart.lines.count == 1 && cart.lines[0].cost.subtotalAmount == money("34.00"))
        let payload = try await storefront.cartLinesAdd(cartId: cart.id, lines: [
            CartLineInput(merchandiseId: sencha, quantity: 1), CartLineInput(merchandiseId: creme, quantity: 3)])
        #expect(payload.userErrors.isEmpty && payload.warnings.isEmpty)
        cart = try #require(payload.cart)
        #expect(cart.lines.map(\.quantity) == [3, 3])
        #expect(cart.totalQuantity == 6)
        #expect(cart.lines[0].cost.amountPerQuantity == money("17.00"))
        #expect(cart.lines[1].cost.compareAtAmountPerQuantity == money("13.00"))
        #expect(cart.lines[1].cost.subtotalAmount == money("34.50"))
        #expect(cart.cost.subtotalAmount == money("85.50") && cart.cost.totalAmount == money("85.50"))
        #expect(cart.lines[1].merchandise.productHandle == "cafe-creme" && cart.lines[1].merchandise.title == "Default Title")
    }

    @Test func unknownVariantIsAUserErrorAndChangesNothing() async throws {
        let cart = try await newCart([CartLineInput(merchandiseId: try Fixtures.variantId("sencha"))])
        let payload = try await storefront.cartLinesAdd(cartId: cart.id, lines: [
            CartLineInput(merchandiseId: try Fixtures.variantId("cafe-creme")),
            CartLineInput(merchandiseId: "gid://shopify/ProductVariant/424242")])
        #expect(payload.userErrors.count == 1)
        #expect(payload.userErrors.first?.code == .invalid)
        #expect(payload.userErrors.first?.field == ["lines", "1", "merchandiseId"])
        #expect(payload.userErrors.first?.message.contains("424242") == true)
        #expect(payload.cart == nil, "refused input answers no cart")
        #expect(try await storefront.cart(id: cart.id) == cart)
        let create = try await storefront.cartCreate(CartInput(lines: [CartLineInput(merchandiseId: "nope")]))
        #expect(create.cart == nil && create.userErrors.first?.field == ["lines", "0", "merchandiseId"])
    }

    @Test func soldOutMerchandiseIsRefused() async throws {
        let cart = try await newCart()
        for id in [try Fixtures.variantId("brazil-cerrado"), try Fixtures.variantId("gooseneck-kettle", 1)] {
            let payload = try await storefront.cartLinesAdd(cartId: cart.id, lines: [CartLineInput(merchandiseId: id)])
            #expect(payload.userErrors.first?.code == .merchandiseNotApplicable)
            #expect(payload.userErrors.first?.field == ["lines", "0", "merchandiseId"])
            #expect(payload.userErrors.first?.message.contains("sold out") == true)
            #expect(payload.cart == nil)
            #expect(try await storefront.cart(id: cart.id)?.lines.isEmpty == true)
        }
    }

    @Test func quantityAboveStockIsClampedWithAWarning() async throws {
        let small = try Fixtures.variantId("house-espresso")   // 3 in stock
        let cart = try await newCart()
        let payload = try await storefront.cartLinesAdd(cartId: cart.id, lines: [CartLineInput(merchandiseId: small, quantity: 5)])
        let line = try #require(payload.cart?.lines.first)
        #expect(line.quantity == 3)
        #expect(payload.warnings == [CartWarning(code: .merchandiseNotEnoughStock,
                                                 message: "Only 3 in stock; the quantity was set to 3.", target: line.id)])
        let again = try await storefront.cartLinesAdd(cartId: cart.id, lines: [CartLineInput(merchandiseId: small, quantity: 1)])
        #expect(again.cart?.lines.first?.quantity == 3 && again.warnings.first?.target == line.id)
        let update = try await storefront.cartLinesUpdate(cartId: cart.id, lines: [CartLineUpdateInput(id: line.id, quantity: 7)])
        #expect(update.cart?.lines.first?.quantity == 3 && update.warnings.first?.code == .merchandiseNotEnoughStock)
    }

    @Test func badQuantitiesAreUserErrors() async throws {
        let cart = try await newCart([CartLineInput(merchandiseId: try Fixtures.variantId("tea-sampler"), quantity: 2)])
        let zero = try await storefront.cartLinesAdd(cartId: cart.id, lines: [CartLineInput(merchandiseId: try Fixtures.variantId("sencha"), quantity: 0)])
        #expect(zero.userErrors.first?.field == ["lines", "0", "quantity"] && zero.cart == nil)
        let negative = try await storefront.cartLinesUpdate(cartId: cart.id, lines: [CartLineUpdateInput(id: cart.lines[0].id, quantity: -1)])
        #expect(negative.userErrors.first?.code == .invalid && negative.userErrors.first?.field == ["lines", "0", "quantity"])
        #expect(negative.cart == nil)
        let huge = try await storefront.cartLinesUpdate(cartId: cart.id, lines: [CartLineUpdateInput(id: cart.lines[0].id, quantity: 10_001)])
        #expect(huge.userErrors.first?.code == .maximumExceeded && huge.cart == nil)
        #expect(try await storefront.cart(id: cart.id) == cart)
    }

    @Test func updatingAndRemovingLines() async throws {
        let cart = try await newCart([CartLineInput(merchandiseId: try Fixtures.variantId("sencha")),
                                      CartLineInput(merchandiseId: try Fixtures.variantId("red-mug"))])
        let (first, second) = (cart.lines[0].id, cart.lines[1].id)
        let updated = try #require(try await storefront.cartLinesUpdate(cartId: cart.id, lines: [
            CartLineUpdateInput(id: first, quantity: 4)]).cart)
        #expect(updated.lines.map(\.quantity) == [4, 1] && updated.cost.subtotalAmount == money("52.00"))
        let removedByZero = try #require(try await storefront.cartLinesUpdate(cartId: cart.id, lines: [
            CartLineUpdateInput(id: first, quantity: 0)]).cart)
        #expect(removedByZero.lines.map(\.id) == [second])
        let unknown = try await storefront.cartLinesUpdate(cartId: cart.id, lines: [CartLineUpdateInput(id: first, quantity: 2)])
        #expect(unknown.userErrors.first?.code == .invalidMerchandiseLine && unknown.userErrors.first?.field == ["lines", "0", "id"])
        let badRemove = try await storefront.cartLinesRemove(cartId: cart.id, lineIds: [second, "gid://shopify/CartLine/nope"])
        #expect(badRemove.userErrors.first?.code == .invalidMerchandiseLine)
        #expect(badRemove.userErrors.first?.field == ["lineIds", "1"])
        #expect(badRemove.cart == nil)
        #expect(try await storefront.cart(id: cart.id)?.lines.map(\.id) == [second], "nothing removed when one id is wrong")
        let removed = try await storefront.cartLinesRemove(cartId: cart.id, lineIds: [second])
        #expect(removed.userErrors.isEmpty && removed.cart?.lines.isEmpty == true)
        #expect(removed.cart?.cost.subtotalAmount == money("0"))
    }

    @Test func changingALinesVariantMovesItsPrice() async throws {
        let cart = try await newCart([CartLineInput(merchandiseId: try Fixtures.variantId("sencha", 0))])
        let payload = try await storefront.cartLinesUpdate(cartId: cart.id, lines: [
            CartLineUpdateInput(id: cart.lines[0].id, merchandiseId: try Fixtures.variantId("sencha", 1))])
        #expect(payload.cart?.lines.first?.merchandise.title == "100 g")
        #expect(payload.cart?.cost.totalAmount == money("17.00"))
    }

    @Test(arguments: [
        (["WELCOME10"], "50.00", "45.00", [true]),
        (["FIKA5"], "50.00", "45.00", [true]),
        (["FIKA5"], "25.00", "25.00", [false]),                 // below the minimum subtotal
        (["WELCOME10", "FIKA5"], "50.00", "40.00", [true, true]),   // both combine with order discounts
        (["SAVE15", "WELCOME10"], "50.00", "42.50", [true, false]),  // SAVE15 combines with nothing
        (["WELCOME10", "SAVE15"], "50.00", "45.00", [true, false]),  // the first code entered stays
        (["SAVE15"], "12.50", "10.62", [true]),                  // 1.875 off rounds to 1.88
        (["OLD15"], "50.00", "50.00", [false]),                  // ended
        (["NOPE"], "50.00", "50.00", [false]),
        (["welcome10"], "50.00", "45.00", [true]),               // codes are case-insensitive
    ])
    func discountCodes(codes: [String], subtotal: String, total: String, applicable: [Bool]) async throws {
        let lines: [CartLineInput]
        switch subtotal {
        case "50.00": lines = [CartLineInput(merchandiseId: try Fixtures.variantId("gift-card", 1))]
        case "25.00": lines = [CartLineInput(merchandiseId: try Fixtures.variantId("gift-card", 0))]
        default: lines = [CartLineInput(merchandiseId: try Fixtures.variantId("house-espresso", 0))]
        }
        let cart = try await newCart(lines)
        let payload = try await storefront.cartDiscountCodesUpdate(cartId: cart.id, discountCodes: codes)
        let updated = try #require(payload.cart)
        #expect(payload.userErrors.isEmpty)
        #expect(updated.cost.subtotalAmount == money(subtotal))
        #expect(updated.cost.totalAmount == money(total))
        #expect(updated.discountCodes.map(\.code) == codes)
        #expect(updated.discountCodes.map(\.applicable) == applicable)
    }

    /// Each code that does not apply comes with a warning naming it and the reason.
    @Test func refusedCodesSayWhy() async throws {
        let cart = try await newCart([CartLineInput(merchandiseId: try Fixtures.variantId("gift-card", 0))])
        let payload = try await storefront.cartDiscountCodesUpdate(cartId: cart.id, discountCodes: ["SAVE15", "FIKA5", "OLD15", "NOPE", "WELCOME10"])
        #expect(payload.cart?.discountCodes.map(\.applicable) == [true, false, false, false, false])
        #expect(payload.warnings.map(\.code) == [.discountPurchaseNotInRange, .discountCurrentlyInactive, .discountNotFound,
                                                 .discountCodeNotHonoured])
        #expect(payload.warnings.map(\.message) == ["FIKA5: needs a subtotal of €40.00", "OLD15: ended 2024-01-01",
                                                    "NOPE: unknown code", "WELCOME10: does not combine with SAVE15"])
        #expect(payload.warnings.allSatisfy { $0.target == cart.id })
    }

    /// A first-order code needs to know the customer (a guest without an email cannot prove a
    /// first order), and stops applying once that email has an order.
    @Test func aFirstOrderCodeChecksTheCustomersOrders() async throws {
        let cart = try await newCart([CartLineInput(merchandiseId: try Fixtures.variantId("gift-card", 1))])
        let guest = try await storefront.cartDiscountCodesUpdate(cartId: cart.id, discountCodes: ["FIRST10"])
        #expect(guest.cart?.discountCodes == [CartDiscountCode(code: "FIRST10", applicable: false)])
        #expect(guest.warnings.map(\.code) == [.discountEligibleCustomerMissing])
        let named = try await storefront.cartBuyerIdentityUpdate(cartId: cart.id, buyerIdentity: BuyerIdentity(email: "Ada@Example.com"))
        #expect(named.cart?.discountCodes == [CartDiscountCode(code: "FIRST10", applicable: true)])
        #expect(named.cart?.cost.totalAmount == money("45.00") && named.warnings.isEmpty)
        let euro = money("50.00")
        let other = try await newCart([CartLineInput(merchandiseId: try Fixtures.variantId("gift-card", 1))])
        _ = try await storefront.placeOrder(CheckoutCompletion(checkoutSessionId: "s-1", cartId: other.id, email: "ada@example.com", payment: PaymentToken(vaultToken: "vault-test", brand: "Visa", lastFourDigits: "4242")))
        let again = try await storefront.cartDiscountCodesUpdate(cartId: cart.id, discountCodes: ["FIRST10"])
        #expect(again.cart?.discountCodes == [CartDiscountCode(code: "FIRST10", applicable: false)])
        #expect(again.warnings.map(\.message) == ["FIRST10: first order only, and you have ordered before"])
    }

    @Test func discountCodesAreReplacedAndFollowTheSubtotal() async throws {
        let cart = try await newCart([CartLineInput(merchandiseId: try Fixtures.variantId("gift-card", 0))])
        var updated = try #require(try await storefront.cartDiscountCodesUpdate(cartId: cart.id, discountCodes: ["FIKA5", " ", "fika5"]).cart)
        #expect(updated.discountCodes == [CartDiscountCode(code: "FIKA5", applicable: false)])
        updated = try #require(try await storefront.cartLinesAdd(cartId: cart.id, lines: [
            CartLineInput(merchandiseId: try Fixtures.variantId("gift-card", 0))]).cart)
        #expect(updated.discountCodes == [CartDiscountCode(code: "FIKA5", applicable: true)])
        #expect(updated.cost.totalAmount == money("45.00"))
        updated = try #require(try await storefront.cartDiscountCodesUpdate(cartId: cart.id, discountCodes: []).cart)
        #expect(updated.discountCodes.isEmpty && updated.cost.totalAmount == money("50.00"))
    }

    @Test func buyerIdentityAndNote() async throws {
        let cart = try await newCart()
        let identity = try await storefront.cartBuyerIdentityUpdate(cartId: cart.id, buyerIdentity: BuyerIdentity(
            email: "ada@example.com", countryCode: "NL"))
        #expect(identity.cart?.buyerIdentity.email == "ada@example.com")
        let bad = try await storefront.cartBuyerIdentityUpdate(cartId: cart.id, buyerIdentity: BuyerIdentity(email: "not-an-email"))
        #expect(bad.userErrors.first?.field == ["buyerIdentity", "email"])
        #expect(bad.cart == nil)
        #expect(try await storefront.cart(id: cart.id)?.buyerIdentity.email == "ada@example.com")
        let note = try await storefront.cartNoteUpdate(cartId: cart.id, note: "Gift wrap\u{1B}[2J please")
        #expect(note.cart?.note == "Gift wrap please")
        let long = try await storefront.cartNoteUpdate(cartId: cart.id, note: String(repeating: "x", count: 5_001))
        #expect(long.userErrors.first?.code == .noteTooLong && long.cart == nil)
        #expect(try await storefront.cart(id: cart.id)?.note == "Gift wrap please")
    }

    @Test func unknownCartsAndWrongKeys() async throws {
        let cart = try await newCart()
        let (token, _) = try #require(StoredCart.parse(id: cart.id))
        #expect(try await storefront.cart(id: "gid://shopify/Cart/\(token)?key=wrong") == nil)
        #expect(try await storefront.cart(id: "gid://shopify/Cart/nope?key=x") == nil)
        #expect(try await storefront.cart(id: "garbage") == nil)
        let payload = try await storefront.cartLinesAdd(cartId: "gid://shopify/Cart/nope?key=x",
                                                       lines: [CartLineInput(merchandiseId: try Fixtures.variantId("sencha"))])
        #expect(payload.cart == nil)
        #expect(payload.userErrors == [CartUserError(code: .invalid, field: ["cartId"], message: "The specified cart does not exist.")])
    }

    @Test func cartsExpireAfterTenDaysWithoutActivity() async throws {
        let cart = try await newCart([CartLineInput(merchandiseId: try Fixtures.variantId("sencha"))])
        await clock.advance(by: .days(9))
        _ = try await storefront.cartNoteUpdate(cartId: cart.id, note: "still here")
        await clock.advance(by: .days(9))
        #expect(try await storefront.cart(id: cart.id) != nil, "activity resets the clock")
        #expect(try await storefront.checkoutState(cartId: cart.id) == .open)
        await clock.advance(by: .days(1))
        #expect(try await storefront.cart(id: cart.id) == nil)
        #expect(try await storefront.checkoutState(cartId: cart.id) == .expired)
        let payload = try await storefront.cartNoteUpdate(cartId: cart.id, note: "too late")
        #expect(payload.cart == nil && payload.userErrors.first?.field == ["cartId"])
    }

    @Test func textFromBuyersIsSanitised() async throws {
        let cart = try await newCart()
        let payload = try await storefront.cartLinesAdd(cartId: cart.id, lines: [CartLineInput(
            merchandiseId: try Fixtures.variantId("red-mug"), attributes: [Attribute(key: "engraving\u{1B}]52;c;eA==\u{07}", value: "A\u{202E}B")])])
        #expect(payload.cart?.lines.first?.attributes == [Attribute(key: "engraving", value: "AB")])
    }
}

/// Quantities and free text from outside are bounded as the Storefront API bounds them, and
/// answered with its user errors; nothing traps and nothing is kept.
@Suite struct CartBoundsTests {
    let storefront: EmbeddedStorefront

    init() throws { storefront = try EmbeddedStorefront.fixture(directory: TemporaryDirectory(), clock: TestClock()) }

    @Test func aLineHoldsOneToTenThousandUnits() async throws {
        let mug = try Fixtures.variantId("red-mug")
        let cart = try #require(try await storefront.cartCreate(CartInput(lines: [CartLineInput(merchandiseId: mug)])).cart)
        for quantity in [Int.max, 10_001] {
            let payload = try await storefront.cartLinesAdd(cartId: cart.id, lines: [CartLineInput(merchandiseId: mug, quantity: quantity)])
            #expect(payload.cart == nil && payload.userErrors.map(\.code) == [.maximumExceeded], "\(quantity)")
        }
        let twice = try await storefront.cartCreate(CartInput(lines: [CartLineInput(merchandiseId: mug, quantity: Int.max),
                                                                      CartLineInput(merchandiseId: mug, quantity: Int.max)]))
        #expect(twice.cart == nil && !twice.userErrors.isEmpty)
        let product = try #require(try await storefront.product(handle: "red-mug"))
        #expect(product.variants.first?.availableForSale == true, "nothing was taken off the shelf")
        #expect(try await storefront.cart(id: cart.id)?.lines.map(\.quantity) == [1])
    }

    @Test func attributesAreBoundedInCountAndBytes() async throws {
        let huge = String(repeating: "x", count: 900_000)
        let created = try await storefront.cartCreate(CartInput(attributes: [Attribute(key: "gift", value: huge)]))
        #expect(created.cart == nil && created.userErrors.map(\.code) == [.invalid])
        #expect(created.userErrors.first?.message == "An attribute's value is at most 5000 bytes (900000 given).")
        let longKey = try await storefront.cartCreate(CartInput(attributes: [Attribute(key: String(repeating: "k", count: 256), value: "v")]))
        #expect(longKey.cart == nil && longKey.userErrors.first?.field == ["attributes", "0", "key"])
        let many = (0..<251).map { Attribute(key: "k\($0)", value: "v") }
        #expect(try await storefront.cartCreate(CartInput(attributes: many)).userErrors.map(\.code) == [.maximumExceeded])
        // Within each bound, but too much for one cart together.
        let full = (0..<20).map { Attribute(key: "k\($0)", value: String(repeating: "v", count: 5_000)) }
        let tooLarge = try await storefront.cartCreate(CartInput(attributes: full))
        #expect(tooLarge.cart == nil && tooLarge.userErrors.map(\.code) == [.cartTooLarge])
        let cart = try #require(try await storefront.cartCreate(CartInput(attributes: Array(full.prefix(10)))).cart)
        let line = try await storefront.cartLinesAdd(cartId: cart.id, lines: [CartLineInput(
            merchandiseId: try Fixtures.variantId("red-mug"), attributes: [Attribute(key: "engraving", value: huge)])])
        #expect(line.cart == nil && line.userErrors.first?.field == ["lines", "0", "attributes", "0", "value"])
    }

    @Test func discountCodesAndEveryOtherTextAreBounded() async throws {
        let cart = try #require(try await storefront.cartCreate(CartInput()).cart)
        let long = try await storefront.cartDiscountCodesUpdate(cartId: cart.id, discountCodes: [String(repeating: "C", count: 256)])
        #expect(long.cart == nil && long.userErrors.first?.field == ["discountCodes", "0"])
        let many = try await storefront.cartDiscountCodesUpdate(cartId: cart.id, discountCodes: (0...250).map { "CODE\($0)" })
        #expect(many.cart == nil && many.userErrors.map(\.code) == [.maximumExceeded])
        // An address field is bounded (255 bytes) and named; nothing of it is kept.
        let street = String(repeating: "Keizersgracht ", count: 20_000)
        let address = MailingAddress(lastName: "Lovelace", address1: street, city: "Amsterdam", countryCode: "NL", postalCode: "1015 CJ")
        let huge = try await storefront.cartDeliveryAddressesAdd(cartId: cart.id, addresses: [CartSelectableAddressInput(address: address)])
        #expect(huge.cart == nil && huge.userErrors.map(\.code) == [.addressFieldIsTooLong])
        #expect(try await storefront.cart(id: cart.id)?.deliveryAddresses.isEmpty == true, "nothing was kept")
    }

    @Test func amountsInTwoCurrenciesAreAnErrorNotATrap() throws {
        let euro = Money(amount: 87, currencyCode: "EUR")
        #expect(throws: StorefrontError.self) {
            _ = try CheckoutTotals(subtotal: euro, discounts: .zero("EUR"), shipping: Money(amount: 5, currencyCode: "USD"),
                                   shopCountry: "NL", taxCountry: "NL", addressKnown: true)
        }
        #expect(throws: StorefrontError.self) {
            _ = try CheckoutTotals(subtotal: euro, discounts: Money(amount: 1, currencyCode: "USD"), shipping: nil,
                                   shopCountry: "NL", taxCountry: "NL", addressKnown: true)
        }
        let totals = try CheckoutTotals(subtotal: euro, discounts: .zero("EUR"), shipping: Money(amount: 5.9, currencyCode: "EUR"),
                                        shopCountry: "NL", taxCountry: "NL", addressKnown: true)
        #expect(totals.total == Money(amount: 92.9, currencyCode: "EUR"))
    }
}
