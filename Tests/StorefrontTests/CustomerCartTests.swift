import Clocks
import Foundation
import Testing
@testable import Storefront

/// Carts that carry a customer: the token resolves to the customer, who fills the buyer identity;
/// a bad token is a user error; logging out deletes the customer's carts.
@Suite struct CustomerCartTests {
    /// Knows one token.
    struct Directory: CustomerDirectory {
        static let token = "shcat_valid"
        static let customer = Customer(id: "gid://shopify/Customer/1", email: "ada@example.com", firstName: "Ada",
                                       lastName: "Lovelace\u{1B}[31m", phone: "+31205550199",
                                       defaultAddress: MailingAddress(address1: "Keizersgracht 123", city: "Amsterdam",
                                                                      countryCode: "nl", postalCode: "1015 CJ"))
        func customer(accessToken: String) async throws -> Customer? { accessToken == Self.token ? Self.customer : nil }
    }

    let clock = TestClock()
    let directory = TemporaryDirectory()
    let storefront: EmbeddedStorefront

    init() async throws {
        storefront = try EmbeddedStorefront.fixture(directory: directory, clock: clock)
        await storefront.setCustomerDirectory(Directory())
    }

    func line() throws -> [CartLineInput] { [CartLineInput(merchandiseId: try Fixtures.variantId("sencha"))] }

    @Test func aTokenFillsTheBuyerIdentityWithTheCustomer() async throws {
        let payload = try await storefront.cartCreate(CartInput(lines: try line(),
                                                                buyerIdentity: BuyerIdentity(customerAccessToken: Directory.token)))
        #expect(payload.userErrors.isEmpty)
        let identity = try #require(payload.cart?.buyerIdentity)
        #expect(identity.customer?.id == "gid://shopify/Customer/1")
        #expect(identity.customer?.lastName == "Lovelace")   // sanitised on the way in
        #expect(identity.email == "ada@example.com" && identity.phone == "+31205550199" && identity.countryCode == "NL")
        #expect(identity.customer?.defaultAddress?.address1 == "Keizersgracht 123")
        // Read back, from disk too.
        #expect(try await storefront.cart(id: try #require(payload.cart?.id)) == payload.cart)
        let reopened = try EmbeddedStorefront.fixture(directory: directory, clock: clock)
        #expect(try await reopened.cart(id: try #require(payload.cart?.id))?.buyerIdentity.customer == identity.customer)
    }

    @Test func whatTheBuyerGaveWinsOverTheCustomer() async throws {
        let payload = try await storefront.cartCreate(CartInput(buyerIdentity: BuyerIdentity(
            email: "other@example.com", countryCode: "DE", customerAccessToken: Directory.token)))
        #expect(payload.cart?.buyerIdentity.email == "other@example.com")
        #expect(payload.cart?.buyerIdentity.countryCode == "DE")
    }

    @Test func anUnknownTokenIsAUserErrorAndCreatesNothing() async throws {
        let payload = try await storefront.cartCreate(CartInput(lines: try line(),
                                                                buyerIdentity: BuyerIdentity(customerAccessToken: "shcat_forged")))
        #expect(payload.cart == nil)
        #expect(payload.userErrors.map(\.field) == [["buyerIdentity", "customerAccessToken"]])
    }

    @Test func aCustomerCannotBeSetWithoutAToken() async throws {
        let payload = try await storefront.cartCreate(CartInput(buyerIdentity: BuyerIdentity(customer: Directory.customer)))
        #expect(payload.cart?.buyerIdentity.customer == nil)
    }

    @Test func withoutADirectoryTokensAreRefused() async throws {
        await storefront.setCustomerDirectory(nil)
        let payload = try await storefront.cartCreate(CartInput(buyerIdentity: BuyerIdentity(customerAccessToken: Directory.token)))
        #expect(payload.cart == nil && payload.userErrors.count == 1)
    }

    @Test func updatingTheIdentityAttachesAndDropsTheCustomerAndKeepsTheLines() async throws {
        let cart = try #require(try await storefront.cartCreate(CartInput(lines: try line())).cart)
        let attached = try await storefront.cartBuyerIdentityUpdate(cartId: cart.id,
                                                                    buyerIdentity: BuyerIdentity(customerAccessToken: Directory.token))
        #expect(attached.userErrors.isEmpty && attached.cart?.buyerIdentity.customer?.email == "ada@example.com")
        // The session ended: the token goes, the cart and its lines stay.
        var identity = try #require(attached.cart?.buyerIdentity)
        identity.customerAccessToken = nil
        let dropped = try await storefront.cartBuyerIdentityUpdate(cartId: cart.id, buyerIdentity: identity)
        #expect(dropped.userErrors.isEmpty)
        #expect(dropped.cart?.buyerIdentity.customer == nil && dropped.cart?.buyerIdentity.customerAccessToken == nil)
        #expect(dropped.cart?.lines == cart.lines)

        let refused = try await storefront.cartBuyerIdentityUpdate(cartId: cart.id, buyerIdentity: BuyerIdentity(customerAccessToken: "x"))
        #expect(refused.userErrors.count == 1 && refused.cart == nil)
        #expect(try await storefront.cart(id: cart.id)?.lines == cart.lines)
    }

    @Test func loggingOutDeletesTheCustomersCartsOnly() async throws {
        let anonymous = try #require(try await storefront.cartCreate(CartInput(lines: try line())).cart)
        let signedIn = try #require(try await storefront.cartCreate(CartInput(
            lines: try line(), buyerIdentity: BuyerIdentity(customerAccessToken: Directory.token))).cart)
        try await storefront.setCurrentCartId(signedIn.id)
        #expect(try await storefront.removeAuthenticatedCarts() == 1)
        #expect(try await storefront.cart(id: signedIn.id) == nil)
        #expect(try await storefront.cart(id: anonymous.id) != nil)
        #expect(await storefront.currentCartId() == nil)
        let reopened = try EmbeddedStorefront.fixture(directory: directory, clock: clock)
        #expect(try await reopened.cart(id: signedIn.id) == nil)
        #expect(try await storefront.removeAuthenticatedCarts() == 0)
    }

    @Test func loggingOutWhereNothingCanBeWrittenSaysTheCartsAreStillOnDisk() async throws {
        let signedIn = try #require(try await storefront.cartCreate(CartInput(
            lines: try line(), buyerIdentity: BuyerIdentity(customerAccessToken: Directory.token))).cart)
        // The directory goes: writing now fails (its path is a file).
        try FileManager.default.removeItem(at: directory.url)
        try Data("x".utf8).write(to: directory.url)
        await #expect {
            try await storefront.removeAuthenticatedCarts()
        } throws: { error in
            guard case StorefrontError.storage(let message) = error else { return false }
            return message.contains("still on disk")
        }
        #expect(try await storefront.cart(id: signedIn.id) == nil, "gone from this session")
    }
}
