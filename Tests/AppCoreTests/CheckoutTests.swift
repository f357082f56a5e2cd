import XCTest
import AppCore
import AppCoreTesting
import CheckoutSheet
import Storefront

@MainActor
final class CheckoutTests: XCTestCase {
    let cart = Fixtures.shirtCart()
    var url: String { cart.checkoutUrl }
    let time = Fixtures.date
    /// The lines an order of `cart` records.
    let orderedLines = [CustomerOrder.LineItem(title: "Shirt shirt (S / Red)", quantity: 1)]

    func cartScreen(preloaded: Bool = false) -> AppState {
        AppState(screens: [.collections, .cart], cart: CartState(cart: cart, confirmedCart: cart),
                 checkout: CheckoutState(preloadedURL: preloaded ? cart.checkoutUrl : nil))
    }

    func start(_ store: TestStore<AppState, AppAction>) async {
        await store.send(.checkout(.start)) {
            $0.checkout.isPresented = true
            $0.checkout.page = .loading
            $0.checkout.sheetWork = 1
        }
        await store.receive(.checkout(.delegate(.presented)))
    }

    /// The cancel a closing sheet reports: logged, never an error.
    /// Order 1001 completes in the sheet, the ordered product is read again as `after` (`change`
    /// is what that does to the state), and the shopper closes the thank-you page.
    func placeOrder(_ store: TestStore<AppState, AppAction>, _ env: TestEnvironment, reading after: Product,
                    change: @escaping (inout AppState) -> Void) async {
        await complete1001(store, env)
        await store.receive(.checkout(.orderedProductRefreshed(after)), assert: change)
        await store.send(.checkout(.close))
        await expectCanceled(store, afterCompletion: true, entryId: 2)
        await expectDismissed(store, entryId: 3)
        await store.finish()
    }

    /// The sheet completes order 1001: logged, listed as the sheet said (`listed`: among this
    /// terminal's guest orders), and the cart is done.
    func complete1001(_ store: TestStore<AppState, AppAction>, _ env: TestEnvironment, listed: Bool = true) async {
        await start(store)
        env.sheet.emit(.event(Fixtures.completed(orderId: "1001")))
        await store.receive(.checkout(.sheetUpdate(.event(Fixtures.completed(orderId: "1001")), at: time))) {
            $0.eventLog.entries.append(EventLogEntry(id: 1, time: self.time, name: "complete",
                                                     fields: [.init("order", "1001"), .init("decoded", "full"), .init("email", "a@b.example")]))
            $0.eventLog.nextEntryId = 2
            $0.checkout.completedOrderId = "1001"
        }
        let order = listed ? PlacedOrder(id: "1001", name: nil, placedAt: time, lines: orderedLines, total: Fixtures.usd("20.00")) : nil
        await store.receive(.checkout(.delegate(.orderPlaced(order)))) {
            if let order { $0.orders = [order] }
            $0.cart = CartState()
        }
    }

    func expectCanceled(_ store: TestStore<AppState, AppAction>, afterCompletion: Bool, entryId: Int) async {
        let time = self.time
        await store.receive(.checkout(.sheetUpdate(.event(.canceled(afterCompletion: afterCompletion)), at: time))) {
            $0.eventLog.entries.append(EventLogEntry(id: entryId, time: time, name: "cancel",
                                                     fields: [.init("afterCompletion", afterCompletion ? "true" : "false")]))
            $0.eventLog.nextEntryId = entryId + 1
        }
    }

    /// The sheet going away: logged, the sheet closes, and its stream ends.
    func expectDismissed(_ store: TestStore<AppState, AppAction>, entryId: Int) async {
        let time = self.time
        await store.receive(.checkout(.sheetUpdate(.dismissed, at: time))) {
            $0.eventLog.entries.append(EventLogEntry(id: entryId, time: time, name: "dismissed"))
            $0.eventLog.nextEntryId = entryId + 1
            $0.checkout.isPresented = false
            $0.checkout.page = nil
        }
        await store.receive(.checkout(.presentationEnded))
    }

    func testOpeningTheCartPreloadsItsCheckoutOnce() async {
        let env = TestEnvironment()
        let store = env.store(AppState(cart: CartState(cart: cart, confirmedCart: cart)))

        await store.send(.navigation(.openCart)) {
            $0.screens = [.collections, .cart]
            $0.checkout.preloadedURL = self.url
        }
        await store.send(.navigation(.back)) { $0.screens = [.collections] }
        await store.send(.navigation(.openCart)) { $0.screens = [.collections, .cart] }
        await store.finish()
        XCTAssertEqual(env.sheet.calls, [.preload(url)])
    }

    func testAnEmptyCartIsNotPreloaded() async {
        let env = TestEnvironment()
        let store = env.store()
        await store.send(.navigation(.openCart)) { $0.screens = [.collections, .cart] }
        await store.send(.checkout(.start))
        await store.receive(.checkout(.delegate(.failed(AppError(message: "Your cart is empty."))))) { $0.errorMessage = "Your cart is empty." }
        await store.finish()
        XCTAssertEqual(env.sheet.calls, [])
    }

    func testACartChangeInvalidatesThePreloadedCheckout() async {
        var env = TestEnvironment()
        env.storefront.onLinesUpdate = { _, _ in CartPayload(cart: Fixtures.shirtCart(quantity: 2)) }
        let store = env.store(cartScreen(preloaded: true))

        await store.send(.cart(.incrementQuantity)) {
            $0.cart.cart = Fixtures.shirtCart(quantity: 2)
            $0.cart.latestRequestId = 1
            $0.cart.nextRequestId = 2
            $0.setLoading([.cartMutation])
        }
        await store.receive(.cart(.delegate(.changed))) { $0.checkout.preloadedURL = nil }
        await store.receive(.cart(.mutationResponse(requestId: 1, .success(CartPayload(cart: Fixtures.shirtCart(quantity: 2)))))) {
            $0.cart.confirmedCart = Fixtures.shirtCart(quantity: 2)
            $0.cart.confirmedRequestId = 1
            $0.cart.latestRequestId = nil
            $0.setLoading([])
        }
        // Not re-preloaded on every change: only when the cart is opened again.
        await store.send(.navigation(.back)) { $0.screens = [.collections] }
        await store.send(.navigation(.openCart)) {
            $0.screens = [.collections, .cart]
            $0.checkout.preloadedURL = self.url
        }
        await store.finish()
        XCTAssertEqual(env.sheet.calls, [.invalidate, .preload(url)])
    }

    func testACompletedCheckoutRecordsTheOrderAndStartsANewCart() async {
        let env = TestEnvironment()
        let store = env.store(cartScreen(preloaded: true))

        await start(store)
        let contact = CheckoutPage(step: .contact, fields: [CheckoutPage.Field(id: "email", label: "Email", displayValue: "")],
                                   focusedFieldID: "email")
        env.sheet.emit(.page(contact))
        await store.receive(.checkout(.sheetUpdate(.page(contact), at: time))) { $0.checkout.page = contact }

        // Each input is work the sheet owes a `settled` for.
        await store.send(.checkout(.pageInput(.insert("a@b.example")))) { $0.checkout.sheetWork = 2 }
        await store.send(.checkout(.pageInput(.submit))) { $0.checkout.sheetWork = 3 }
        env.sheet.emit(.settled)
        await store.receive(.checkout(.sheetUpdate(.settled, at: time))) { $0.checkout.sheetWork = 2 }

        let pixel = PixelEvent(kind: .standard, name: "checkout_started", id: "px-1")
        env.sheet.emit(.event(.pixel(pixel)))
        await store.receive(.checkout(.sheetUpdate(.event(.pixel(pixel)), at: time))) {
            $0.eventLog.entries = [EventLogEntry(id: 1, time: self.time, name: "pixel",
                                                 fields: [.init("event", "checkout_started"), .init("type", "standard"), .init("id", "px-1")])]
            $0.eventLog.nextEntryId = 2
        }

        let thankYou = CheckoutPage(step: .thankYou, orderName: "#1001", orderId: "1001")
        env.sheet.emit(.page(thankYou))
        await store.receive(.checkout(.sheetUpdate(.page(thankYou), at: time))) { $0.checkout.page = thankYou }

        env.sheet.emit(.event(Fixtures.completed(orderId: "1001")))
        await store.receive(.checkout(.sheetUpdate(.event(Fixtures.completed(orderId: "1001")), at: time))) {
            $0.eventLog.entries.append(EventLogEntry(id: 2, time: self.time, name: "complete",
                                                     fields: [.init("order", "1001"), .init("decoded", "full"), .init("email", "a@b.example")]))
            $0.eventLog.nextEntryId = 3
            $0.checkout.completedOrderId = "1001"
            $0.checkout.preloadedURL = nil
        }
        await store.receive(.checkout(.delegate(.orderPlaced(PlacedOrder(id: "1001", name: "#1001", placedAt: self.time, lines: self.orderedLines, total: Fixtures.usd("20.00")))))) {
            $0.orders = [PlacedOrder(id: "1001", name: "#1001", placedAt: self.time, lines: self.orderedLines, total: Fixtures.usd("20.00"))]
            $0.cart = CartState()
        }

        // The buyer closes the thank-you page: the cancel that follows a completion is not an error.
        await store.send(.checkout(.close))
        await expectCanceled(store, afterCompletion: true, entryId: 3)
        await expectDismissed(store, entryId: 4)
        await store.finish()

        XCTAssertNil(store.state.errorMessage)
        XCTAssertEqual(env.sheet.calls, [.present(url), .send(.insert("a@b.example")), .send(.submit), .dismiss])
        XCTAssertEqual(env.savedCartIds.values, [nil])
    }

    /// A signed-in cart's order is the customer's: it is listed from the account, not among this
    /// terminal's guest orders, where it would stay after the customer logged out.
    func testASignedInCartsOrderIsNotListedAmongTheGuestOrders() async {
        let env = TestEnvironment()
        var state = cartScreen()
        state.cart.cart?.buyerIdentity = BuyerIdentity(email: "a@b.example", customerAccessToken: "tok-1")
        let store = env.store(state)

        await complete1001(store, env, listed: false)
        await store.cancelInFlightEffects()
        await store.finish()
        XCTAssertEqual(store.state.orders, [])
    }

    /// Over the Storefront API the token is write-only: the cart comes back naming its customer, and
    /// that is enough to keep its order off the guest list.
    func testACartNamingItsCustomerIsNotListedAmongTheGuestOrders() async {
        let env = TestEnvironment()
        var state = cartScreen()
        state.cart.cart?.buyerIdentity = BuyerIdentity(email: "a@b.example", customer: Customer(id: "gid://shopify/Customer/1", email: "a@b.example"))
        let store = env.store(state)

        await complete1001(store, env, listed: false)
        await store.cancelInFlightEffects()
        await store.finish()
        XCTAssertEqual(store.state.orders, [])
    }

    /// The order took stock: the ordered product is read again and every copy the app holds
    /// (the collection's list, the product screen) shows what is left.
    func testACompletedOrderRefreshesTheStockOfWhatWasOrdered() async {
        var env = TestEnvironment()
        let before = Fixtures.shirt(stock: 10)
        let after = Fixtures.shirt(stock: 9)
        let reads = Recorder<String>()
        env.storefront.onProduct = { handle in reads.record(handle); return after }
        var state = cartScreen()
        state.collectionProducts["shirts"] = PagedList(items: [before])
        state.productDetail = ProductDetailState(product: before)
        let store = env.store(state)

        await placeOrder(store, env, reading: after) {
            $0.collectionProducts["shirts"] = PagedList(items: [after])
            $0.productDetail = ProductDetailState(product: after)
        }
        XCTAssertEqual(reads.values, ["shirt"])
    }

    /// A shopper in Japan who orders sees the ordered product again in yen and in Japanese: the
    /// read past the cache asks in the shopper's market, as every other read does. The saved
    /// answers go first: a list read from them later (in this run or the next) would show the
    /// stock from before the order.
    func testTheStockReadAfterAnOrderAsksInTheShoppersMarket() async {
        var env = TestEnvironment()
        let before = Fixtures.shirt(stock: 10)
        let after = Fixtures.shirt(stock: 9)
        let reads = Recorder<String>()
        var fresh = FakeStorefront()
        fresh.onMarketProduct = { context, handle in reads.record("\(context.country ?? "home") \(handle)"); return after }
        env.freshStorefront = fresh
        env.forgetSavedAnswers = { reads.record("saved answers dropped") }
        var state = cartScreen()
        state.country = "JP"
        state.collectionProducts["shirts"] = PagedList(items: [before])
        let store = env.store(state)

        await placeOrder(store, env, reading: after) { $0.collectionProducts["shirts"] = PagedList(items: [after]) }
        XCTAssertEqual(reads.values, ["saved answers dropped", "JP shirt"])
    }

    func testAFailedCheckoutShowsTheErrorBar() async {
        let env = TestEnvironment()
        let store = env.store(cartScreen(preloaded: true))
        await start(store)
        let error = CheckoutError.checkoutUnavailable(message: "Internal Server Error", code: .httpError(statusCode: 500), recoverable: false)
        env.sheet.emit(.event(.failed(error)))
        env.sheet.emit(.dismissed)
        await store.receive(.checkout(.sheetUpdate(.event(.failed(error)), at: time))) {
            $0.eventLog.entries = [EventLogEntry(id: 1, time: self.time, name: "fail", fields: [
                .init("type", "checkoutUnavailable"), .init("code", "unknown"), .init("message", "Internal Server Error"),
                .init("recoverable", "false"),
            ])]
            $0.eventLog.nextEntryId = 2
            $0.checkout.lastError = error
            $0.checkout.preloadedURL = nil
            $0.checkout.errorBarMessage = "Checkout failed: Internal Server Error"
        }
        await store.receive(.checkout(.delegate(.failed(AppError(message: "Checkout failed: Internal Server Error"))))) { $0.errorMessage = "Checkout failed: Internal Server Error" }
        await expectDismissed(store, entryId: 2)
        await store.finish()
        // The cart is kept for another try.
        XCTAssertEqual(store.state.cart.cart, cart)
    }

    func testCancellingBeforePayingKeepsTheCartAndLogsLinkClicks() async {
        let env = TestEnvironment()
        let store = env.store(cartScreen())
        await start(store)
        // A second start while the sheet is up does nothing.
        await store.send(.checkout(.start))
        env.sheet.emit(.event(.linkClicked(url: "https://shop.example/policies/refund-policy")))
        await store.receive(.checkout(.sheetUpdate(.event(.linkClicked(url: "https://shop.example/policies/refund-policy")), at: time))) {
            $0.eventLog.entries = [EventLogEntry(id: 1, time: self.time, name: "linkClick",
                                                 fields: [.init("url", "https://shop.example/policies/refund-policy")])]
            $0.eventLog.nextEntryId = 2
        }
        // The shop has not said it publishes that policy: nothing opens.
        await store.receive(.checkout(.delegate(.linkClicked(url: "https://shop.example/policies/refund-policy"))))
        // Esc goes to the sheet while it is up.
        await store.send(.navigation(.back))
        await expectCanceled(store, afterCompletion: false, entryId: 2)
        await expectDismissed(store, entryId: 3)
        // Input with no sheet up is dropped.
        await store.send(.checkout(.pageInput(.submit)))
        await store.send(.checkout(.close))
        await store.finish()
        XCTAssertNil(store.state.errorMessage)
        XCTAssertEqual(env.sheet.calls, [.present(url), .dismiss])
    }

    /// A policy link opens About at that policy over the sheet, and is logged; esc goes back to the
    /// sheet as it was, and esc again closes it. A link that is not a policy (mailto:) opens nothing.
    func testAPolicyLinkOpensAboutOverTheSheetAndEscGoesBackToIt() async {
        let env = TestEnvironment()
        var state = cartScreen()
        let shipping = ShopPolicy(kind: .shipping, id: "gid://shopify/ShopPolicy/2", handle: "shipping-policy",
                                  title: "Delivery", body: "<p>Two days.</p>", url: "https://shop.example/policies/shipping-policy")
        state.shop = Shop(name: "Shop", description: "", domain: "shop.example", currencyCode: "USD", countryCode: "US",
                          policies: [shipping], contactEmail: "help@shop.example")
        let store = env.store(state)
        await start(store)
        env.sheet.emit(.event(.linkClicked(url: "mailto:help@shop.example")))
        await store.receive(.checkout(.sheetUpdate(.event(.linkClicked(url: "mailto:help@shop.example")), at: time))) {
            $0.eventLog.entries = [EventLogEntry(id: 1, time: self.time, name: "linkClick", fields: [.init("url", "mailto:help@shop.example")])]
            $0.eventLog.nextEntryId = 2
        }
        await store.receive(.checkout(.delegate(.linkClicked(url: "mailto:help@shop.example"))))
        env.sheet.emit(.event(.linkClicked(url: shipping.url)))
        await store.receive(.checkout(.sheetUpdate(.event(.linkClicked(url: shipping.url)), at: time))) {
            $0.eventLog.entries.append(EventLogEntry(id: 2, time: self.time, name: "linkClick", fields: [.init("url", shipping.url)]))
            $0.eventLog.nextEntryId = 3
        }
        await store.receive(.checkout(.delegate(.linkClicked(url: shipping.url)))) {
            $0.screens = [.collections, .cart, .about(AboutState(policy: .shipping, overSheet: true))]
        }
        XCTAssertTrue(store.state.checkout.isPresented)
        XCTAssertFalse(store.state.isSheetShown)
        // Esc leaves the policy: the sheet is there again, not closed.
        await store.send(.navigation(.back)) { $0.screens = [.collections, .cart] }
        XCTAssertTrue(store.state.isSheetShown)
        XCTAssertEqual(env.sheet.calls, [.present(url)])
        await store.send(.navigation(.back))
        await expectCanceled(store, afterCompletion: false, entryId: 3)
        await expectDismissed(store, entryId: 4)
        await store.finish()
    }

    /// The About page opened from the shop stays where it is on the stack: a policy link from the
    /// sheet opens its own page over the sheet instead of taking the cart off the stack.
    func testAPolicyLinkDoesNotTakeTheCartOffTheStack() async {
        let env = TestEnvironment()
        var state = cartScreen()
        state.screens = [.collections, .about(AboutState(offset: 4)), .cart]
        let refund = ShopPolicy(kind: .refund, id: "gid://shopify/ShopPolicy/1", handle: "refund-policy",
                                title: "Refund policy", body: "30 days.", url: "https://shop.example/policies/refund-policy")
        state.shop = Shop(name: "Shop", description: "", domain: "shop.example", currencyCode: "USD", countryCode: "US", policies: [refund])
        let store = env.store(state)
        await start(store)
        env.sheet.emit(.event(.linkClicked(url: refund.url)))
        await store.receive(.checkout(.sheetUpdate(.event(.linkClicked(url: refund.url)), at: time))) {
            $0.eventLog.entries = [EventLogEntry(id: 1, time: self.time, name: "linkClick", fields: [.init("url", refund.url)])]
            $0.eventLog.nextEntryId = 2
        }
        await store.receive(.checkout(.delegate(.linkClicked(url: refund.url)))) {
            $0.screens.append(.about(AboutState(policy: .refund, overSheet: true)))
        }
        // Its scroll keys move the page on top, from the policy's title.
        await store.send(.about(.scrollFrom(line: 7, by: 1, limit: 20))) {
            $0.screens[3] = .about(AboutState(offset: 8, overSheet: true))
        }
        await store.send(.navigation(.back)) { $0.screens.removeLast() }
        XCTAssertEqual(store.state.screens, [.collections, .about(AboutState(offset: 4)), .cart])
        await store.send(.navigation(.back))
        await expectCanceled(store, afterCompletion: false, entryId: 2)
        await expectDismissed(store, entryId: 3)
        await store.finish()
    }

    func testCheckoutWaitsForAPendingCartChange() async {
        let env = TestEnvironment()
        var state = cartScreen()
        state.cart.latestRequestId = 4
        let store = env.store(state)
        await store.send(.checkout(.start))
        await store.receive(.checkout(.delegate(.failed(AppError(message: "The cart is still updating; try again in a moment."))))) { $0.errorMessage = "The cart is still updating; try again in a moment." }
        await store.finish()
        XCTAssertEqual(env.sheet.calls, [])
    }

    /// A payment gateway failure, recovered: the error bar gives way to one line in the sheet, and
    /// nothing of it is left under the thank-you page.
    func testARecoveredFailureLeavesNoErrorUnderTheThankYouPage() async {
        let env = TestEnvironment()
        let store = env.store(cartScreen())
        await start(store)
        let error = CheckoutError.checkoutUnavailable(message: "Bad Gateway", code: .httpError(statusCode: 502), recoverable: true)
        env.sheet.emit(.event(.failed(error)))
        await store.receive(.checkout(.sheetUpdate(.event(.failed(error)), at: time))) {
            $0.eventLog.entries = [EventLogEntry(id: 1, time: self.time, name: "fail", fields: [
                .init("type", "checkoutUnavailable"), .init("code", "unknown"), .init("message", "Bad Gateway"),
                .init("recoverable", "true"),
            ])]
            $0.eventLog.nextEntryId = 2
            $0.checkout.lastError = error
            $0.checkout.errorBarMessage = "Checkout failed: Bad Gateway"
        }
        await store.receive(.checkout(.delegate(.failed(AppError(message: "Checkout failed: Bad Gateway"))))) { $0.errorMessage = "Checkout failed: Bad Gateway" }
        env.sheet.emit(.event(.recoveryStarted))
        await store.receive(.checkout(.sheetUpdate(.event(.recoveryStarted), at: time))) {
            $0.eventLog.entries.append(EventLogEntry(id: 2, time: self.time, name: "recovery"))
            $0.eventLog.nextEntryId = 3
            $0.checkout.errorBarMessage = nil
            $0.checkout.notice = "Reloaded after an error (Bad Gateway): your details are kept."
        }
        await store.receive(.checkout(.delegate(.withdrawError(["Checkout failed: Bad Gateway"])))) { $0.errorMessage = nil }
        // The sheet reloads at payment: the notice stays there; a good card takes the buyer to review,
        // and the notice goes.
        let payment = CheckoutPage(step: .payment, progress: 1), review = CheckoutPage(step: .review, progress: 1)
        env.sheet.emit(.page(payment))
        await store.receive(.checkout(.sheetUpdate(.page(payment), at: time))) { $0.checkout.page = payment }
        env.sheet.emit(.page(review))
        await store.receive(.checkout(.sheetUpdate(.page(review), at: time))) {
            $0.checkout.page = review
            $0.checkout.notice = nil
        }
        env.sheet.emit(.event(Fixtures.completed(orderId: "7")))
        await store.receive(.checkout(.sheetUpdate(.event(Fixtures.completed(orderId: "7")), at: time))) {
            $0.eventLog.entries.append(EventLogEntry(id: 3, time: self.time, name: "complete",
                                                     fields: [.init("order", "7"), .init("decoded", "full"), .init("email", "a@b.example")]))
            $0.eventLog.nextEntryId = 4
            $0.checkout.completedOrderId = "7"
        }
        await store.receive(.checkout(.delegate(.orderPlaced(PlacedOrder(id: "7", name: nil, placedAt: self.time, lines: self.orderedLines, total: Fixtures.usd("20.00")))))) {
            $0.orders = [PlacedOrder(id: "7", name: nil, placedAt: self.time, lines: self.orderedLines, total: Fixtures.usd("20.00"))]
            $0.cart = CartState()
        }
        await store.cancelInFlightEffects()
        await store.finish()
    }

    /// An error the checkout did not raise stays until dismissed, even when an order completes.
    func testTheCheckoutTakesDownOnlyItsOwnError() async {
        let env = TestEnvironment()
        var state = cartScreen()
        state.errorMessage = "Could not reach the storefront"
        let store = env.store(state)
        await start(store)
        env.sheet.emit(.event(Fixtures.completed(orderId: "8")))
        await store.receive(.checkout(.sheetUpdate(.event(Fixtures.completed(orderId: "8")), at: time))) {
            $0.eventLog.entries = [EventLogEntry(id: 1, time: self.time, name: "complete",
                                                 fields: [.init("order", "8"), .init("decoded", "full"), .init("email", "a@b.example")])]
            $0.eventLog.nextEntryId = 2
            $0.checkout.completedOrderId = "8"
        }
        await store.receive(.checkout(.delegate(.orderPlaced(PlacedOrder(id: "8", name: nil, placedAt: self.time, lines: self.orderedLines, total: Fixtures.usd("20.00")))))) {
            $0.orders = [PlacedOrder(id: "8", name: nil, placedAt: self.time, lines: self.orderedLines, total: Fixtures.usd("20.00"))]
            $0.cart = CartState()
        }
        await store.cancelInFlightEffects()
        await store.finish()
        XCTAssertEqual(store.state.errorMessage, "Could not reach the storefront")
    }

    func testRecoveryAndASecondCompletionAreLoggedOnce() async {
        let env = TestEnvironment()
        let store = env.store(cartScreen())
        await start(store)
        env.sheet.emit(.event(.recoveryStarted))
        await store.receive(.checkout(.sheetUpdate(.event(.recoveryStarted), at: time))) {
            $0.eventLog.entries = [EventLogEntry(id: 1, time: self.time, name: "recovery")]
            $0.eventLog.nextEntryId = 2
            $0.checkout.notice = "Reloaded after an error: your details are kept."
        }
        env.sheet.emit(.event(Fixtures.completed(orderId: "7")))
        await store.receive(.checkout(.sheetUpdate(.event(Fixtures.completed(orderId: "7")), at: time))) {
            $0.eventLog.entries.append(EventLogEntry(id: 2, time: self.time, name: "complete",
                                                     fields: [.init("order", "7"), .init("decoded", "full"), .init("email", "a@b.example")]))
            $0.eventLog.nextEntryId = 3
            $0.checkout.notice = nil
            $0.checkout.completedOrderId = "7"
        }
        await store.receive(.checkout(.delegate(.orderPlaced(PlacedOrder(id: "7", name: nil, placedAt: self.time, lines: self.orderedLines, total: Fixtures.usd("20.00")))))) {
            $0.orders = [PlacedOrder(id: "7", name: nil, placedAt: self.time, lines: self.orderedLines, total: Fixtures.usd("20.00"))]
            $0.cart = CartState()
        }
        env.sheet.emit(.event(Fixtures.completed(orderId: "7")))
        await store.receive(.checkout(.sheetUpdate(.event(Fixtures.completed(orderId: "7")), at: time))) {
            $0.eventLog.entries.append(EventLogEntry(id: 3, time: self.time, name: "complete",
                                                     fields: [.init("order", "7"), .init("decoded", "full"), .init("email", "a@b.example")]))
            $0.eventLog.nextEntryId = 4
        }
        await store.cancelInFlightEffects()
        await store.finish()
        XCTAssertEqual(store.state.orders.count, 1)
        XCTAssertEqual(env.savedCartIds.values, [nil])
    }

    /// The orders list is the ledger's: after a completion the app reads it, and the order shows
    /// at the total the shop charged and under its number, whatever the sheet said (a recovered
    /// checkout's completion carries neither).
    func testTheOrdersAreTheLedgersAtTheTotalItCharged() async {
        var env = TestEnvironment()
        let charged = Order(id: "1001", name: "#1001", processedAt: time, draft: OrderDraft(
            checkoutSessionId: "s", cartId: cart.id, email: nil, phone: nil,
            lineItems: [OrderLineItem(title: "Shirt shirt", variantTitle: "S / Red", quantity: 1, price: Fixtures.usd("20.00"),
                                      merchandiseId: "v", productId: "p")],
            subtotal: Fixtures.usd("20.00"), shipping: Fixtures.usd("5.90"), taxes: Fixtures.usd("0"), discounts: Fixtures.usd("0"),
            total: Fixtures.usd("25.90"), shippingAddress: nil, billingAddress: nil, shippingMethod: "Standard", payment: nil))
        env.ledgerOrders = { [charged] }
        let store = env.store(cartScreen())
        // Where the ledger can be read, the app adds nothing of its own: the list is what it reads.
        await complete1001(store, env, listed: false)
        await store.receive(.checkout(.readLedgerOrders))
        await store.receive(.checkout(.ledgerOrdersRead([charged]))) {
            $0.orders = [PlacedOrder(recorded: charged)]
        }
        XCTAssertEqual(store.state.orders.first?.total, Fixtures.usd("25.90"))
        XCTAssertEqual(store.state.orders.first?.name, "#1001")
        XCTAssertEqual(store.state.orders.first?.lines, self.orderedLines)
        await store.send(.checkout(.close))
        await expectCanceled(store, afterCompletion: true, entryId: 2)
        await expectDismissed(store, entryId: 3)
        await store.finish()
    }

    /// The ledger decides which orders are a guest's: one the app took for a guest's but the shop
    /// recorded for a customer (the cart still named them there) is not listed.
    func testAnOrderTheLedgerDoesNotListAsAGuestsIsNotListed() async {
        var env = TestEnvironment()
        env.ledgerOrders = { [] }
        let store = env.store(cartScreen())
        await complete1001(store, env, listed: false)
        await store.receive(.checkout(.readLedgerOrders))
        await store.receive(.checkout(.ledgerOrdersRead([])))
        XCTAssertEqual(store.state.orders, [])
        await store.send(.checkout(.close))
        await expectCanceled(store, afterCompletion: true, entryId: 2)
        await expectDismissed(store, entryId: 3)
        await store.finish()
    }

    /// At start the ledger's orders are the list: a restart loses none of them.
    func testTheLedgersOrdersAreListedAfterARestart() async {
        var env = TestEnvironment()
        let kept = Order(id: "1001", name: "#1001", processedAt: time, draft: OrderDraft(
            checkoutSessionId: "s", cartId: cart.id, email: nil, phone: nil, lineItems: [], subtotal: Fixtures.usd("12.50"),
            shipping: Fixtures.usd("5.90"), taxes: Fixtures.usd("0"), discounts: Fixtures.usd("0"), total: Fixtures.usd("18.40"),
            shippingAddress: nil, billingAddress: nil, shippingMethod: nil, payment: nil))
        env.ledgerOrders = { [kept] }
        let store = env.store(AppState())
        await store.send(.checkout(.readLedgerOrders))
        await store.receive(.checkout(.ledgerOrdersRead([kept]))) { $0.orders = [PlacedOrder(recorded: kept)] }
        XCTAssertEqual(store.state.orders.map(\.total), [Fixtures.usd("18.40")])
    }
}
