import Clocks
import Foundation
import Testing
@testable import Storefront

/// Gift cards from the catalog applied to carts in the embedded store.
@Suite struct CartGiftCardTests {
    let clock = TestClock()
    let directory = TemporaryDirectory()
    let storefront: EmbeddedStorefront

    init() throws { storefront = try EmbeddedStorefront.fixture(directory: directory, clock: clock) }

    func money(_ amount: String) -> Money { Money(amount, currencyCode: "EUR")! }

    func newCart() async throws -> Cart {
        let sencha = try Fixtures.variantId("sencha", 1)   // 17.00
        return try #require(try await storefront.cartCreate(CartInput(lines: [CartLineInput(merchandiseId: sencha, quantity: 2)])).cart)
    }

    @Test func giftCardsPayTheTotalAfterDiscountsUpToTheirBalance() async throws {
        let cart = try await newCart()
        _ = try await storefront.cartDiscountCodesUpdate(cartId: cart.id, discountCodes: ["SAVE15"])   // 34.00 - 5.10
        var payload = try await storefront.cartGiftCardCodesAdd(cartId: cart.id, giftCardCodes: ["gift aaaa 1111"])
        #expect(payload.userErrors.isEmpty)
        var priced = try #require(payload.cart)
        #expect(priced.cost.totalAmount == money("28.90"))
        #expect(priced.appliedGiftCards.map(\.lastCharacters) == ["1111"])
        #expect(priced.appliedGiftCards.first?.amountUsed == money("20.00") && priced.appliedGiftCards.first?.balance == money("0"))
        #expect(priced.cost.checkoutChargeAmount == priced.cost.subtotalAmount, "the subtotal: nothing is paid later")

        payload = try await storefront.cartGiftCardCodesAdd(cartId: cart.id, giftCardCodes: ["GIFT-BBBB-2222", "GIFT-AAAA-1111"])
        priced = try #require(payload.cart)
        #expect(priced.appliedGiftCards.count == 2, "a card applied twice counts once")
        #expect(priced.appliedGiftCards.map(\.amountUsed) == [money("20.00"), money("8.90")])
        #expect(priced.appliedGiftCards[1].balance == money("41.10") && priced.cost.totalAmount == money("28.90"))

        payload = try await storefront.cartGiftCardCodesRemove(cartId: cart.id, appliedGiftCardIds: [priced.appliedGiftCards[0].id])
        priced = try #require(payload.cart)
        #expect(priced.appliedGiftCards.map(\.lastCharacters) == ["2222"] && priced.appliedGiftCards[0].amountUsed == money("28.90"))

        payload = try await storefront.cartGiftCardCodesUpdate(cartId: cart.id, giftCardCodes: [])
        #expect(payload.cart?.appliedGiftCards.isEmpty == true && payload.cart?.cost.totalAmount == money("28.90"))
    }

    /// An order spends what the cart's gift cards pay of its total (shipping too); the balance
    /// left is what later carts see, after a restart as well.
    @Test func anOrderSpendsTheGiftCardsItUses() async throws {
        let cart = try await newCart()   // 34.00
        _ = try await storefront.cartGiftCardCodesAdd(cartId: cart.id, giftCardCodes: ["GIFT-AAAA-1111", "gift-bbbb-2222"])
        // The shop charges standard delivery at home: 34.00 and 5.90 is 39.90, all of it paid by the cards.
        let draft = CheckoutCompletion(checkoutSessionId: "s1", cartId: cart.id, email: nil, payment: PaymentToken(vaultToken: "vault-test", brand: "Visa", lastFourDigits: "4242"))
        let order = try await storefront.placeOrder(draft)
        #expect(order.giftCardPayments?.map(\.amount) == [money("20.00"), money("19.90")])
        #expect(order.draft.total == money("39.90") && order.draft.shipping == money("5.90"))
        #expect(order.draft.payment?.amount == money("0"))

        let refused = try await storefront.cartCreate(CartInput(giftCardCodes: ["GIFT-AAAA-1111"]))
        #expect(refused.cart == nil && refused.userErrors.first?.message == "The gift card ending in 1111 has no balance left.")
        for store in [storefront, try EmbeddedStorefront.fixture(directory: directory, clock: clock)] {
            let later = try await store.cartCreate(CartInput(lines: [CartLineInput(merchandiseId: try Fixtures.variantId("sencha", 1))],
                                                             giftCardCodes: ["GIFT-BBBB-2222"]))
            let card = try #require(later.cart?.appliedGiftCards.first)
            #expect(card.amountUsed == money("17.00") && card.balance == money("13.10"), "50 less the 19.90 the order took")
        }
    }

    @Test func unknownAndEmptyCardsAreRefusedAndChangeNothing() async throws {
        let cart = try await newCart()
        var payload = try await storefront.cartGiftCardCodesAdd(cartId: cart.id, giftCardCodes: ["GIFT-AAAA-1111", "NOPE-1234"])
        #expect(payload.cart == nil)
        #expect(payload.userErrors == [CartUserError(code: .invalid, field: ["giftCardCodes", "1"], message: "The gift card code is not valid.")])
        payload = try await storefront.cartGiftCardCodesUpdate(cartId: cart.id, giftCardCodes: ["GIFT-EMPTY-0000"])
        #expect(payload.cart == nil && payload.userErrors.first?.message == "The gift card ending in 0000 has no balance left.")
        payload = try await storefront.cartGiftCardCodesRemove(cartId: cart.id, appliedGiftCardIds: ["gid://shopify/AppliedGiftCard/1"])
        #expect(payload.cart == nil && payload.userErrors.first?.field == ["appliedGiftCardIds", "0"])
        #expect(try await storefront.cart(id: cart.id) == cart)
    }

    @Test func theCatalogRefusesAGiftCardWithoutABalance() throws {
        let json = Fixtures.catalogJSON.replacingOccurrences(of: #"{"code": "GIFT-AAAA-1111", "balance": "20.00"}"#,
                                                             with: #"{"code": "GIFT-AAAA-1111"}"#)
        #expect(json != Fixtures.catalogJSON)
        #expect(throws: StorefrontError.self) { try CatalogLoader.load(data: Data(json.utf8)) }
    }

    /// Not a gift card, but paid the same way: each applicable code's share of the reduction.
    @Test func discountAllocationsGiveEachCodesShare() async throws {
        let sencha = try Fixtures.variantId("sencha", 1)   // 17.00
        let cart = try #require(try await storefront.cartCreate(CartInput(lines: [CartLineInput(merchandiseId: sencha, quantity: 3)],
                                                                          discountCodes: ["welcome10", "FIKA5", "OLD15"])).cart)
        #expect(CodeDiscountAllocation.shares(of: cart, in: storefront.catalog) == [CodeDiscountAllocation(code: "welcome10", discountedAmount: money("5.10"), percentage: 10),
                                       CodeDiscountAllocation(code: "FIKA5", discountedAmount: money("5.00"), fixedAmount: money("5.00"))])
        #expect(cart.cost.totalAmount == money("40.90"), "the shares add up to the reduction; a lapsed code has none")
    }
}
