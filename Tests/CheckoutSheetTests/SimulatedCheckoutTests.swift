import Storefront
import XCTest
@testable import CheckoutSheet

final class SimulatedCheckoutTests: XCTestCase {
    // MARK: The happy path, on the wire

    func testAFullCheckoutPostsPixelsInTheRealOrder() async throws {
        let h = SheetHarness()
        await h.present()
        await h.walkToReview()
        await h.send(.submit)
        XCTAssertEqual(h.summary, [
            "pixel:page_viewed", "pixel:checkout_started",
            "pixel:checkout_contact_info_submitted", "pixel:page_viewed",
            "pixel:checkout_address_info_submitted", "pixel:page_viewed",
            "pixel:checkout_shipping_info_submitted", "pixel:page_viewed",
            "pixel:payment_info_submitted", "pixel:page_viewed",
            "complete:full", "pixel:page_viewed", "pixel:checkout_completed",
        ])
        let token = SimulatedCheckoutServer.checkoutToken(cartId: "c1")
        let pathnames = h.events.compactMap { event -> String? in
            guard case .pixel(let p) = event, p.name == "page_viewed" else { return nil }
            return p.context?["document"]?["location"]?["pathname"]?.stringValue
        }
        XCTAssertEqual(pathnames, ["information", "delivery", "shipping", "payment", "review", "thank-you"]
            .map { "/checkouts/cn/\(token)/\($0)" })
        let page = try await h.requirePage()
        XCTAssertEqual(page.step, .thankYou)
        XCTAssertEqual(page.orderName, "#1001")
        XCTAssertEqual(page.orderId, "5550001001")
    }

    func testCheckoutDataCarriesTheDocumentedFieldsWithExactAmounts() async throws {
        let h = SheetHarness()
        await h.present()
        await h.walkToReview()
        await h.send(.submit)
        guard case .pixel(let completed)? = h.events.last else { return XCTFail("no final pixel") }
        XCTAssertEqual(completed.name, "checkout_completed")
        let checkout = try XCTUnwrap(completed.data?["checkout"])
        XCTAssertEqual(checkout.objectMembers?.map(\.0), [
            "email", "phone", "lineItems", "subtotalPrice", "totalPrice", "totalTax", "shippingLine", "shippingAddress",
            "billingAddress", "currencyCode", "order", "token", "transactions", "localization", "discountsAmount",
        ])
        // 177.00 - 17.70 discount = 159.30; US tax 8 % of 159.30 = 12.744 -> 12.74; free standard shipping.
        XCTAssertEqual(checkout["subtotalPrice"]?.serialized, #"{"amount":"177.00","currencyCode":"USD"}"#)
        XCTAssertEqual(checkout["discountsAmount"]?["amount"], .string("17.70"))
        XCTAssertEqual(checkout["totalTax"]?["amount"], .string("12.74"))
        XCTAssertEqual(checkout["shippingLine"]?.serialized, #"{"price":{"amount":"0.00","currencyCode":"USD"}}"#)
        XCTAssertEqual(checkout["totalPrice"]?["amount"], .string("172.04"))
        XCTAssertEqual(checkout["order"]?["id"], .string("5550001001"))
        XCTAssertEqual(checkout["email"], .string("ada.lovelace@example.com"))
        XCTAssertEqual(checkout["shippingAddress"]?["zip"], .string("10118"))
        XCTAssertEqual(checkout["transactions"]?.serialized,
                       #"[{"gateway":"shopify_payments","amount":{"amount":"172.04","currencyCode":"USD"},"paymentMethod":{"type":"creditCard","name":"Visa"}}]"#)

        guard case .completed(let event)? = h.events.first(where: { if case .completed = $0 { return true }; return false })
        else { return XCTFail("no completion") }
        let details = event.orderDetails
        XCTAssertEqual(details.cart?.price.total, Money("172.04", currencyCode: "USD"))
        XCTAssertEqual(details.paymentMethods, [.init(type: "direct", brand: "Visa", lastFourDigits: "4242", name: "Ada Lovelace",
                                                      amount: "172.04", currency: "USD")])
        XCTAssertEqual(details.deliveries.first?.location?.postalCode, "10118")
        let orders = try await h.backend.orders()
        XCTAssertEqual(orders.count, 1)
        XCTAssertEqual(orders.first?.draft.payment?.vaultToken?.hasPrefix("vt_"), true)
        XCTAssertEqual(orders.first?.draft.total, Money("172.04", currencyCode: "USD"))
    }

    func testEveryBridgeMessageIsWireFormatThatDecodes() async throws {
        let h = SheetHarness()
        await h.present()
        await h.walkToReview()
        await h.send(.submit)
        XCTAssertEqual(h.bridgeMessages.count, 15)
        XCTAssertEqual(h.bridgeMessages.filter { $0.hasPrefix(#"{"name":"checkoutBlockingEvent""#) },
                       [BridgeEnvelope.checkoutBlocking(true), BridgeEnvelope.checkoutBlocking(false)], "around the payment")
        let blocking = await h.sheet.isBlocking
        XCTAssertFalse(blocking)
        for text in h.bridgeMessages {
            let envelope = try JSONValue(parsing: text)
            XCTAssertEqual(envelope.objectMembers?.map(\.0), ["name", "body"])
            XCTAssertNotNil(envelope["body"]?.stringValue, "body is double-encoded")
            XCTAssertNoThrow(try BridgeMessageDecoder.decode(text))
        }
    }

    // MARK: Steps and validation

    func testThePageIsPrefilledFromTheBuyerIdentity() async throws {
        let h = SheetHarness()
        await h.present()
        let contact = try await h.requirePage()
        XCTAssertEqual(contact.fields.map(\.displayValue), ["ada.lovelace@example.com"])
        await h.send(.submit)
        let delivery = try await h.requirePage()
        XCTAssertEqual(delivery.step, .delivery)
        XCTAssertEqual(delivery.fields.first { $0.id == "countryCode" }?.displayValue, "US")
        XCTAssertEqual(delivery.focusedFieldID, "firstName", "focus goes to the first empty field")
    }

    /// A signed-in customer's name stands in "Name on card" (and their address in delivery);
    /// a declined saved card gives the name back to the customer.
    func testASignedInCustomersNameIsOnTheCard() async throws {
        var cart = Fixtures.cart()
        cart.buyerIdentity.customer = Customer(id: "gid://shopify/Customer/7001", email: "ada@example.com", firstName: "Ada",
                                               lastName: "Lovelace")
        let h = SheetHarness(backend: InMemoryCheckoutBackend(carts: [cart]))
        await h.present()
        await h.walkToPayment()
        let payment = try await h.requirePage()
        XCTAssertEqual(payment.step, .payment)
        XCTAssertEqual(payment.fields.first { $0.id == "nameOnCard" }?.displayValue, "Ada Lovelace")

        var form = CheckoutForm(cart: cart, shop: Fixtures.shop, token: "t")
        form.enter(.payment)
        form.fillCard(CheckoutPaymentCard(number: TestCards.declined, expiry: "12/30", securityCode: "123", nameOnCard: "Test Declined"))
        form.declined("Your card was declined. Try a different card.")
        XCTAssertEqual(form.value("nameOnCard"), "Ada Lovelace")
    }

    /// A customer the shop knows no name for (one known by an SSH key, before their first order)
    /// gets the delivery address's name on the card, never a made-up one; a guest's stays empty.
    func testACustomerWithoutANameGetsTheDeliveryNameOnTheCard() async throws {
        var cart = Fixtures.cart()
        cart.buyerIdentity.customer = Customer(id: "gid://shopify/Customer/8001")
        let h = SheetHarness(backend: InMemoryCheckoutBackend(carts: [cart]))
        await h.present()
        await h.walkToPayment()
        let payment = try await h.requirePage()
        XCTAssertEqual(payment.step, .payment)
        XCTAssertEqual(payment.fields.first { $0.id == "nameOnCard" }?.displayValue, "Ada Lovelace", "the delivery form's name")

        let guest = SheetHarness()
        await guest.present()
        await guest.walkToPayment()
        let guestPayment = try await guest.requirePage()
        XCTAssertEqual(guestPayment.fields.first { $0.id == "nameOnCard" }?.displayValue, "", "a guest types it")
    }

    /// Going back to change the address's name moves "Name on card" with it, unless the buyer typed
    /// their own there.
    func testTheCardNameFollowsTheAddressUntilTheBuyerTypesOne() {
        var cart = Fixtures.cart()
        cart.buyerIdentity.customer = Customer(id: "gid://shopify/Customer/8001")
        var form = CheckoutForm(cart: cart, shop: Fixtures.shop, token: "t")
        func deliver(_ first: String) {
            form.enter(.delivery)
            for (field, value) in [("firstName", first), ("lastName", "Hopper"), ("address1", "Keizersgracht 1"), ("city", "Amsterdam"),
                                   ("postalCode", "1015 CJ"), ("countryCode", "NL")] {
                _ = form.edit(.focus(fieldID: field))
                _ = form.edit(.clearField)
                _ = form.edit(.insert(value))
                XCTAssertEqual(form.value(field), value)
            }
            XCTAssertTrue(form.submitDelivery())
        }
        deliver("Grace")
        XCTAssertEqual(form.value("nameOnCard"), "Grace Hopper")
        deliver("Amazing Grace")
        XCTAssertEqual(form.value("nameOnCard"), "Amazing Grace Hopper", "still the suggestion: it follows")
        form.enter(.payment)
        _ = form.edit(.focus(fieldID: "nameOnCard"))
        XCTAssertTrue(form.edit(.clearField))
        XCTAssertTrue(form.edit(.insert("G. M. Hopper")))
        deliver("Grace")
        XCTAssertEqual(form.value("nameOnCard"), "G. M. Hopper", "a name the buyer typed is theirs")
    }

    func testInvalidInputGetsInlineErrorsAndNoPixel() async throws {
        let h = SheetHarness()
        await h.present()
        await h.send(.focus(fieldID: "contact"))
        for _ in 0..<30 { await h.sheet.send(.deleteBackward) }
        await h.send(.insert("ada@"), .submit)
        var page = try await h.requirePage()
        XCTAssertEqual(page.step, .contact)
        XCTAssertEqual(page.fields.first?.error, "Enter a valid email or a mobile phone number")
        XCTAssertEqual(h.summary, ["pixel:page_viewed", "pixel:checkout_started"])

        await h.send(.insert("example.com"), .submit)
        await h.send(.submit) // delivery, empty
        page = try await h.requirePage()
        XCTAssertEqual(page.step, .delivery)
        XCTAssertEqual(Dictionary(uniqueKeysWithValues: page.fields.compactMap { f in f.error.map { (f.id, $0) } }), [
            "firstName": "Enter a first name", "lastName": "Enter a last name", "address1": "Enter an address",
            "city": "Enter a city", "postalCode": "Enter a ZIP / postal code",
        ])
        XCTAssertEqual(page.focusedFieldID, "firstName")
        await h.type("firstName", "A")
        page = try await h.requirePage()
        XCTAssertNil(page.fields.first { $0.id == "firstName" }?.error, "typing clears the field's error")
    }

    func testPhoneAsContact() async throws {
        let h = SheetHarness(backend: InMemoryCheckoutBackend(carts: [Fixtures.cart(email: nil)]))
        await h.present()
        await h.type("contact", "+1 555 010 0199")
        await h.send(.submit)
        await h.fillDelivery()
        guard case .pixel(let submitted) = h.events[2] else { return XCTFail("no pixel") }
        XCTAssertEqual(submitted.name, "checkout_contact_info_submitted")
        XCTAssertEqual(submitted.data?["checkout"]?["phone"], .string("+1 555 010 0199"))
        XCTAssertEqual(submitted.data?["checkout"]?["email"], .null)
    }

    func testShippingRatesDependOnCountryAndSubtotal() async throws {
        // Over the threshold at home: free standard, express.
        let h = SheetHarness()
        await h.present()
        await h.send(.submit)
        await h.fillDelivery()
        var page = try await h.requirePage()
        XCTAssertEqual(page.shippingRates.map(\.id), ["standard", "express", "pickup"])
        XCTAssertEqual(page.shippingRates.map(\.price.amountString), ["0.00", "14.90", "0.00"])
        XCTAssertEqual(page.selectedRateID, "standard")
        await h.send(.selectRate(id: "express"), .submit)
        page = try await h.requirePage()
        XCTAssertEqual(page.summary?.shipping?.amountString, "14.90")
        XCTAssertEqual(page.summary?.total.amountString, "186.94") // 159.30 + 12.74 + 14.90

        // Below the threshold: standard costs.
        let cheap = Fixtures.cart(discounted: false, lines: [Fixtures.line("9", product: "Socks", variant: "L", unit: "12.50", quantity: 2)])
        let small = SheetHarness(backend: InMemoryCheckoutBackend(carts: [cheap]))
        await small.present()
        await small.send(.submit)
        await small.fillDelivery()
        let smallPage = await small.page()
        XCTAssertEqual(smallPage?.shippingRates.first?.price.amountString, "5.90")

        // Abroad: international rates and that country's tax.
        let abroad = SheetHarness()
        await abroad.present()
        await abroad.send(.submit)
        await abroad.fillDelivery(country: "GB", postalCode: "SW1A 2AA")
        page = try await abroad.requirePage()
        XCTAssertEqual(page.shippingRates.map(\.id), ["international", "international-express"])
        XCTAssertEqual(page.summary?.taxes?.amountString, "31.86") // 20 % of 159.30
    }

    /// The shopper closed the checkout, picked another country (the cart's buyer country moved from
    /// the US to Japan) and opened it again: the delivery country is Japan's, with its postal code
    /// and phone examples, and the American address does not come back; the names do.
    func testReopenedAfterTheCartMovedCountryTheDeliveryFollowsTheCart() async throws {
        let h = SheetHarness()
        await h.present()
        await h.send(.submit)
        await h.fillDelivery()
        let shipping = try await h.requirePage()
        XCTAssertEqual(shipping.step, .shipping)
        await h.sheet.dismiss()
        h.backend.state.withLock { $0.carts["c1"]?.buyerIdentity.countryCode = "JP" }

        await h.present()
        await h.send(.submit)
        let delivery = try await h.requirePage()
        XCTAssertEqual(delivery.step, .delivery)
        func field(_ id: String) -> CheckoutPage.Field? { delivery.fields.first { $0.id == id } }
        XCTAssertEqual(field("countryCode")?.displayValue, "JP")
        XCTAssertEqual(field("postalCode")?.displayValue, "")
        XCTAssertEqual(field("postalCode")?.placeholder, "100-0001")
        XCTAssertEqual(field("phone")?.placeholder, "+81 3 5550 0199")
        XCTAssertEqual(field("city")?.displayValue, "")
        XCTAssertEqual(field("firstName")?.displayValue, "Ada")
        await h.type("address1", "1-1 Chiyoda")
        await h.type("city", "Chiyoda-ku")
        await h.type("postalCode", "100-0001")
        await h.send(.submit)
        let passed = try await h.requirePage()
        XCTAssertEqual(passed.step, .shipping, "a Tokyo postcode passes for Japan")
    }

    /// The cart's tax line names the buyer's country's tax, as the checkout does.
    func testTheCartsTaxNoteFollowsTheBuyersCountry() {
        XCTAssertEqual(ShippingCountry.cartTaxNote(shopCountry: "NL"), "Prices include VAT. Shipping is calculated at checkout.")
        XCTAssertEqual(ShippingCountry.cartTaxNote(shopCountry: "NL", buyerCountry: "JP"),
                       "Prices include consumption tax. Shipping is calculated at checkout.")
        XCTAssertEqual(ShippingCountry.cartTaxNote(shopCountry: "NL", buyerCountry: "US"),
                       "Prices include sales tax. Shipping is calculated at checkout.")
        XCTAssertEqual(ShippingCountry.cartTaxNote(shopCountry: "US", buyerCountry: "NL"), "Taxes and shipping are calculated at checkout.")
    }

    /// A province typed by name stays whole ("Tokyo", not "TOK").
    func testAProvinceNameIsKeptWhole() async throws {
        let h = SheetHarness()
        await h.present()
        await h.send(.submit)
        await h.type("zoneCode", "Tokyo")
        let typed = try await h.requirePage()
        XCTAssertEqual(typed.fields.first { $0.id == "zoneCode" }?.displayValue, "Tokyo")
        await h.fillDelivery()
        let shipping = try await h.requirePage()
        XCTAssertEqual(shipping.step, .shipping, "a province name passes")
    }

    func testAddressChecks() async throws {
        let h = SheetHarness()
        await h.present()
        await h.send(.submit)
        await h.fillDelivery(postalCode: "ABC")
        var page = try await h.requirePage()
        XCTAssertEqual(page.fields.first { $0.id == "postalCode" }?.error, "Enter a valid postal code for United States")
        await h.send(.focus(fieldID: "countryCode"), .deleteBackward, .deleteBackward, .insert("zz"), .submit)
        page = try await h.requirePage()
        XCTAssertEqual(page.fields.first { $0.id == "countryCode" }?.error, "We don't ship to ZZ")
        XCTAssertEqual(page.focusedFieldID, "countryCode")
    }

    func testBackReturnsToThePreviousStep() async throws {
        let h = SheetHarness()
        await h.present()
        await h.send(.submit)
        await h.send(.back)
        let page = try await h.requirePage()
        XCTAssertEqual(page.step, .contact)
        XCTAssertEqual(page.fields.first?.displayValue, "ada.lovelace@example.com", "what was typed stays")
    }

    // MARK: Payment

    func testTheCardNumberIsMaskedAndForgottenAfterVaulting() async throws {
        let h = SheetHarness()
        await h.present()
        await h.walkToPayment()
        await h.type("cardNumber", "4242 4242 4242 4242")
        await h.type("securityCode", "123")
        let page = try await h.requirePage()
        let number = try XCTUnwrap(page.fields.first { $0.id == "cardNumber" })
        XCTAssertEqual(number.displayValue, "•••• •••• •••• 4242")
        XCTAssertTrue(number.isMasked)
        XCTAssertEqual(page.fields.first { $0.id == "securityCode" }?.displayValue, "•••")
        await h.type("expiry", "12/30")
        await h.type("nameOnCard", "Ada Lovelace")
        await h.send(.submit)
        let hPage = await h.page()
        XCTAssertEqual(hPage?.step, .review)
        await h.send(.back)
        let again = try await h.requirePage()
        XCTAssertEqual(again.fields.first { $0.id == "cardNumber" }?.displayValue, "", "the typed number is gone once vaulted")
    }

    func testCardChecksAreInline() async throws {
        let h = SheetHarness()
        await h.present()
        await h.walkToPayment()
        await h.fillPayment(card: "4242424242424241", expiry: "01/20", code: "12")
        let page = try await h.requirePage()
        XCTAssertEqual(page.step, .payment)
        XCTAssertEqual(page.fields.map { $0.error ?? "" }, [
            "Enter a valid card number", "Your card has expired", "Enter the 3-digit security code", "",
        ])
        XCTAssertFalse(h.summary.contains("pixel:payment_info_submitted"))
    }

    func testADeclinedCardIsAnInlineErrorTheBuyerCanFix() async throws {
        let h = SheetHarness()
        await h.present()
        await h.walkToReview(card: TestCards.declined)
        await h.send(.submit)
        var page = try await h.requirePage()
        XCTAssertEqual(page.step, .payment)
        XCTAssertEqual(page.notice, "Your card was declined. Try a different card.")
        XCTAssertEqual(page.fields.first { $0.id == "cardNumber" }?.error, "Your card was declined. Try a different card.")
        XCTAssertEqual(page.fields.first { $0.id == "cardNumber" }?.displayValue, "")
        XCTAssertFalse(h.events.contains { if case .failed = $0 { return true }; return false }, "a decline is not a failure")
        let noOrders = try await h.backend.orders()
        XCTAssertEqual(noOrders, [])

        await h.fillPayment(card: TestCards.approved)
        await h.send(.submit)
        page = try await h.requirePage()
        XCTAssertEqual(page.step, .thankYou)
        XCTAssertEqual(h.summary.filter { $0.hasPrefix("complete") }, ["complete:full"])
    }

    func testAGatewayFailureFailsTheCheckoutRecoverably() async throws {
        let h = SheetHarness()
        await h.present()
        await h.walkToReview(card: TestCards.gatewayError)
        await h.send(.submit)
        XCTAssertEqual(Array(h.summary.suffix(2)), ["fail:checkoutUnavailable:502", "recovery"])
        let page = try await h.requirePage()
        // The recovery checkout is the same session: contact, address and shipping are kept, the
        // card is not, so it opens at payment with the full totals.
        XCTAssertEqual(page.step, .payment, "the recovery checkout is up where the buyer was")
        XCTAssertEqual(page.fields.map(\.displayValue), ["", "", "", "Ada Lovelace"], "no card digits come back")
        XCTAssertEqual(page.summary?.shipping, Money("0.00", currencyCode: "USD"))
        XCTAssertEqual(page.summary?.total.amountString, "172.04")
        let noOrders = try await h.backend.orders()
        XCTAssertEqual(noOrders, [])
    }

    func testASecondPayNowWhileTheFirstIsBusyIsIgnored() async throws {
        // The second press arrives exactly while the first one is paying (from inside its busy page).
        let backend = InMemoryCheckoutBackend()
        let h = SheetHarness(backend: backend)
        let views = SecondPressFactory(base: h.server)
        let sheet = CheckoutSheet(webViews: views, now: { h.clock.now() })
        _ = await sheet.present(checkoutURL: h.url, delegate: h.delegate)
        await sheet.settle()
        for input: CheckoutPageInput in [.submit, .focus(fieldID: "firstName"), .insert("Ada"), .focus(fieldID: "lastName"),
                                         .insert("Lovelace"), .focus(fieldID: "address1"), .insert("350 Fifth Avenue"),
                                         .focus(fieldID: "city"), .insert("New York"), .focus(fieldID: "postalCode"),
                                         .insert("10118"), .submit, .submit, .focus(fieldID: "cardNumber"),
                                         .insert(TestCards.approved), .focus(fieldID: "expiry"), .insert("12/30"),
                                         .focus(fieldID: "securityCode"), .insert("123"), .focus(fieldID: "nameOnCard"),
                                         .insert("Ada Lovelace"), .submit, .submit] {
            await sheet.send(input)
        }
        await sheet.settle()
        XCTAssertTrue(views.fired.value, "the second press was made while paying")
        await sheet.send(.submit) // and once more on the thank-you page
        XCTAssertEqual(backend.state.withLock { $0.placeOrderCalls }, 1)
        XCTAssertEqual(h.summary.filter { $0.hasPrefix("complete") }, ["complete:full"])
        XCTAssertEqual(h.summary.filter { $0 == "pixel:checkout_completed" }.count, 1)
    }

    func testALostAnswerIsAskedAgainAndStillPlacesOneOrder() async throws {
        let backend = InMemoryCheckoutBackend()
        backend.state.withLock { $0.lostAnswers = 2 }
        let h = SheetHarness(backend: backend)
        await h.present()
        await h.walkToReview()
        await h.send(.submit)
        let state = backend.state.withLock { $0 }
        XCTAssertEqual(state.placeOrderCalls, 3)
        XCTAssertEqual(Set(state.requests.map(\.checkoutSessionId)).count, 1, "every retry carries the same session")
        XCTAssertEqual(state.orders.count, 1)
        XCTAssertEqual(h.summary.filter { $0.hasPrefix("complete") }, ["complete:full"])
    }

    func testTheCheckoutTokenIsStablePerCartSoRetriesAreOneSession() async throws {
        XCTAssertEqual(SimulatedCheckoutServer.checkoutToken(cartId: "c1"), SimulatedCheckoutServer.checkoutToken(cartId: "c1"))
        XCTAssertNotEqual(SimulatedCheckoutServer.checkoutToken(cartId: "c1"), SimulatedCheckoutServer.checkoutToken(cartId: "c2"))
    }

    // MARK: Links

    func testLinksOfTheShopAreLinkClicks() async throws {
        let h = SheetHarness()
        await h.present()
        let links = try await h.requirePage().links
        XCTAssertEqual(links.map(\.url), ["https://aurora.example/policies/refund-policy",
                                          "https://aurora.example/policies/shipping-policy",
                                          "mailto:help@aurora.example", "tel:+15550100199"])
        for link in links { await h.send(.openLink(url: link.url)) }
        await h.send(.openLink(url: "https://evil.example/"))
        XCTAssertEqual(h.events.compactMap { if case .linkClicked(let u) = $0 { return u }; return nil }, links.map(\.url))
    }

    // MARK: Faults

    func testHTTPStatusFaults() async throws {
        let cases: [(Int, String)] = [
            (401, "fail:checkoutUnavailable:401"), (403, "fail:checkoutUnavailable:403"),
            (404, "fail:checkoutUnavailable:404"), (410, "fail:checkoutExpired:cart_expired"),
        ]
        for (status, expected) in cases {
            let h = SheetHarness(faults: CheckoutFaults(loads: [.httpStatus(status)]))
            let stream = await h.present()
            XCTAssertEqual(h.summary, [expected], "HTTP \(status)")
            let updates = await SheetHarness.collect(stream)
            XCTAssertEqual(updates.last, .dismissed)
            let isPresented = await h.sheet.isPresented
            XCTAssertFalse(isPresented)
        }
    }

    /// A shop that refuses the app's access token (it was restarted with another) is a 401, final,
    /// not a server error to recover from ("Internal Server Error" said nothing of the cause).
    func testAShopRefusingTheTokenIsUnauthorizedNotAServerError() async throws {
        let backend = InMemoryCheckoutBackend()
        backend.state.withLock {
            $0.checkoutStateError = StorefrontError.http(status: 401, bodySnippet: "", retryAfter: nil)
        }
        let h = SheetHarness(backend: backend)
        let stream = await h.present()
        XCTAssertEqual(h.summary, ["fail:checkoutUnavailable:401"])
        let updates = await SheetHarness.collect(stream)
        XCTAssertEqual(updates.last, .dismissed)
    }

    func testServerErrorsAreRecovered() async throws {
        for status in [500, 502, 503, 504] {
            let h = SheetHarness(faults: CheckoutFaults(loads: [.httpStatus(status)]))
            await h.present()
            XCTAssertEqual(h.summary, ["fail:checkoutUnavailable:\(status)", "recovery"])
            let requests = await h.server.requests
            XCTAssertEqual(requests.map(\.bridgeEnabled), [true, false])
            let hPage = await h.page()
            XCTAssertEqual(hPage?.step, .contact)
        }
    }

    func testOfflineBeforeTheFirstLoadIsARecoverableFailureNotAHang() async throws {
        let h = SheetHarness(faults: CheckoutFaults(loads: [.offline]))
        await h.present()
        XCTAssertEqual(h.events.first, .failed(.sdkError(underlying: "The Internet connection appears to be offline.")))
        XCTAssertEqual(h.summary, ["fail:sdkError:unknown", "recovery"])
    }

    func testTheRecoveryCheckoutPostsNoBridgeMessagesAndCompletesFromTheThankYouURL() async throws {
        let h = SheetHarness(faults: CheckoutFaults(loads: [.httpStatus(503)]))
        await h.present()
        let before = h.bridgeMessages.count
        await h.walkToReview()
        await h.send(.submit)
        XCTAssertEqual(h.bridgeMessages.count, before, "no bridge in recovery")
        XCTAssertEqual(h.summary, ["fail:checkoutUnavailable:503", "recovery", "complete:recovery"])
        XCTAssertEqual(h.events.last, .completed(CheckoutCompletedEvent(orderDetails: OrderDetails(id: "5550001001"),
                                                                        decoded: .recovery)))
    }

    func testRefusedCheckouts() async throws {
        let expired = SheetHarness(faults: CheckoutFaults(cartState: .expired))
        await expired.present()
        XCTAssertEqual(expired.events, [.failed(.checkoutExpired(message: "Checkout has expired.", code: .cartExpired))])

        let password = SheetHarness(faults: CheckoutFaults(passwordProtected: true))
        await password.present()
        XCTAssertEqual(password.events, [.failed(.configurationError(message: "Storefront password required",
                                                                      code: .storefrontPasswordRequired))])
        let shown = password.signals.compactMap { signal -> CheckoutPage? in
            if case .page(let page) = signal { return page }
            return nil
        }
        XCTAssertEqual(shown.last?.step, .unavailable)
        XCTAssertEqual(shown.last?.notice, "This store is password protected.")

        let backend = InMemoryCheckoutBackend()
        backend.state.withLock { $0.cartStates["c1"] = .completed }
        let completed = SheetHarness(backend: backend)
        await completed.present()
        XCTAssertEqual(completed.events, [.failed(.checkoutExpired(message: "Checkout already completed", code: .cartCompleted))])

        let empty = SheetHarness(backend: InMemoryCheckoutBackend(carts: [Fixtures.cart(lines: [])]))
        await empty.present()
        XCTAssertEqual(empty.events, [.failed(.checkoutUnavailable(message: "Cart is empty", code: .clientError(.invalidCart),
                                                                    recoverable: false))])

        let unknown = SheetHarness()
        await unknown.present("https://aurora.example/cart/c/nope?key=x")
        XCTAssertEqual(unknown.summary, ["fail:checkoutUnavailable:404"])
    }

    func testASlowLoadReportsProgressOnTheInjectedClock() async throws {
        let h = SheetHarness(faults: CheckoutFaults(loadDuration: .seconds(4), loadSteps: 4))
        let start = h.clock.now()
        let stream = await h.present()
        await h.sheet.dismiss()
        let progress = await SheetHarness.collect(stream).compactMap { update -> Double? in
            if case .page(let page) = update, page.step == .loading { return page.progress }
            return nil
        }
        XCTAssertEqual(progress, [0, 0, 0.2, 0.4, 0.6, 0.8])
        XCTAssertEqual(h.clock.now().timeIntervalSince(start), 4)
    }

    func testAFlashSaleRefusesPrefetchButQueuesTheBuyer() async throws {
        let h = SheetHarness(faults: CheckoutFaults(flashSaleQueue: true))
        await h.sheet.preload(checkoutURL: h.url)
        let cached = await h.sheet.preloadedURL()
        XCTAssertNil(cached, "the refused preload left nothing in the cache")
        let stream = await h.present()
        await h.sheet.dismiss()
        let requests = await h.server.requests
        XCTAssertEqual(requests.map(\.purpose), [.prefetch, .navigation])
        XCTAssertEqual(requests.first?.headers, ["Shopify-Purpose": "prefetch"])
        XCTAssertEqual(requests.last?.headers, [:])
        let notices = await SheetHarness.collect(stream).compactMap { update -> String? in
            if case .page(let page) = update { return page.notice }
            return nil
        }
        XCTAssertEqual(notices, ["You're in line to check out. Please keep this page open."])
        XCTAssertEqual(h.summary, ["pixel:page_viewed", "pixel:checkout_started", "cancel:false"])
    }
}

/// Presses Pay now a second time from inside the first press, the moment the page shows it is busy.
private final class SecondPressFactory: CheckoutWebViewFactory {
    let base: any CheckoutWebViewFactory
    let fired = Locked(false)
    private let view = Locked<(any CheckoutWebView)?>(nil)

    init(base: any CheckoutWebViewFactory) { self.base = base }

    func makeWebView(signals: @escaping CheckoutWebSignalSink) async -> any CheckoutWebView {
        let fired = self.fired, holder = self.view
        let made = await base.makeWebView { signal in
            if case .page(let page) = signal, page.step == .review, page.isBusy,
               !fired.withLock({ old in defer { old = true }; return old }) {
                await holder.value?.handle(.submit)
            }
            await signals(signal)
        }
        view.withLock { $0 = made }
        return made
    }
}

extension SimulatedCheckoutTests {
    func testRatesInACurrencyWithoutMinorUnits() {
        let yen = Money(amount: 9000, currencyCode: "JPY")
        func rates(_ country: String, _ shopCountry: String, _ merchandise: Money) -> [CheckoutPage.ShippingRate] {
            DeliveryRates.options(country: country, shopCountry: shopCountry, merchandise: merchandise).map(CheckoutPage.ShippingRate.init)
        }
        let home = rates("JP", "JP", yen)
        XCTAssertEqual(home.map(\.price.amountString), ["0", "1490", "0"], "free from ¥7500")
        XCTAssertEqual(rates("JP", "JP", Money(amount: 7499, currencyCode: "JPY")).first?.price.amountString, "590")
        let euro = rates("DE", "NL", Money(amount: 20, currencyCode: "EUR"))
        XCTAssertEqual(euro.map(\.id), ["international", "international-express"], "no pick up abroad")
        XCTAssertEqual(euro.first?.price, Money("19.90", currencyCode: "EUR"))
    }

    /// The delivery address and option chosen on the cart start the checkout: the address is not
    /// typed again, the option is the method preselected, and the order charges its price.
    func testTheCartsAddressAndDeliveryOptionStartTheCheckout() async throws {
        var cart = Fixtures.cart()
        let address = MailingAddress(firstName: "Grace", lastName: "Hopper", address1: "1 Navy Yard", city: "Arlington",
                                     zoneCode: "VA", countryCode: "US", postalCode: "22202")
        cart.deliveryAddresses = [CartSelectableAddress(id: "gid://shopify/CartSelectableAddress/1", address: address, selected: true)]
        let options = DeliveryRates.options(country: "US", shopCountry: "US", merchandise: cart.cost.totalAmount)
        cart.deliveryGroups = [CartDeliveryGroup(id: "gid://shopify/CartDeliveryGroup/1", lineIds: cart.lines.map(\.id),
                                                 deliveryAddress: address, deliveryOptions: options,
                                                 selectedDeliveryOption: options.first { $0.handle == "express" })]
        let h = SheetHarness(backend: InMemoryCheckoutBackend(carts: [cart]))
        await h.present()
        await h.send(.submit)
        let delivery = try await h.requirePage()
        XCTAssertEqual(delivery.fields.filter { !$0.displayValue.isEmpty }.map(\.displayValue),
                       ["US", "Grace", "Hopper", "1 Navy Yard", "Arlington", "VA", "22202"])
        await h.send(.submit)
        var page = try await h.requirePage()
        XCTAssertEqual(page.step, .shipping)
        XCTAssertEqual(page.selectedRateID, "express", "the cart's option is preselected")
        await h.send(.submit)
        page = try await h.requirePage()
        XCTAssertEqual(page.summary?.shipping, options[1].estimatedCost)
        await h.fillPayment(card: TestCards.approved)
        await h.send(.submit)
        XCTAssertEqual(h.backend.state.withLock { $0.requests.last?.deliveryOptionHandle }, "express")
        let draft = try XCTUnwrap(h.backend.state.withLock { $0.orders.last?.draft })
        XCTAssertEqual(draft.shipping, Money("14.90", currencyCode: "USD"))
        XCTAssertEqual(draft.shippingMethod, "Express")
        XCTAssertEqual(draft.shippingAddress?.address1, "1 Navy Yard")
    }

    /// The embedded shop's cart, with an address and express picked on it, is charged express.
    func testAnEmbeddedCartsOptionIsWhatTheCheckoutCharges() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("checkout-delivery-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = try EmbeddedStorefront(stateDirectory: directory)
        let product = try await store.product(handle: "house-espresso-blend")
        let variant = try XCTUnwrap(product?.variants.first)
        let home = MailingAddress(firstName: "Ada", lastName: "Lovelace", address1: "Keizersgracht 1", city: "Amsterdam",
                                  countryCode: "NL", postalCode: "1015 CJ")
        let created = try await store.cartCreate(CartInput(
            lines: [CartLineInput(merchandiseId: variant.id, quantity: 2)], buyerIdentity: BuyerIdentity(email: "ada@example.com", countryCode: "NL"),
            deliveryAddresses: [CartSelectableAddressInput(address: home, selected: true)]))
        var cart = try XCTUnwrap(created.cart)
        let group = try XCTUnwrap(cart.deliveryGroups.first)
        let picked = try await store.cartSelectedDeliveryOptionsUpdate(cartId: cart.id, options: [
            CartSelectedDeliveryOptionInput(deliveryGroupId: group.id, deliveryOptionHandle: "express")])
        cart = try XCTUnwrap(picked.cart)
        cart.id = "c1"
        let shop = try await store.shop()
        let h = SheetHarness(backend: InMemoryCheckoutBackend(shop: shop, carts: [cart]))
        await h.present("https://\(shop.domain)/cart/c/c1?key=test")
        await h.send(.submit)
        await h.send(.submit)
        var page = try await h.requirePage()
        XCTAssertEqual(page.selectedRateID, "express")
        await h.send(.submit)
        page = try await h.requirePage()
        XCTAssertEqual(page.summary?.shipping, Money("14.90", currencyCode: "EUR"))
        await h.fillPayment(card: TestCards.approved)
        await h.send(.submit)
        let draft = try XCTUnwrap(h.backend.state.withLock { $0.orders.last?.draft })
        XCTAssertEqual(draft.shipping, cart.deliveryGroups.first?.selectedDeliveryOption?.estimatedCost)
        XCTAssertEqual(draft.shippingAddress?.address1, "Keizersgracht 1")
    }

    /// The review and the thank-you page name the lines as the cart screen did: in Japanese in
    /// Japan, in Dutch in the Netherlands (the embedded shop answers the cart itself in its own).
    func testTheReviewAndTheOrderNameTheLinesAsTheCartDid() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("checkout-language-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = try EmbeddedStorefront(stateDirectory: directory)
        for (country, handle, postalCode) in [("JP", "uji-ceremonial-matcha", "100-0001"), ("NL", "house-espresso-blend", "1015 CJ")] {
            let buyer = store.inContext(BuyerContext(country: country))
            let product = try await buyer.product(handle: handle)
            let variant = try XCTUnwrap(product?.variants.first)
            let created = try await buyer.cartCreate(CartInput(lines: [CartLineInput(merchandiseId: variant.id, quantity: 1)],
                                                               buyerIdentity: BuyerIdentity(email: "ada@example.com")))
            let cart = try XCTUnwrap(created.cart)
            let asShown = try await buyer.cart(id: cart.id), asStored = try await store.cart(id: cart.id)
            let shown = try XCTUnwrap(asShown?.lines.first?.merchandise.productTitle)
            let english = try XCTUnwrap(asStored?.lines.first?.merchandise.productTitle)
            XCTAssertNotEqual(shown, english, "\(country): the cart screen reads a translation")

            let h = SheetHarness(store: store)
            await h.present(cart.checkoutUrl)
            await h.send(.submit)
            await h.fillDelivery(postalCode: postalCode)
            await h.send(.submit)
            await h.fillPayment(card: TestCards.approved)
            let review = try await h.requirePage()
            XCTAssertEqual(review.step, .review, country)
            XCTAssertEqual(review.summary?.lines.map(\.title), [shown], "\(country): the review")
            await h.send(.submit)
            let thanks = try await h.requirePage()
            XCTAssertEqual(thanks.summary?.lines.map(\.title), [shown], "\(country): the thank-you page")
            let orders = try await store.orders()
            XCTAssertEqual(orders.last?.draft.lineItems.map(\.title), [shown], "\(country): the order")
        }
    }

    /// Protocol 2025-10: a saved card's name belongs to that card. Declined, it leaves "Name on
    /// card" with the card; a card number typed over a saved card takes the saved name away too; a
    /// name the buyer typed stays.
    func testASavedCardsNameGoesWithTheCard() {
        let declined = CheckoutPaymentCard(number: TestCards.declined, expiry: "12/30", securityCode: "123", nameOnCard: "Test Declined")
        var form = CheckoutForm(cart: Fixtures.cart(), shop: Fixtures.shop, token: "t")
        form.enter(.payment)
        form.fillCard(declined)
        XCTAssertEqual(form.value("nameOnCard"), "Test Declined")
        form.declined("Your card was declined. Try a different card.")
        XCTAssertEqual(form.value("nameOnCard"), "", "the declined saved card's name went with it")
        XCTAssertEqual(form.value("cardNumber"), "")

        form.fillCard(declined)
        XCTAssertTrue(form.edit(.focus(fieldID: "cardNumber")))
        XCTAssertTrue(form.edit(.clearField))
        XCTAssertTrue(form.edit(.insert(TestCards.approved)))
        XCTAssertEqual(form.value("nameOnCard"), "", "another card number: the saved card's name goes")

        form.fillCard(declined)
        XCTAssertTrue(form.edit(.focus(fieldID: "nameOnCard")))
        XCTAssertTrue(form.edit(.clearField))
        XCTAssertTrue(form.edit(.insert("Ada Lovelace")))
        form.declined("Your card was declined. Try a different card.")
        XCTAssertEqual(form.value("nameOnCard"), "Ada Lovelace", "a name the buyer typed is theirs")
    }

    /// As the sheet runs it: the saved card is vaulted, the review shows it, and the payment is
    /// declined there. The name goes with the card then too.
    func testASavedCardDeclinedAtTheReviewTakesItsName() {
        let declined = CheckoutPaymentCard(number: TestCards.declined, expiry: "12/30", securityCode: "123", nameOnCard: "Test Declined")
        var form = CheckoutForm(cart: Fixtures.cart(), shop: Fixtures.shop, token: "t")
        form.enter(.payment)
        form.fillCard(declined)
        form.accept(VaultedCard(token: "vt_1", brand: PaymentCard.brand(of: TestCards.declined), lastFour: "0002",
                                nameOnCard: "Test Declined"))
        XCTAssertEqual(form.step, .review)
        form.declined("Your card was declined. Try a different card.")
        XCTAssertEqual(form.step, .payment)
        XCTAssertEqual(form.value("nameOnCard"), "", "the declined saved card's name went with it")
    }
}
