import Storefront
import XCTest
@testable import CheckoutSheet

/// How the page takes what the buyer types, what it repeats back, and what it keeps across loads.
final class CheckoutEntryTests: XCTestCase {
    private func field(_ page: CheckoutPage, _ id: String) -> CheckoutPage.Field? { page.fields.first { $0.id == id } }

    func testTheExpiryIsFormattedAsTypedAndCtrlUClearsAField() async throws {
        let h = SheetHarness()
        await h.present()
        await h.walkToPayment()
        await h.type("expiry", "4")
        var page = try await h.requirePage()
        XCTAssertEqual(field(page, "expiry")?.displayValue, "04 / ", "a month above 1 gets its leading zero")
        await h.send(.insert("29"))
        page = try await h.requirePage()
        XCTAssertEqual(field(page, "expiry")?.displayValue, "04 / 29")
        await h.send(.deleteBackward)
        page = try await h.requirePage()
        XCTAssertEqual(field(page, "expiry")?.displayValue, "04 / 2")
        await h.send(.clearField)
        page = try await h.requirePage()
        XCTAssertEqual(field(page, "expiry")?.displayValue, "")
        await h.send(.insert("1/3"))
        page = try await h.requirePage()
        XCTAssertEqual(field(page, "expiry")?.displayValue, "01 / 3", "a slash after one digit completes the month")
        await h.send(.clearField, .insert("12 / 30"))
        page = try await h.requirePage()
        XCTAssertEqual(field(page, "expiry")?.displayValue, "12 / 30", "a pasted date keeps its digits")
    }

    func testTheDeclinedBannerGoesOnceTheCardIsEdited() async throws {
        let h = SheetHarness()
        await h.present()
        await h.walkToReview(card: TestCards.declined)
        await h.send(.submit)
        var page = try await h.requirePage()
        XCTAssertEqual(page.notice, "Your card was declined. Try a different card.")
        await h.type("cardNumber", "4")
        page = try await h.requirePage()
        XCTAssertNil(page.notice)
        XCTAssertNil(field(page, "cardNumber")?.error)
        XCTAssertEqual(field(page, "cardNumber")?.displayValue, "4")
    }

    func testReviewAndThankYouRepeatContactAddressMethodAndCard() async throws {
        let h = SheetHarness()
        await h.present()
        await h.walkToReview()
        var page = try await h.requirePage()
        XCTAssertEqual(page.step, .review)
        let expected = [
            CheckoutPage.Detail("Contact", "ada.lovelace@example.com"),
            CheckoutPage.Detail("Ship to", "Ada Lovelace, 350 Fifth Avenue, New York 10118, US"),
            CheckoutPage.Detail("Method", "Standard · Free"),
            CheckoutPage.Detail("Payment", "Visa •••• 4242"),
        ]
        XCTAssertEqual(page.details, expected)
        await h.send(.submit)
        page = try await h.requirePage()
        XCTAssertEqual(page.step, .thankYou)
        XCTAssertEqual(page.details, expected)
    }

    /// A Dutch shop's prices include VAT: the total the cart showed is what is paid; the summary
    /// says how much of it is VAT, on every step.
    func testADutchShopsPricesIncludeVATOnEveryStep() async throws {
        var shop = Fixtures.shop
        shop.countryCode = "NL"
        let h = SheetHarness(backend: InMemoryCheckoutBackend(shop: shop, carts: [Fixtures.cart(country: "NL")]))
        await h.present()
        var page = try await h.requirePage()
        XCTAssertEqual(page.step, .contact)
        // 177.00 - 17.70 discount = 159.30, of which 21/121 is VAT: 27.647 -> 27.65.
        XCTAssertEqual(page.summary?.total.amountString, "159.30")
        XCTAssertEqual(page.summary?.taxes?.amountString, "27.65")
        XCTAssertEqual(page.summary?.taxesIncluded, true)
        XCTAssertEqual(page.summary?.taxName, "VAT")
        XCTAssertNil(page.summary?.shipping, "shipping is not known before the method")
        await h.send(.submit)
        await h.fillDelivery(country: "NL", postalCode: "1016 GV")
        page = try await h.requirePage()
        XCTAssertEqual(page.step, .shipping)
        XCTAssertEqual(page.summary?.shipping?.amountString, "0.00", "the rate being chosen counts on the shipping step")
        await h.send(.selectRate(id: "express"))
        page = try await h.requirePage()
        XCTAssertEqual(page.summary?.total.amountString, "174.20", "express is 14.90, VAT included")
        XCTAssertEqual(page.summary?.taxes?.amountString, "30.23", "21/121 of 174.20")
        await h.send(.selectRate(id: "standard"), .submit)
        page = try await h.requirePage()
        XCTAssertEqual(page.step, .payment)
        XCTAssertEqual(page.summary?.shipping?.amountString, "0.00", "free over 75")
        XCTAssertEqual(page.summary?.total.amountString, "159.30", "the total does not jump at payment")
        XCTAssertEqual(page.summary?.taxes?.amountString, "27.65")
    }

    func testACartNoteSaysWhatCheckoutAdds() {
        XCTAssertEqual(ShippingCountry.cartTaxNote(shopCountry: "NL"), "Prices include VAT. Shipping is calculated at checkout.")
        XCTAssertEqual(ShippingCountry.cartTaxNote(shopCountry: "US"), "Taxes and shipping are calculated at checkout.")
    }

    /// The kit's preload cache keeps a preloaded checkout through a cancel; showing it again is a
    /// new presentation, so its pixels come again.
    func testReopeningAPreloadedCheckoutAfterACancelIsANewPageView() async throws {
        let h = SheetHarness()
        await h.sheet.preload(checkoutURL: h.url)
        await h.present()
        await h.sheet.dismiss()
        await h.present()
        XCTAssertEqual(h.summary, [
            "pixel:page_viewed", "pixel:checkout_started", "cancel:false", "pixel:page_viewed", "pixel:checkout_started",
        ])
    }

    func testReopeningAfterACancelKeepsWhatWasTypedButNotTheCard() async throws {
        let h = SheetHarness()
        await h.present()
        await h.walkToPayment()
        await h.type("cardNumber", "4242")
        await h.sheet.dismiss()
        await h.sheet.settle()
        await h.present()
        let page = try await h.requirePage()
        XCTAssertEqual(page.step, .payment)
        XCTAssertEqual(field(page, "cardNumber")?.displayValue, "")
        XCTAssertEqual(page.summary?.total.amountString, "172.04")
    }
}
