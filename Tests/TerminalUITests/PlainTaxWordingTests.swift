import AppCore
import CheckoutSheet
import Foundation
import Storefront
import XCTest
@testable import TerminalUI

/// Plain mode names the tax as the cart screen and the checkout sheet do: VAT, sales tax or
/// consumption tax by the country, "included" where the prices hold it.
final class PlainTaxWordingTests: XCTestCase {
    func state(shopCountry: String, cartCountry: String?) -> AppState {
        var state = Fixtures.withCart
        state.shop = Shop(name: "Kestrel & Co.", description: "", domain: "kestrel.example", currencyCode: "EUR",
                          countryCode: shopCountry)
        state.cart.cart?.buyerIdentity.countryCode = cartCountry
        state.screens = [.collections, .cart]
        return state
    }

    func testTheCartSaysTheCountrysTax() {
        let cases: [(String, String?, String)] = [
            ("NL", "NL", "Prices include VAT. Shipping is calculated at checkout."),
            ("NL", "JP", "Prices include consumption tax. Shipping is calculated at checkout."),
            ("NL", "US", "Prices include sales tax. Shipping is calculated at checkout."),
            ("US", "US", "Taxes and shipping are calculated at checkout."),
        ]
        for (shop, cart, note) in cases {
            let said = PlainView.screen(state(shopCountry: shop, cartCountry: cart))
            XCTAssertTrue(said.contains(note), "\(shop) shop, \(cart ?? "-") cart:\n\(said)")
            XCTAssertFalse(said.contains("taxes and shipping at checkout"), said)
        }
    }

    func testTheCheckoutSummaryNamesTheTax() {
        var included = Fixtures.summary
        included.taxes = Fixtures.usd("19.06")
        included.taxesIncluded = true
        included.taxName = "VAT"
        XCTAssertTrue(PlainView.summaryLines(included).contains("  VAT included: $19.06"), "\(PlainView.summaryLines(included))")
        var added = included
        added.taxesIncluded = false
        added.taxName = "Sales tax"
        XCTAssertTrue(PlainView.summaryLines(added).contains("  Sales tax: $19.06"), "\(PlainView.summaryLines(added))")
        var japan = included
        japan.taxName = "Consumption tax"
        XCTAssertTrue(PlainView.summaryLines(japan).contains("  Consumption tax included: $19.06"))
    }

    /// The sheet's "Incl. …" row reads as a phrase: an acronym keeps its capitals, a name does not
    /// start with a capital in the middle of it.
    func testTheTaxInsideTheTotalReadsAsAPhrase() {
        var summary = Fixtures.summary
        summary.taxes = Fixtures.usd("19.06")
        summary.taxesIncluded = true
        let labels = ["VAT": "Incl. VAT", "GST": "Incl. GST", "Consumption tax": "Incl. consumption tax",
                      "Sales tax": "Incl. sales tax", "Taxes": "Incl. taxes"]
        for (name, label) in labels {
            summary.taxName = name
            XCTAssertEqual(OrderSummaryView.totals(summary).last?.0, label)
            XCTAssertTrue(OrderSummaryView.strip(summary, width: 80).rows.joined().contains("\(label) $19.06"),
                          "\(OrderSummaryView.strip(summary, width: 80))")
        }
    }
}
