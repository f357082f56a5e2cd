import XCTest
import AppCore
import Storefront
@testable import TerminalUI

/// The product page offers the purchase as another row ("One-time" or a plan with what it takes
/// off), the price the shop sells it at on the chosen plan; the cart names a line's plan.
final class SubscriptionScreenTests: XCTestCase {
    static let plans = [
        SellingPlan(id: "gid://shopify/SellingPlan/1", name: "Every 2 weeks", options: [], interval: .week, intervalCount: 2,
                    priceAdjustments: [SellingPlanPriceAdjustment(value: .percentage(10))]),
        SellingPlan(id: "gid://shopify/SellingPlan/2", name: "Every 4 weeks", options: [], interval: .week, intervalCount: 4,
                    priceAdjustments: [SellingPlanPriceAdjustment(value: .percentage(10))]),
    ]

    static var subscribable: Product {
        var product = Fixtures.products[2]
        product.sellingPlanGroups = [SellingPlanGroup(name: "Subscription", options: [], sellingPlans: plans)]
        return product
    }

    func render(_ state: AppState, _ name: String) {
        assertScreenSnapshots(state, name)
    }

    func testTheProductPageOffersThePlans() {
        let product = Self.subscribable
        var state = Fixtures.browsing
        state.screens = [.collections, .productDetail(handle: product.handle)]
        var detail = ProductDetailState(product: product)
        detail.selectedPlanIndex = 1
        detail.focusedOptionIndex = detail.planRowIndex ?? 0
        state.productDetail = detail
        render(state, "product-detail-subscription")
        XCTAssertTrue(Renderer.render(state, size: Size(width: 120, height: 40), environment: Fixtures.environment).text
            .contains("Every 2 weeks −10 %"))
    }

    /// The cart with its first line on the first plan.
    static func onPlan(_ cart: Cart?) -> Cart? {
        guard var cart, let first = cart.lines.first else { return cart }
        cart.lines[0].sellingPlanAllocation = SellingPlanAllocation(
            sellingPlan: plans[0], price: first.cost.amountPerQuantity, compareAtPrice: first.cost.amountPerQuantity,
            checkoutChargeAmount: first.cost.amountPerQuantity)
        return cart
    }

    func testTheCartNamesALinesPlan() {
        var state = Fixtures.withCart
        state.screens = [.collections, .cart]
        state.cart.cart = Self.onPlan(state.cart.cart)
        render(state, "cart-subscription")
        XCTAssertTrue(Renderer.render(state, size: Size(width: 120, height: 40), environment: Fixtures.environment).text.contains("↻ Every 2 weeks"))
    }

    /// The checkout's order summary says which line is a subscription, and on what terms.
    func testTheCheckoutSummaryNamesALinesPlan() {
        var state = Fixtures.checkout(.review)
        if var summary = state.checkout.page?.summary, !summary.lines.isEmpty {
            summary.lines[0].recurring = "Every 2 weeks"
            state.checkout.page?.summary = summary
        }
        render(state, "checkout-review-subscription")
        XCTAssertTrue(Renderer.render(state, size: Size(width: 120, height: 40), environment: Fixtures.environment).text.contains("· ↻ Every 2 weeks"))
    }

    /// A guest is told before checkout that a subscription needs a login, and how.
    func testTheCartTellsAGuestToLogIn() {
        var state = Fixtures.withCart
        state.screens = [.collections, .cart]
        state.account = AccountState(status: .loggedOut, isAvailable: true)
        state.cart.cart = Self.onPlan(state.cart.cart)
        render(state, "cart-subscription-guest")
        for size in [Size(width: 80, height: 24), Size(width: 120, height: 40)] {
            XCTAssertTrue(Renderer.render(state, size: size, environment: Fixtures.environment).text
                .contains("! Subscriptions need an account: press u to log in, then check out."))
        }
        XCTAssertTrue(CartPresenter().plain(state).contains("Subscriptions need an account: type login to log in, then check out."))
        state.account = AccountState(status: .loggedIn(AccountSession(customer: Customer(id: "gid://shopify/Customer/7", email: "ada@example.com",
                                                                                          firstName: "Ada", lastName: "Lovelace"),
                                                                    expiresAt: Fixtures.date)), isAvailable: true)
        XCTAssertFalse(Renderer.render(state, size: Size(width: 120, height: 40), environment: Fixtures.environment).text
            .contains("Subscriptions need"))
    }

    /// Plain mode says the same: the purchase choices, the price on the plan, the cart line's plan.
    func testPlainModeNamesThePlans() {
        var detail = ProductDetailState(product: Self.subscribable)
        detail.selectedPlanIndex = 2
        let page = PlainView.product(detail)
        XCTAssertTrue(page.contains("Purchase: One-time, Every 2 weeks −10 %, [Every 4 weeks −10 %]"), page)
        XCTAssertTrue(page.contains("$16.20 every 4 weeks"), page)
        XCTAssertTrue(page.contains("set Purchase PLAN"), page)
        var state = Fixtures.withCart.cart
        if var cart = state.cart, let first = cart.lines.first {
            cart.lines[0].sellingPlanAllocation = SellingPlanAllocation(
                sellingPlan: Self.plans[1], price: first.cost.amountPerQuantity, compareAtPrice: first.cost.amountPerQuantity,
                checkoutChargeAmount: first.cost.amountPerQuantity)
            state.cart = cart
        }
        XCTAssertTrue(PlainView.cart(state, taxNote: "").contains("Every 4 weeks (subscription)"))
    }
}
