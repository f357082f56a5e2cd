import XCTest
@testable import AppCore
import AppCoreTesting
import Storefront

/// The product page's purchase row: bought once or on one of the product's selling plans, priced
/// as the shop prices it, and the cart line asked for on that plan.
@MainActor
final class SubscriptionPurchaseTests: XCTestCase {
    static let everyTwoWeeks = SellingPlan(id: "gid://shopify/SellingPlan/1", name: "Every 2 weeks", options: [], interval: .week,
                                           intervalCount: 2, priceAdjustments: [SellingPlanPriceAdjustment(value: .percentage(10))])
    static let everyMonth = SellingPlan(id: "gid://shopify/SellingPlan/2", name: "Every month", options: [], interval: .month,
                                        intervalCount: 1, priceAdjustments: [SellingPlanPriceAdjustment(value: .percentage(15))])

    func subscribable(requiresPlan: Bool = false) -> Product {
        var product = Fixtures.shirt()
        product.sellingPlanGroups = [SellingPlanGroup(name: "Subscription", options: [], sellingPlans: [Self.everyTwoWeeks, Self.everyMonth])]
        product.requiresSellingPlan = requiresPlan
        return product
    }

    func testThePurchaseRowFollowsTheOptionsAndPricesThePlan() async {
        let product = subscribable()
        let store = TestEnvironment().store(AppState(screens: [.collections, .productDetail(handle: product.handle)],
                                                     productDetail: ProductDetailState(product: product)))
        XCTAssertEqual(store.state.productDetail?.planRowIndex, 2)
        XCTAssertNil(store.state.productDetail?.selectedSellingPlan)
        XCTAssertEqual(store.state.productDetail?.unitPrice?.amount, product.variants[0].price.amount)
        await store.send(.productDetail(.focusOption(by: 5))) { $0.productDetail?.focusedOptionIndex = 2 }
        await store.send(.productDetail(.selectOptionValue(by: 1))) { $0.productDetail?.selectedPlanIndex = 1 }
        XCTAssertEqual(store.state.productDetail?.selectedSellingPlan, Self.everyTwoWeeks)
        XCTAssertEqual(store.state.productDetail?.unitPrice, Self.everyTwoWeeks.price(of: product.variants[0].price))
        await store.send(.productDetail(.selectOptionValue(by: 5))) { $0.productDetail?.selectedPlanIndex = 2 }
        await store.send(.productDetail(.selectOptionValue(by: -5))) { $0.productDetail?.selectedPlanIndex = 0 }
        await store.finish()
    }

    func testAProductSoldOnAPlanOnlyCannotBeSetToOneTime() async {
        let product = subscribable(requiresPlan: true)
        let store = TestEnvironment().store(AppState(screens: [.collections, .productDetail(handle: product.handle)],
                                                     productDetail: ProductDetailState(product: product)))
        XCTAssertEqual(store.state.productDetail?.selectedPlanIndex, 1)
        await store.send(.productDetail(.focusOption(by: 2))) { $0.productDetail?.focusedOptionIndex = 2 }
        await store.send(.productDetail(.selectOptionValue(by: -1)))
        await store.finish()
    }

    /// The line is asked for on the plan; until the shop answers, the cart shows it at the plan's price.
    func testAddingOnAPlanAsksTheShopForThatPlan() async {
        var env = TestEnvironment()
        let product = subscribable()
        let inputs = Recorder<CartInput>()
        let gate = Gate<Int, CartPayload>()
        env.storefront.onCartCreate = { input in inputs.record(input); return try await gate.wait(for: 0) }
        var detail = ProductDetailState(product: product)
        detail.selectedPlanIndex = 2
        let store = env.store(AppState(screens: [.collections, .productDetail(handle: product.handle)], productDetail: detail))
        await store.send(.productDetail(.addToCart))
        await store.receive(.productDetail(.delegate(.addToCart(CartMerchandise(variant: product.variants[0], of: product), quantity: 1,
                                                                sellingPlan: Self.everyMonth)))) {
            $0.setLoading([.cartCreate])
            $0.cart.latestRequestId = 1
            $0.cart.nextRequestId = 2
        }
        await Task.yield()
        while inputs.values.isEmpty { await Task.yield() }
        XCTAssertEqual(inputs.values.first?.lines, [CartLineInput(merchandiseId: product.variants[0].id, quantity: 1,
                                                                  sellingPlanId: Self.everyMonth.id)])
        gate.answer(0, with: CartPayload(cart: nil, userErrors: [CartUserError(code: .sellingPlanNotApplicable, field: nil, message: "No.")]))
        await store.skipReceivedActionsWhenEffectsEnd()
    }

    /// Bought on a plan and bought once are two lines, the plan's at its price.
    func testTheCartKeepsAPlanLineApartFromAOneTimeLine() {
        let product = subscribable()
        let merchandise = CartMerchandise(variant: product.variants[0], of: product)
        var cart = Fixtures.cart(lines: [])
        cart.add(merchandise, quantity: 1)
        cart.add(merchandise, quantity: 2, plan: Self.everyTwoWeeks)
        cart.add(merchandise, quantity: 1, plan: Self.everyTwoWeeks)
        XCTAssertEqual(cart.lines.map(\.quantity), [1, 3])
        XCTAssertEqual(cart.lines[1].sellingPlanAllocation?.sellingPlan, Self.everyTwoWeeks)
        XCTAssertEqual(cart.lines[1].cost.amountPerQuantity, Self.everyTwoWeeks.price(of: merchandise.price))
    }
    /// "✓ Added …" names the plan a line was added on; bought once, it says nothing of one.
    func testTheConfirmationNamesThePlan() {
        let product = subscribable()
        let merchandise = CartMerchandise(variant: product.variants[0], of: product)
        let onPlan = CartAddOutcome(request: CartAddRequest(merchandise, quantity: 2, sellingPlan: Self.everyTwoWeeks), added: 2)
        XCTAssertEqual(onPlan.confirmation, "Added, every 2 weeks, 2 × \(onPlan.label) to your cart.")
        let once = CartAddOutcome(request: CartAddRequest(merchandise, quantity: 1), added: 1)
        XCTAssertEqual(once.confirmation, "Added 1 × \(once.label) to your cart.")
    }

    /// A guest's cart with a subscription line: checkout says to log in before any sheet opens;
    /// signed in, the same cart checks out.
    func testAGuestIsToldToLogInBeforeCheckingOutASubscription() async {
        let product = subscribable()
        var cart = Fixtures.cart(lines: [])
        cart.add(CartMerchandise(variant: product.variants[0], of: product), quantity: 1, plan: Self.everyTwoWeeks)
        var env = TestEnvironment()
        env.account = AccountTests.account()
        var state = AppState(screens: [.collections, .cart])
        state.cart.cart = cart
        state.account.isAvailable = true
        state.account.status = .loggedOut
        let guest = env.store(state)
        let message = "Subscriptions need an account: press u to log in, then check out."
        XCTAssertEqual(SubscriptionAccountNotice.message(cart: cart, signedIn: false, accountsAvailable: true), message)
        await guest.send(.checkout(.start))
        await guest.receive(.checkout(.delegate(.failed(AppError(message: message))))) { $0.errorMessage = message }
        await guest.finish()
        XCTAssertFalse(guest.state.checkout.isPresented)
        XCTAssertEqual(env.sheet.calls, [])

        XCTAssertNil(SubscriptionAccountNotice.message(cart: cart, signedIn: true, accountsAvailable: true))
        var once = Fixtures.cart(lines: [])
        once.add(CartMerchandise(variant: product.variants[0], of: product), quantity: 1)
        XCTAssertNil(SubscriptionAccountNotice.message(cart: once, signedIn: false, accountsAvailable: true))
        XCTAssertEqual(SubscriptionAccountNotice.message(cart: cart, signedIn: false, accountsAvailable: false),
                       "Subscriptions need an account this storefront does not have: buy it once.")
        let customer = env.store(AccountTests.loggedIn(state))
        await customer.send(.checkout(.start)) {
            $0.checkout.isPresented = true
            $0.checkout.page = .loading
            $0.checkout.sheetWork = 1
        }
        XCTAssertTrue(customer.state.checkout.isPresented)
        // The sheet's stream lasts while the sheet is up.
        await customer.cancelInFlightEffects()
        customer.skipReceivedActions()
        XCTAssertEqual(env.sheet.calls.count, 1)
    }
}
