import Clocks
import Foundation
import Testing
@testable import Storefront

/// `buyerIdentity.preferences` kept with the cart, and delivery addresses copied from the
/// signed-in customer's (`copyFromCustomerAddressId`).
@Suite struct CartPreferencesTests {
    let clock = TestClock()
    let directory = TemporaryDirectory()
    let storefront: EmbeddedStorefront

    init() async throws {
        storefront = try EmbeddedStorefront.fixture(directory: directory, clock: clock)
        await storefront.setCustomerDirectory(CustomerCartTests.Directory())
    }

    func line() throws -> [CartLineInput] { [CartLineInput(merchandiseId: try Fixtures.variantId("sencha"))] }

    static let preferences = CartPreferences(
        delivery: CartDeliveryPreference(coordinates: CartDeliveryCoordinates(countryCode: "NL", latitude: 52.37, longitude: 4.89),
                                         deliveryMethod: ["PICK_UP"], pickupHandle: ["amsterdam", " "]),
        wallet: ["shop_pay"])

    @Test func preferencesAreKeptWithTheCart() async throws {
        let payload = try await storefront.cartCreate(CartInput(lines: try line(), buyerIdentity: BuyerIdentity(preferences: Self.preferences)))
        let cart = try #require(payload.cart)
        #expect(cart.buyerIdentity.preferences?.delivery?.pickupHandle == ["amsterdam"], "blank handles dropped")
        #expect(cart.buyerIdentity.preferences?.wallet == ["shop_pay"] && cart.buyerIdentity.preferences?.delivery?.coordinates?.latitude == 52.37)
        #expect(try await EmbeddedStorefront.fixture(directory: directory, clock: clock).cart(id: cart.id)?.buyerIdentity.preferences
                == cart.buyerIdentity.preferences, "kept on disk")

        var wrong = Self.preferences
        wrong.wallet = ["apple_pay"]
        wrong.delivery?.coordinates?.latitude = 95
        let refused = try await storefront.cartBuyerIdentityUpdate(cartId: cart.id, buyerIdentity: BuyerIdentity(preferences: wrong))
        #expect(refused.cart == nil)
        #expect(refused.userErrors.map(\.field) == [["buyerIdentity", "preferences", "wallet", "0"], ["buyerIdentity", "preferences", "delivery", "coordinates"]])
        #expect(try await storefront.cart(id: cart.id) == cart)
    }

    @Test func aCustomersAddressIsCopiedByItsId() async throws {
        let saved = try #require(CustomerCartTests.Directory.customer.defaultAddress?.sanitized())
        let copy = CartSelectableAddressInput(copyFromCustomerAddressId: saved.stableId, selected: true)
        var address = saved
        address.countryCode = "NL"   // the account server wrote "nl"
        let payload = try await storefront.cartCreate(CartInput(lines: try line(),
            buyerIdentity: BuyerIdentity(customerAccessToken: CustomerCartTests.Directory.token), deliveryAddresses: [copy]))
        #expect(payload.userErrors.isEmpty)
        let cart = try #require(payload.cart)
        #expect(cart.deliveryAddresses.map(\.address) == [address] && cart.deliveryAddresses.first?.selected == true)
        #expect(cart.deliveryGroups.first?.deliveryAddress == address)

        let unknown = try await storefront.cartDeliveryAddressesAdd(cartId: cart.id, addresses: [
            CartSelectableAddressInput(copyFromCustomerAddressId: "gid://shopify/MailingAddress/1")])
        #expect(unknown.cart == nil && unknown.userErrors.map(\.code) == [.invalidDeliveryAddressId])
        #expect(unknown.userErrors.first?.field == ["addresses", "0", "address", "copyFromCustomerAddressId"])
        let both = try await storefront.cartDeliveryAddressesAdd(cartId: cart.id, addresses: [
            CartSelectableAddressInput(address: address, copyFromCustomerAddressId: saved.stableId)])
        #expect(both.cart == nil && both.userErrors.map(\.code) == [.invalid])

        // A guest cart has no customer to copy from.
        let guest = try #require(try await storefront.cartCreate(CartInput(lines: try line())).cart)
        let refused = try await storefront.cartDeliveryAddressesAdd(cartId: guest.id, addresses: [copy])
        #expect(refused.cart == nil && refused.userErrors.map(\.code) == [.missingCustomerAccessToken])
        let updated = try await storefront.cartDeliveryAddressesUpdate(cartId: cart.id, addresses: [
            CartSelectableAddressInput(id: cart.deliveryAddresses[0].id, copyFromCustomerAddressId: saved.stableId, oneTimeUse: true)])
        #expect(updated.cart?.deliveryAddresses.first?.oneTimeUse == true && updated.cart?.deliveryAddresses.first?.address == address)
    }
}
