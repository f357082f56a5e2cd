import Storefront
import XCTest
@testable import CheckoutSheet

/// A cart whose buyer identity carries a customer opens a checkout with the customer's email and
/// default address already filled in.
final class CustomerPrefillTests: XCTestCase {
    static let customer = Customer(
        id: "gid://shopify/Customer/7001", email: "ada@example.com", firstName: "Ada", lastName: "Lovelace",
        defaultAddress: MailingAddress(firstName: "Ada", lastName: "Lovelace", address1: "Keizersgracht 123",
                                       city: "Amsterdam", zoneCode: "NH", countryCode: "NL", postalCode: "1015 CJ",
                                       phone: "+31 20 555 0199"))

    func harness() -> SheetHarness {
        var cart = Fixtures.cart(email: "ada@example.com", country: "NL")
        cart.buyerIdentity.customerAccessToken = "shcat_test"
        cart.buyerIdentity.customer = Self.customer
        return SheetHarness(backend: InMemoryCheckoutBackend(carts: [cart]))
    }

    func testContactAndDeliveryArePrefilledFromTheCustomer() async throws {
        let h = harness()
        await h.present()
        let contact = try await h.requirePage()
        XCTAssertEqual(contact.fields.map(\.displayValue), ["ada@example.com"])
        await h.send(.submit)
        let delivery = try await h.requirePage()
        XCTAssertEqual(delivery.step, .delivery)
        let values = Dictionary(uniqueKeysWithValues: delivery.fields.map { ($0.id, $0.displayValue) })
        XCTAssertEqual(values, ["countryCode": "NL", "firstName": "Ada", "lastName": "Lovelace", "address1": "Keizersgracht 123",
                                "address2": "", "city": "Amsterdam", "zoneCode": "NH", "postalCode": "1015 CJ",
                                "phone": "+31 20 555 0199"])
        // The postal code's example is the chosen country's, not a US ZIP code.
        XCTAssertEqual(delivery.fields.first { $0.id == "postalCode" }?.placeholder, "1012 AB")
        // Nothing left to type: the address is accepted as it is.
        await h.send(.submit)
        let shipping = try await h.requirePage()
        XCTAssertEqual(shipping.step, .shipping)
    }

    func testWithoutACustomerDeliveryStartsEmpty() async throws {
        let h = SheetHarness()
        await h.present()
        await h.send(.submit)
        let delivery = try await h.requirePage()
        XCTAssertEqual(delivery.fields.first { $0.id == "address1" }?.displayValue, "")
        XCTAssertEqual(delivery.fields.first { $0.id == "postalCode" }?.placeholder, "10001", "a US example for a US cart")
    }
}
