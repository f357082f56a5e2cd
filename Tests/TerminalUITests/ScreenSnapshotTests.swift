import AppCore
import CheckoutSheet
import Storefront
import XCTest
@testable import TerminalUI

/// Every screen at 80x24, 120x40, 40x12 and below the minimum (30x10), as text: each screen's body
/// in a file of its own, its header and footer as entries of `headers.txt` and `footers.txt`, the
/// help overlay in `help.txt` (see `assertScreenSnapshot` for why there are no whole-screen files).
final class ScreenSnapshotTests: XCTestCase {
    static let sizes = [Size(width: 80, height: 24), Size(width: 120, height: 40), Size(width: 40, height: 12),
                        Size(width: 30, height: 10)]

    private func snapshot(_ state: AppState, _ name: String, sizes: [Size] = ScreenSnapshotTests.sizes,
                          file: StaticString = #filePath, line: UInt = #line) {
        for size in sizes { assertScreenSnapshot(state, name, size: size, file: file, line: line) }
    }

    func testCollections() {
        var state = Fixtures.browsing
        state.collections.selectedIndex = 0
        snapshot(state, "collections")
    }

    /// Over a Storefront API that stopped answering: saved data, and the header says so.
    func testOfflineHeader() {
        var state = Fixtures.browsing
        state.connection = .offline(dataAge: 12 * 60, reason: "Could not reach the storefront: the connection was refused")
        snapshot(state, "collections-offline", sizes: [Size(width: 80, height: 24), Size(width: 40, height: 12)])
    }

    func testCollectionsLoading() {
        var state = AppState()
        state.collections.isLoading = true
        snapshot(state, "collections-loading", sizes: [Size(width: 80, height: 24)])
    }

    func testProducts() {
        var state = Fixtures.browsing
        state.screens = [.collections, .products(collectionHandle: "summer")]
        state.collectionProducts["summer"] = PagedList(
            items: Fixtures.products, pageInfo: PageInfo(hasNextPage: true, hasPreviousPage: false, startCursor: nil, endCursor: "c"),
            selectedIndex: 3)
        snapshot(state, "products")
    }

    /// End on a list of 20 products: the last rows fill the table (no page of blanks) and the
    /// position reads "2–20 of 20" at 80x24; up from there moves the bar without scrolling.
    func testEndOfAListFillsTheTable() {
        for size in [Size(width: 80, height: 24), Size(width: 40, height: 12)] {
            var state = Fixtures.browsing
            state.screens = [.collections, .products(collectionHandle: "summer")]
            state.collectionProducts["summer"] = PagedList(
                items: Array(Fixtures.products.prefix(20)),
                pageInfo: PageInfo(hasNextPage: false, hasPreviousPage: false, startCursor: nil, endCursor: "c"))
            let layout = ScreenLayout(size: size, showsLog: false, hasError: false)
            let keys = KeyMaps.current(for: state, listRows: Renderer.listRows(state, layout))
            for key in [Key.end, .up, .up] {
                guard case .products(.moveSelection(let delta, let rows))? = keys.action(for: key) else {
                    return XCTFail("\(key) does not move the products list")
                }
                state.collectionProducts["summer"]?.moveSelection(by: delta, rows: rows)
            }
            assertScreenSnapshot(state, "products-end", size: size)
        }
    }

    func testLoadingStates() {
        var products = Fixtures.browsing
        products.screens = [.collections, .products(collectionHandle: "new")]
        products.collectionProducts["new"] = PagedList(isLoading: true)
        snapshot(products, "products-loading", sizes: [Size(width: 80, height: 24)])
        var detail = Fixtures.browsing
        detail.screens = [.collections, .productDetail(handle: "linen-shirt")]
        detail.productDetail = ProductDetailState(handle: "linen-shirt")
        detail.productDetail?.isLoading = true
        snapshot(detail, "product-detail-loading", sizes: [Size(width: 80, height: 24)])
        var search = Fixtures.browsing
        search.screens = [.collections, .search]
        search.search.query = "linen"
        search.search.isLoading = true
        snapshot(search, "search-searching", sizes: [Size(width: 80, height: 24)])
    }

    func testProductDetail() {
        var state = Fixtures.browsing
        state.screens = [.collections, .products(collectionHandle: "summer"), .productDetail(handle: "linen-shirt")]
        var detail = ProductDetailState(product: Fixtures.linenShirt)
        detail.selectedOptions = [SelectedOption(name: "Size", value: "M"), SelectedOption(name: "Color", value: "Sand")]
        detail.quantity = 2
        state.productDetail = detail
        snapshot(state, "product-detail")
    }

    /// A long title wraps; a long description shows where it is and scrolls with pgdn (driven
    /// through the key map at each size, so the keys and the view agree on the rows).
    func testProductDetailWrapsTheTitleAndScrollsTheDescription() {
        let paragraph = "Packs into its own chest pocket and weighs less than an apple. Taped seams, a hood that "
            + "turns with your head and vents under both arms."
        var product = Fixtures.products[4]
        product.description = (1...5).map { "\($0). \(paragraph)" }.joined(separator: "\n\n")
        for size in [Size(width: 80, height: 24), Size(width: 40, height: 12)] {
            var state = Fixtures.browsing
            state.screens = [.collections, .productDetail(handle: product.handle)]
            state.productDetail = ProductDetailState(product: product)
            snapshot(state, "product-detail-long", sizes: [size])
            let layout = ScreenLayout(size: size, showsLog: false, hasError: false)
            let keys = KeyMaps.current(for: state, listRows: Renderer.listRows(state, layout),
                                       body: Size(width: layout.body.width, height: layout.body.height))
            guard case .screen(.productDetail(.scrollDescription(_, let limit)))? = keys.action(for: .pageDown) else {
                return XCTFail("pgdn does not scroll the description at \(size)")
            }
            XCTAssertTrue(keys.footerHints.contains { $0.keys == "pgdn pgup" } || size.width < 80)
            // As far as pgdn goes: the last line on the last row.
            state.productDetail?.descriptionOffset = limit
            snapshot(state, "product-detail-long-end", sizes: [size])
        }
    }

    /// Every variant sold out: the crossed values say so, not that another choice would do.
    func testAProductSoldOutInEveryChoice() {
        var product = Fixtures.linenShirt
        product.variants = product.variants.map { var v = $0; v.availableForSale = false; v.quantityAvailable = 0; return v }
        var state = Fixtures.browsing
        state.screens = [.collections, .productDetail(handle: "linen-shirt")]
        state.productDetail = ProductDetailState(product: product)
        snapshot(state, "product-detail-sold-out")
        let text = Renderer.render(state, size: Size(width: 80, height: 24), environment: Fixtures.environment).text
        XCTAssertTrue(text.contains("✗ sold out in every choice"), text)
        XCTAssertFalse(text.contains("other choices"), text)
        // Plain mode says so too, rather than "sold out" as if another choice might not be.
        let said = PlainView.screen(state)
        XCTAssertTrue(said.contains("· sold out in every choice"), said)
    }

    /// A handle the shop never had is not "no longer available"; one that went while shown is.
    func testAMissingProductSaysWhetherItEverExisted() {
        var state = Fixtures.browsing
        state.screens = [.collections, .productDetail(handle: "nope")]
        state.productDetail = ProductDetailState(handle: "nope", notFound: true)
        var text = Renderer.render(state, size: Size(width: 80, height: 24), environment: Fixtures.environment).text
        XCTAssertTrue(text.contains("There is no product \"nope\" in this shop."), text)
        state.productDetail?.wentAway = true
        text = Renderer.render(state, size: Size(width: 80, height: 24), environment: Fixtures.environment).text
        XCTAssertTrue(text.contains("This product is no longer available."), text)
    }

    func testProductDetailConfirmsAnAdd() {
        var state = Fixtures.browsing
        state.screens = [.collections, .productDetail(handle: "linen-shirt")]
        state.productDetail = ProductDetailState(product: Fixtures.linenShirt)
        state.productDetail?.confirmation = "Added 2 × Linen Shirt (M / Sand) to your cart."
        snapshot(state, "product-detail-added", sizes: [Size(width: 80, height: 24), Size(width: 40, height: 12)])
    }

    func testSearchWithResults() {
        var state = Fixtures.browsing
        state.screens = [.collections, .search]
        state.search = SearchState(query: "tee", results: PagedList(items: Array(Fixtures.products.suffix(12)), selectedIndex: 1),
                                   resultsQuery: "tee")
        snapshot(state, "search")
    }

    func testSearchEmptyShowsExamples() {
        var state = Fixtures.browsing
        state.screens = [.collections, .search]
        snapshot(state, "search-empty", sizes: [Size(width: 80, height: 24), Size(width: 40, height: 12)])
    }

    func testSearchWhileAQueryIsIncomplete() {
        var state = Fixtures.browsing
        state.screens = [.collections, .search]
        state.search = SearchState(query: "price:")
        state.search.isIncomplete = true
        snapshot(state, "search-incomplete", sizes: [Size(width: 80, height: 24)])
    }

    func testSearchWithSyntaxError() {
        var state = Fixtures.browsing
        state.screens = [.collections, .search]
        state.search = SearchState(query: "price:<abc tag:sale", errorText: "Invalid search query at position 8: expected a number",
                                   errorPosition: 8)
        snapshot(state, "search-error", sizes: [Size(width: 80, height: 24)])
    }

    func testCart() {
        var state = Fixtures.withCart
        state.screens = [.collections, .cart]
        state.cart.selectedLineIndex = 1
        snapshot(state, "cart")
    }

    func testCartEditingDiscountAndConfirmingRemoval() {
        var state = Fixtures.withCart
        state.screens = [.collections, .cart]
        state.cart.editing = .discountCode
        state.cart.discountCodeText = "WELCOME"
        snapshot(state, "cart-discount-editing", sizes: [Size(width: 80, height: 24)])
        state.cart.editing = nil
        state.cart.cart?.discountCodes = [CartDiscountCode(code: "WELCOME", applicable: false)]
        state.cart.pendingRemoveLineId = "line-2"
        state.cart.selectedLineIndex = 1
        snapshot(state, "cart-confirm-remove", sizes: [Size(width: 80, height: 24)])
    }

    /// Two codes that apply, one row each, the selection on the second (x removes it), and the
    /// reason a third was refused.
    func testCartDiscountCodesOneARow() {
        var state = Fixtures.withCart
        state.screens = [.collections, .cart]
        state.cart.cart?.discountCodes = [CartDiscountCode(code: "WELCOME10", applicable: true),
                                          CartDiscountCode(code: "FIKA5", applicable: true)]
        state.cart.discountNotice = "BREWDAY20: does not combine with WELCOME10"
        state.cart.selectedLineIndex = (state.cart.cart?.lines.count ?? 0) + 1
        snapshot(state, "cart-discount-codes", sizes: [Size(width: 80, height: 24), Size(width: 40, height: 12)])
    }

    func testEmptyCart() {
        var state = Fixtures.browsing
        state.screens = [.collections, .cart]
        snapshot(state, "cart-empty", sizes: [Size(width: 80, height: 24)])
    }

    func testEventLogBesideAndBelow() {
        var state = Fixtures.browsing
        state.eventLog = EventLogState(entries: Fixtures.events, isVisible: true, nextEntryId: 6)
        snapshot(state, "event-log", sizes: [Size(width: 80, height: 24), Size(width: 120, height: 40)])
    }

    func testHelpOverlay() {
        var state = Fixtures.browsing
        state.isHelpVisible = true
        snapshot(state, "help", sizes: Self.standardSizes)
    }

    func testErrorBar() {
        var state = Fixtures.browsing
        state.errorMessage = "Could not reach the storefront: connection refused"
        snapshot(state, "error-bar", sizes: [Size(width: 80, height: 24)])
    }

    func testCheckoutSheetSteps() {
        for step in CheckoutPage.Step.allCases {
            snapshot(Fixtures.checkout(step), "checkout-\(step.rawValue)")
        }
    }

    /// The real contact step's label is longer than the label column beside the order summary:
    /// it goes above its field, whole, instead of being cut.
    func testALongFieldLabelGoesAboveItsField() {
        var state = Fixtures.checkout(.contact)
        state.checkout.page?.fields = [.init(id: "contact", label: "Email or mobile phone number", displayValue: "",
                                             placeholder: "you@example.com")]
        state.checkout.page?.focusedFieldID = "contact"
        snapshot(state, "checkout-contact-long-label", sizes: [Size(width: 100, height: 30), Size(width: 80, height: 24),
                                                               Size(width: 40, height: 12)])
        // Among short labels, only the long one goes above; the fields stay in one column.
        state.checkout.page?.fields = [
            .init(id: "address1", label: "Address", displayValue: "Keizersgracht 123"),
            .init(id: "address2", label: "Apartment, suite, etc. (optional)", displayValue: ""),
            .init(id: "city", label: "City", displayValue: "Amsterdam"),
        ]
        state.checkout.page?.focusedFieldID = "address2"
        snapshot(state, "checkout-delivery-long-label", sizes: [Size(width: 100, height: 30)])
    }

    /// A shop with all four policies and both contacts: six links, each with its digit, titles
    /// shortened to their first word where the row is short.
    func testTheSheetsSixLinks() {
        var state = Fixtures.checkout(.shipping)
        let policies = ["refund-policy": "Refund policy", "shipping-policy": "Shipping policy", "privacy-policy": "Privacy policy",
                        "terms-of-service": "Terms of service"]
        state.checkout.page?.links = ["refund-policy", "shipping-policy", "privacy-policy", "terms-of-service"].map {
            CheckoutPage.Link(title: policies[$0]!, url: "https://kestrel.example/policies/\($0)")
        } + Fixtures.shopLinks.suffix(2)
        snapshot(state, "checkout-six-links", sizes: Self.standardSizes)
    }

    static let standardSizes = [Size(width: 80, height: 24), Size(width: 120, height: 40), Size(width: 40, height: 12)]

    /// Errors push fields down: the focused field and its error stay in view, the fields scrolled
    /// away are counted on the rule, and the costs stay under the form.
    func testDeliveryWithErrorsKeepsTheFocusedFieldInView() {
        var state = Fixtures.checkout(.delivery)
        state.checkout.page = Fixtures.deliveryWithErrors
        snapshot(state, "checkout-delivery-errors", sizes: Self.standardSizes)
        var contact = Fixtures.checkout(.contact)
        contact.checkout.page = CheckoutPage(step: .contact, fields: [
            .init(id: "contact", label: "Email or mobile phone number", displayValue: "ada@",
                  error: "Enter a valid email or a mobile phone number"),
        ], focusedFieldID: "contact", summary: Fixtures.dutchSummary, links: Fixtures.shopLinks)
        snapshot(contact, "checkout-contact-errors", sizes: [Size(width: 80, height: 24)])
    }

    /// A request of a 2025-10 checkout: the picker over the sheet, the selected row highlighted,
    /// the card only by its last digits, the picker's keys on the sheet's key row.
    func testCheckoutRequestPickers() {
        var state = Fixtures.checkout(.delivery)
        let address = MailingAddress(firstName: "Ada", lastName: "Lovelace", address1: "12 St James's Square", city: "London",
                                     countryCode: "GB", postalCode: "SW1Y 4JH")
        state.checkout.picker = CheckoutRequestPicker(request: CheckoutRequest(kind: .addressChange, id: "1"),
                                                      options: [.address(address), .typeAddress])
        snapshot(state, "checkout-address-picker", sizes: Self.standardSizes)
        state.checkout.picker = CheckoutRequestPicker(request: CheckoutRequest(kind: .addressChange, id: "1"), options: [.typeAddress])
        snapshot(state, "checkout-address-picker-empty", sizes: [Size(width: 80, height: 24)])
        state = Fixtures.checkout(.payment)
        state.checkout.picker = CheckoutRequestPicker(request: CheckoutRequest(kind: .paymentMethodChange, id: "2"), options: [
            .card(CheckoutPaymentCard(number: "4242424242424242", expiry: "12/30", securityCode: "123", nameOnCard: "Test Approved")),
            .card(CheckoutPaymentCard(number: "4000000000000002", expiry: "12/30", securityCode: "123", nameOnCard: "Test Declined")),
        ], selection: 1)
        snapshot(state, "checkout-payment-picker", sizes: Self.standardSizes)
    }

    /// The typed address over the sheet: every label with its value, the cursor at the end of the
    /// focused field; after a refused send, the errors under their fields.
    func testCheckoutTypedAddressForm() {
        var state = Fixtures.checkout(.delivery)
        var form = CheckoutAddressForm(countryCode: "NL")
        form.values[.name] = "Vincent van Gogh"
        form.values[.address1] = "Prinsengracht 263"
        form.values[.city] = "Amsterdam"
        form.values[.postalCode] = "1016 GV"
        form.focus = .city
        state.checkout.picker = CheckoutRequestPicker(request: CheckoutRequest(kind: .addressChange, id: "1"),
                                                      options: [.typeAddress], form: form, isTyping: true)
        snapshot(state, "checkout-address-form", sizes: Self.standardSizes)
        // The cursor is at the end of the city, not in the page's field under the form.
        for size in Self.standardSizes {
            let grid = Renderer.render(state, size: size, environment: Fixtures.environment)
            guard let cursor = grid.cursor else { return XCTFail("the focused field shows the cursor at \(size)") }
            let line = grid.line(cursor.y)
            guard let end = line.range(of: "City  ")?.upperBound, let value = line.range(of: "Amsterdam", range: end..<line.endIndex)
            else { return XCTFail("the cursor's row is the city's at \(size): \(line)") }
            XCTAssertEqual(cursor.x, DisplayWidth.of(String(line[..<value.upperBound])), "at \(size)")
        }
        form.values[.postalCode] = nil
        form.values[.countryCode] = "N"
        form.errors = [.postalCode: "Enter a postal code", .countryCode: "Enter the country as two letters, like NL"]
        form.focus = .postalCode
        state.checkout.picker?.form = form
        snapshot(state, "checkout-address-form-errors", sizes: Self.standardSizes)
    }

    /// Six links while typing: "alt-" once before the digits, so each still has its name.
    func testSixLinksWhileTypingKeepTheirNames() {
        var state = Fixtures.checkout(.payment)
        state.checkout.page?.notice = nil
        state.checkout.page?.links = Fixtures.shopLinks + [
            .init(title: "Privacy policy", url: "https://kestrel.example/policies/privacy-policy"),
            .init(title: "Terms of service", url: "https://kestrel.example/policies/terms-of-service"),
        ]
        let text = Renderer.render(state, size: Size(width: 80, height: 24), environment: Fixtures.environment).text
        XCTAssertTrue(text.contains("alt-1 Refund  2 Shipping  3 Contact  4 Call  5 Privacy  6 Terms"), text)
    }

    /// The card number shows its digits while its field has focus, masked once it has not.
    func testPaymentWithAndWithoutFocusOnTheCardNumber() {
        var state = Fixtures.checkout(.payment)
        state.checkout.page?.notice = nil
        state.checkout.page?.links = Fixtures.shopLinks
        state.checkout.page?.fields[0].displayValue = "4242 4242 4242 4242 1"
        state.checkout.page?.fields[1].displayValue = "12 / "
        snapshot(state, "checkout-payment-typing", sizes: Self.standardSizes)
        state.checkout.page?.fields[0].displayValue = "•••• •••• •••• •242 1"
        state.checkout.page?.focusedFieldID = "nameOnCard"
        snapshot(state, "checkout-payment-masked", sizes: Self.standardSizes)
    }

    /// After a recovery the sheet says, in one line, that it reloaded; with the log open below it
    /// at 80x24, the log gives way so the card fields stay on the sheet.
    func testRecoveredPaymentWithTheLogBelow() {
        var state = Fixtures.checkout(.payment)
        state.checkout.page?.notice = nil
        state.checkout.page?.fields[0].displayValue = ""
        state.checkout.notice = "Reloaded after an error (Bad Gateway): your details are kept."
        snapshot(state, "checkout-recovered", sizes: Self.standardSizes)
        state.eventLog = EventLogState(entries: Fixtures.events, isVisible: true, nextEntryId: 6)
        snapshot(state, "checkout-recovered-with-log", sizes: [Size(width: 80, height: 24)])
    }

    func testThankYouWithTheLogBelowShowsTheLinesThatFit() {
        var state = Fixtures.checkout(.thankYou)
        state.eventLog = EventLogState(entries: Fixtures.events, isVisible: true, nextEntryId: 6)
        snapshot(state, "checkout-thank-you-with-log", sizes: [Size(width: 80, height: 24)])
    }

    /// Breadcrumbs are cut from the left, so the current screen stays; at 40 columns the shop's
    /// name gives way to it.
    func testHeaderBreadcrumbs() {
        var state = Fixtures.browsing
        state.screens = [.collections, .products(collectionHandle: "summer"), .productDetail(handle: "linen-shirt")]
        var detail = ProductDetailState(product: Fixtures.product("blend", "House Espresso Blend Extra Long Name Edition",
                                                                  variants: [Fixtures.variant("9", [], price: "12.50")]))
        detail.quantity = 1
        state.productDetail = detail
        state.cart.cart = Fixtures.sampleCart
        for size in [Size(width: 80, height: 24), Size(width: 120, height: 40), Size(width: 40, height: 12)] {
            let grid = Renderer.render(state, size: size, environment: Fixtures.environment)
            assertSnapshotEntry(grid.cropped(to: Rect(x: 0, y: 0, width: size.width, height: 1)).text, named: "\(size) breadcrumbs", in: "headers")
        }
        state.screens = [.collections]
        let grid = Renderer.render(state, size: Size(width: 40, height: 12), environment: Fixtures.environment)
        assertSnapshotEntry(grid.cropped(to: Rect(x: 0, y: 0, width: 40, height: 1)).text, named: "40x12 breadcrumbs-first-screen", in: "headers")
    }

    /// Scrolled up, the log holds its place and says how many newer events wait below.
    func testEventLogNewerMarker() {
        var state = Fixtures.browsing
        state.eventLog = EventLogState(entries: Fixtures.events, isVisible: true, scrollOffset: 1, nextEntryId: 6)
        snapshot(state, "event-log-newer", sizes: [Size(width: 80, height: 24), Size(width: 120, height: 40)])
    }

    /// A message longer than the bar wraps onto a second row instead of being cut.
    func testALongErrorWrapsToTwoRows() {
        var state = Fixtures.browsing
        state.errorMessage = "/home/ada/.local/state/storefront/carts.json is not valid JSON (line 1); moved aside to "
            + "carts.json.corrupt-20261124T013800Z and started empty"
        snapshot(state, "error-bar-long", sizes: [Size(width: 80, height: 24), Size(width: 40, height: 12)])
    }

    func testCheckoutWithEventLog() {
        var state = Fixtures.checkout(.thankYou)
        state.eventLog = EventLogState(entries: Fixtures.events, isVisible: true, nextEntryId: 6)
        snapshot(state, "checkout-thank-you-with-log", sizes: [Size(width: 100, height: 30), Size(width: 120, height: 40)])
    }
}
