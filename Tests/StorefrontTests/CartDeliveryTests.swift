import Clocks
import Foundation
import Testing
@testable import Storefront

/// Cart attributes, delivery addresses, delivery groups and options in the embedded store.
@Suite struct CartDeliveryTests {
    let clock = TestClock()
    let directory = TemporaryDirectory()
    let storefront: EmbeddedStorefront

    init() throws { storefront = try EmbeddedStorefront.fixture(directory: directory, clock: clock) }

    func newCart(lines: Bool = true) async throws -> Cart {
        let input = lines ? [CartLineInput(merchandiseId: try Fixtures.variantId("sencha"), quantity: 2)] : []
        return try #require(try await storefront.cartCreate(CartInput(lines: input)).cart)
    }

    static let amsterdam = MailingAddress(firstName: "Ada", lastName: "Lovelace", address1: "Keizersgracht 1", city: "Amsterdam",
                                          countryCode: "NL", postalCode: "1015 CJ", company: "Analytical")
    static let london = MailingAddress(lastName: "Babbage", address1: "1 Dorset St", city: "London", countryCode: "GB", postalCode: "W1U 4EG")

    @Test func attributesAreReplacedAndRefusedWithoutAKey() async throws {
        let cart = try await newCart()
        var payload = try await storefront.cartAttributesUpdate(cartId: cart.id, attributes: [
            Attribute(key: "gift", value: "yes"), Attribute(key: "wrap", value: "blue")])
        #expect(payload.userErrors.isEmpty)
        #expect(payload.cart?.attributes == [Attribute(key: "gift", value: "yes"), Attribute(key: "wrap", value: "blue")])
        payload = try await storefront.cartAttributesUpdate(cartId: cart.id, attributes: [Attribute(key: "gift", value: "no")])
        #expect(payload.cart?.attributes == [Attribute(key: "gift", value: "no")], "the list replaces the old one")

        payload = try await storefront.cartAttributesUpdate(cartId: cart.id, attributes: [Attribute(key: " ", value: "x")])
        #expect(payload.cart == nil)
        #expect(payload.userErrors == [CartUserError(code: .invalid, field: ["attributes", "0", "key"], message: "An attribute needs a key.")])
        let many = (0...CartRules.maximumAttributes).map { Attribute(key: "k\($0)", value: nil) }
        payload = try await storefront.cartAttributesUpdate(cartId: cart.id, attributes: many)
        #expect(payload.cart == nil && payload.userErrors.first?.code == .maximumExceeded)
        #expect(try await storefront.cart(id: cart.id)?.attributes == [Attribute(key: "gift", value: "no")], "refused input changes nothing")
    }

    @Test func addressesAddSelectUpdateRemoveAndReplace() async throws {
        let cart = try await newCart()
        var payload = try await storefront.cartDeliveryAddressesAdd(cartId: cart.id, addresses: [
            CartSelectableAddressInput(address: Self.amsterdam, selected: true),
            CartSelectableAddressInput(address: Self.london, oneTimeUse: true)])
        #expect(payload.userErrors.isEmpty)
        var addresses = try #require(payload.cart?.deliveryAddresses)
        #expect(addresses.map(\.address) == [Self.amsterdam, Self.london])
        #expect(addresses.map(\.selected) == [true, false] && addresses.map(\.oneTimeUse) == [false, true])
        #expect(Set(addresses.map(\.id)).count == 2 && addresses.allSatisfy { $0.id.hasPrefix("gid://shopify/CartSelectableAddress/") })

        // Selecting the second unselects the first: one address at a time.
        payload = try await storefront.cartDeliveryAddressesUpdate(cartId: cart.id, addresses: [
            CartSelectableAddressInput(id: addresses[1].id, selected: true)])
        addresses = try #require(payload.cart?.deliveryAddresses)
        #expect(addresses.map(\.selected) == [false, true])

        payload = try await storefront.cartDeliveryAddressesRemove(cartId: cart.id, addressIds: [addresses[0].id])
        #expect(payload.cart?.deliveryAddresses.map(\.address) == [Self.london])

        payload = try await storefront.cartDeliveryAddressesReplace(cartId: cart.id, addresses: [
            CartSelectableAddressInput(address: Self.amsterdam)])
        let replaced = try #require(payload.cart?.deliveryAddresses)
        #expect(replaced.map(\.address) == [Self.amsterdam] && replaced[0].id != addresses[0].id, "new addresses get new ids")
    }

    @Test func invalidAddressesAnswerNoCartAndChangeNothing() async throws {
        let cart = try await newCart()
        var payload = try await storefront.cartDeliveryAddressesAdd(cartId: cart.id, addresses: [
            CartSelectableAddressInput(address: MailingAddress(city: "Nowhere"))])
        #expect(payload.cart == nil)
        #expect(payload.userErrors.map(\.code) == [.addressFieldIsRequired])
        #expect(payload.userErrors.first?.field == ["addresses", "0", "address", "deliveryAddress", "countryCode"])

        payload = try await storefront.cartDeliveryAddressesAdd(cartId: cart.id, addresses: [
            CartSelectableAddressInput(address: MailingAddress(countryCode: "NL"), strict: true)])
        #expect(payload.cart == nil)
        #expect(payload.userErrors.compactMap { $0.field?.last } == ["address1", "city", "zip", "lastName"], "STRICT wants a whole address")

        payload = try await storefront.cartDeliveryAddressesAdd(cartId: cart.id, addresses: [
            CartSelectableAddressInput(address: Self.amsterdam, selected: true), CartSelectableAddressInput(address: Self.london, selected: true)])
        #expect(payload.cart == nil && payload.userErrors.map(\.code) == [.onlyOneDeliveryAddressCanBeSelected])

        let tooMany = (0...CartRules.maximumDeliveryAddresses).map { _ in CartSelectableAddressInput(address: Self.london) }
        payload = try await storefront.cartDeliveryAddressesAdd(cartId: cart.id, addresses: tooMany)
        #expect(payload.cart == nil && payload.userErrors.map(\.code) == [.tooManyDeliveryAddresses])

        payload = try await storefront.cartDeliveryAddressesRemove(cartId: cart.id, addressIds: ["gid://shopify/CartSelectableAddress/9"])
        #expect(payload.cart == nil && payload.userErrors.map(\.code) == [.invalidDeliveryAddressId])
        payload = try await storefront.cartDeliveryAddressesUpdate(cartId: cart.id, addresses: [CartSelectableAddressInput(id: "nope", selected: true)])
        #expect(payload.cart == nil && payload.userErrors.first?.field == ["addresses", "0", "id"])
        #expect(try await storefront.cart(id: cart.id) == cart)
    }

    @Test func theSelectedAddressMakesADeliveryGroupWhoseOptionCanBePicked() async throws {
        let cart = try await newCart()
        #expect(cart.deliveryGroups.isEmpty, "no address yet")
        var payload = try await storefront.cartDeliveryAddressesAdd(cartId: cart.id, addresses: [
            CartSelectableAddressInput(address: Self.london), CartSelectableAddressInput(address: Self.amsterdam, selected: true)])
        let group = try #require(payload.cart?.deliveryGroups.first)
        #expect(payload.cart?.deliveryGroups.count == 1)
        #expect(group.deliveryAddress == Self.amsterdam && group.lineIds == cart.lines.map(\.id))
        #expect(group.selectedDeliveryOption?.handle == "standard", "a group starts with the default option selected")
        #expect(group.deliveryOptions.map(\.handle) == ["standard", "express", "pickup"])
        #expect(group.deliveryOptions.map(\.estimatedCost) == [Money("5.90", currencyCode: "EUR")!, Money("14.90", currencyCode: "EUR")!,
                                                                 Money("0", currencyCode: "EUR")!])

        payload = try await storefront.cartSelectedDeliveryOptionsUpdate(cartId: cart.id, options: [
            CartSelectedDeliveryOptionInput(deliveryGroupId: group.id, deliveryOptionHandle: "express")])
        #expect(payload.userErrors.isEmpty)
        #expect(payload.cart?.deliveryGroups.first?.selectedDeliveryOption?.title == "Express")
        #expect(try await storefront.cart(id: cart.id)?.deliveryGroups.first?.selectedDeliveryOption?.handle == "express", "kept")

        payload = try await storefront.cartSelectedDeliveryOptionsUpdate(cartId: cart.id, options: [
            CartSelectedDeliveryOptionInput(deliveryGroupId: group.id, deliveryOptionHandle: "teleport")])
        #expect(payload.cart == nil && payload.userErrors.map(\.code) == [.invalidDeliveryOption])
        payload = try await storefront.cartSelectedDeliveryOptionsUpdate(cartId: cart.id, options: [
            CartSelectedDeliveryOptionInput(deliveryGroupId: "gid://shopify/CartDeliveryGroup/77", deliveryOptionHandle: "standard")])
        #expect(payload.cart == nil && payload.userErrors.map(\.code) == [.invalidDeliveryGroup])

        // Another address is another group: the choice made for the first does not carry over.
        let current = try await storefront.cart(id: cart.id)
        let london = try #require(current?.deliveryAddresses.first)
        payload = try await storefront.cartDeliveryAddressesUpdate(cartId: cart.id, addresses: [CartSelectableAddressInput(id: london.id, selected: true)])
        let moved = try #require(payload.cart?.deliveryGroups.first)
        #expect(moved.id != group.id && moved.deliveryAddress == Self.london && moved.selectedDeliveryOption?.handle == "international")
    }

    /// The options are the shop's rates for the selected address's country: pick up only at home,
    /// international rates abroad, standard free from 75.
    @Test func theOptionsFollowTheAddressCountryAndTheCartsCurrency() async throws {
        let cart = try await newCart()
        var payload = try await storefront.cartDeliveryAddressesAdd(cartId: cart.id, addresses: [
            CartSelectableAddressInput(address: Self.london, selected: true)])
        var group = try #require(payload.cart?.deliveryGroups.first)
        #expect(group.deliveryOptions.map(\.handle) == ["international", "international-express"])
        #expect(group.deliveryOptions.map(\.estimatedCost.amountString) == ["19.90", "39.90"])
        payload = try await storefront.cartSelectedDeliveryOptionsUpdate(cartId: cart.id, options: [
            CartSelectedDeliveryOptionInput(deliveryGroupId: group.id, deliveryOptionHandle: "pickup")])
        #expect(payload.cart == nil && payload.userErrors.map(\.code) == [.invalidDeliveryOption], "no pick up abroad")

        let many = try #require(try await storefront.cartLinesUpdate(cartId: cart.id, lines: [
            CartLineUpdateInput(id: cart.lines[0].id, quantity: 20)]).cart)
        #expect(many.cost.totalAmount.amount >= DeliveryRates.freeShippingThreshold)
        payload = try await storefront.cartDeliveryAddressesUpdate(cartId: cart.id, addresses: [
            CartSelectableAddressInput(id: many.deliveryAddresses[0].id, address: Self.amsterdam)])
        group = try #require(payload.cart?.deliveryGroups.first)
        #expect(group.deliveryOptions.map(\.handle) == ["standard", "express", "pickup"])
        #expect(group.deliveryOptions.map(\.estimatedCost.amountString) == ["0.00", "14.90", "0.00"], "standard is free from €75")
    }

    @Test func anEmptyCartHasNoDeliveryGroup() async throws {
        let cart = try await newCart(lines: false)
        let payload = try await storefront.cartDeliveryAddressesAdd(cartId: cart.id, addresses: [
            CartSelectableAddressInput(address: Self.amsterdam, selected: true)])
        #expect(payload.cart?.deliveryAddresses.count == 1 && payload.cart?.deliveryGroups.isEmpty == true)
    }

    /// Carts saved before addresses and delivery options existed still open, with none of either.
    @Test func aCartSavedBeforeDeliveryLoads() async throws {
        let sencha = try Fixtures.variantId("sencha")
        let time = clock.date.timeIntervalSinceReferenceDate
        let old = """
            {"version": 1, "carts": [{"token": "old", "key": "k1", "createdAt": \(time), "updatedAt": \(time),
              "lines": [{"id": "gid://shopify/CartLine/1?cart=old", "merchandiseId": "\(sencha)", "quantity": 1, "attributes": []}],
              "buyerIdentity": {}, "discountCodes": [], "attributes": [{"key": "gift", "value": "yes"}],
              "state": "open", "nextLineNumber": 2}]}
            """
        try FileManager.default.createDirectory(at: directory.url, withIntermediateDirectories: true)
        try Data(old.utf8).write(to: directory.url.appendingPathComponent("carts.json"))
        let reopened = try EmbeddedStorefront.fixture(directory: directory, clock: clock)
        #expect(reopened.stateWarnings.isEmpty)
        let cart = try #require(try await reopened.cart(id: "gid://shopify/Cart/old?key=k1"))
        #expect(cart.totalQuantity == 1 && cart.attributes == [Attribute(key: "gift", value: "yes")])
        #expect(cart.deliveryAddresses.isEmpty && cart.deliveryGroups.isEmpty)
        let payload = try await reopened.cartDeliveryAddressesAdd(cartId: cart.id, addresses: [
            CartSelectableAddressInput(address: Self.amsterdam, selected: true)])
        #expect(payload.cart?.deliveryAddresses.first?.id == "gid://shopify/CartSelectableAddress/1?cart=old")
        #expect(try await EmbeddedStorefront.fixture(directory: directory, clock: clock).cart(id: cart.id)?.deliveryGroups.count == 1)
    }

    @Test func cartCreateTakesAddressesAndGiftCardsOrNothing() async throws {
        let sencha = try Fixtures.variantId("sencha")
        var payload = try await storefront.cartCreate(CartInput(lines: [CartLineInput(merchandiseId: sencha)], giftCardCodes: ["GIFT-AAAA-1111"],
                                                                deliveryAddresses: [CartSelectableAddressInput(address: Self.amsterdam, selected: true)]))
        #expect(payload.userErrors.isEmpty)
        #expect(payload.cart?.appliedGiftCards.map(\.lastCharacters) == ["1111"] && payload.cart?.deliveryGroups.count == 1)
        payload = try await storefront.cartCreate(CartInput(lines: [CartLineInput(merchandiseId: sencha)],
                                                            deliveryAddresses: [CartSelectableAddressInput(address: MailingAddress())]))
        #expect(payload.cart == nil && payload.userErrors.map(\.code) == [.addressFieldIsRequired], "nothing is created")
    }
}
