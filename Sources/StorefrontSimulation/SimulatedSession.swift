import AppCore
import CheckoutSheet
import Foundation
import Storefront

/// The first step after which an invariant did not hold.
public struct SessionFailure: Hashable, Sendable {
    public var stepIndex: Int
    public var violations: [Violation]
}

/// One session: a fresh shop, an app on it, the steps in order, the invariants after each.
@MainActor
final class SimulatedSession {
    let shop: SimulatedShop
    let fault: LedgerFault?
    var model: ReferenceModel
    private var app: ShopperApp?
    var shopCountry = "NL"
    /// Another app changed the cart since this app last heard from the shop about it: what it shows
    /// is compared again from its next cart answer (a change shows on the next read, not before).
    var cartChangedElsewhere = false
    private let trace: (@MainActor (String) -> Void)?

    init(kind: SimulatedStoreKind, catalog: StoreCatalog, seed: UInt64, fault: LedgerFault?, trace: (@MainActor (String) -> Void)?) {
        shop = SimulatedShop(kind: kind, catalog: catalog, seed: seed)
        self.fault = fault
        self.trace = trace
        model = ReferenceModel(catalog: catalog)
    }

    func run(_ steps: [SimulationStep]) async throws -> SessionFailure? {
        try await shop.start()
        do {
            let failure = try await runSteps(steps)
            await app?.shutDown()
            await shop.stop()
            return failure
        } catch {
            await app?.shutDown()
            await shop.stop()
            throw error
        }
    }

    private func runSteps(_ steps: [SimulationStep]) async throws -> SessionFailure? {
        shopCountry = try await shop.ledger().shop().countryCode
        let first = ShopperApp(dependencies: try await shop.dependencies())
        app = first
        if !(await first.start()) { return SessionFailure(stepIndex: -1, violations: [Violation(invariant: .settles, detail: "the app did not start")]) }
        _ = first.takeFrames()
        for (index, step) in steps.enumerated() {
            let started = ContinuousClock.now
            let violations = try await perform(step)
            if let trace, let app { trace("\(index + 1). \(step) [\(ContinuousClock.now - started)] → \(Self.summary(app.state))") }
            let all = violations + (try await check())
            if !all.isEmpty { return SessionFailure(stepIndex: index, violations: all) }
        }
        return nil
    }

    private var current: ShopperApp {
        get throws {
            guard let app else { throw SimulationFailure("no app is running") }
            return app
        }
    }

    // MARK: Steps

    private func perform(_ step: SimulationStep) async throws -> [Violation] {
        let app = try current
        let before = try await storedCarts(app)
        let errorBefore = app.state.errorMessage
        let confirmedBefore = app.state.cart.confirmedCart
        let wasLoggedIn = app.state.account.isLoggedIn
        var violations: [Violation] = []
        switch step {
        case .browse(let index):
            let collections = shop.catalog.collections
            guard !collections.isEmpty else { break }
            app.send(.navigation(.back), .navigation(.back), .navigation(.back))
            app.send(.collections(.moveSelection(by: -1_000, rows: 20)), .collections(.moveSelection(by: index % collections.count, rows: 20)),
                     .collections(.openSelected))
        case .search(let query):
            app.send(.navigation(.openSearch), .search(.clearQuery), .search(.insert(query)))
        case .add(let product, let moves, let quantity, let plan):
            await add(app, product: product, moves: moves, quantity: quantity, plan: plan)
        case .increment(let line):
            openCartLine(app, line)
            app.send(.cart(.incrementQuantity))
        case .decrement(let line):
            openCartLine(app, line)
            app.send(.cart(.decrementQuantity))
        case .remove(let line):
            openCartLine(app, line)
            app.send(.cart(.requestRemove), .cart(.confirmRemove))
        case .discount(let code):
            app.send(.navigation(.openCart), .cart(.beginEditing(.discountCode)), .cart(.insert(code)), .cart(.commitEditing))
        case .note(let text):
            app.send(.navigation(.openCart), .cart(.beginEditing(.note)), .cart(.insert(text)), .cart(.commitEditing))
        case .giftCard(let code):
            if let id = app.state.cart.cart?.id {
                // A refused code is the shop's answer, not a failure of the session.
                _ = try? await app.dependencies.storefront.cartGiftCardCodesAdd(cartId: id, giftCardCodes: [code])
            }
            app.send(.navigation(.openCart), .cart(.restore))
        case .country(let code):
            app.send(.markets(.open))
            guard await app.settle() else { return [Violation(invariant: .settles, detail: "the country picker did not load")] }
            if case .markets(let picker)? = app.state.screens.last, let index = picker.countries.firstIndex(where: { $0.isoCode == code }) {
                app.send(.markets(.moveSelection(by: index - picker.selectedIndex)), .markets(.chooseSelected))
            } else {
                app.send(.navigation(.back))
            }
        case .orders:
            violations += try await ordersScreen(app)
        case .checkout(let outcome):
            violations += try await checkout(app, outcome)
        case .restartApp:
            guard await app.settle() else { return [Violation(invariant: .settles, detail: "the app did not settle before quitting")] }
            await app.shutDown()
            return try await startAgain()
        case .killApp(let product):
            await add(app, product: product, moves: 0, quantity: 1)
            // Killed mid-add: whatever is in flight is dropped, nothing is flushed.
            await app.shutDown()
            let violations = try await startAgain()
            // Over `serve`, an add the killed app had sent may still land after the new app read its
            // cart, as another process's change would: it shows from the new app's next cart answer.
            if shop.kind == .serve { cartChangedElsewhere = true }
            return violations
        case .restartServe:
            guard await app.settle() else { return [Violation(invariant: .settles, detail: "the app did not settle before serve restarted")] }
            try await shop.restartServe()
        case .secondProcess(let product, let quantity):
            guard await app.settle() else { return [Violation(invariant: .settles, detail: "the app did not settle")] }
            let second = ShopperApp(dependencies: try await shop.dependencies())
            guard await second.start() else { return [Violation(invariant: .settles, detail: "the second app did not start")] }
            let secondBefore = try await storedCarts(second)
            await add(second, product: product, moves: 0, quantity: quantity)
            guard await second.settle() else { return [Violation(invariant: .settles, detail: "the second app's add did not settle")] }
            let secondCart = second.state.cart.cart?.id
            violations += try await messages(second.takeFrames(), before: secondCart.flatMap { secondBefore[$0] } ?? [:],
                                             after: try await storedUnits(of: secondCart), errorBefore: nil)
            violations += BookChecker.cart(shown: second.state.cart.cart, stored: try await storedCart(second.state.cart.cart?.id))
            await second.shutDown()
            cartChangedElsewhere = true
            app.send(.navigation(.openCart))
        case .logIn:
            app.send(.account(.open), .account(.logInTapped))
        case .logOut:
            let wasLoggedIn = app.state.account.isLoggedIn
            let signedInItems = app.state.cart.cart.map { $0.buyerIdentity.customerAccessToken == nil ? 0 : $0.totalQuantity } ?? 0
            app.send(.account(.open), .account(.logOutTapped))
            guard await app.settle() else { return [Violation(invariant: .settles, detail: "the logout did not settle")] }
            let frames = app.takeFrames()
            // A cart that leaves the screen with the login says so.
            if wasLoggedIn, signedInItems > 0, !frames.contains(where: { $0.errorMessage?.hasPrefix("Logged out") == true }) {
                violations.append(Violation(invariant: .messages, detail: "logging out took \(signedInItems) items off the screen without a word"))
            }
        case .loginExpires(let product):
            await shop.expireLogin()
            await add(app, product: product, moves: 0, quantity: 1)
        case .agent(let action):
            violations += try await performAgent(action, app: app)
        case .rotateToken(let product):
            violations += try await rotateToken(app, product: product)
        }
        guard await app.settle() else { return violations + [Violation(invariant: .settles, detail: "\(step) did not settle")] }
        let cartId = app.state.cart.cart?.id
        let after = try await storedUnits(of: cartId)
        let frames = app.takeFrames()
        if cartChangedElsewhere, frames.contains(where: { $0.cart.confirmedCart != confirmedBefore }) { cartChangedElsewhere = false }
        violations += try await messages(frames, before: cartId.flatMap { before[$0] } ?? [:], after: after, errorBefore: errorBefore)
        // A login the shop refused during the step: the screen says to log in again.
        if case .sessionEnded = app.state.account.status, wasLoggedIn,
           !frames.contains(where: { $0.errorMessage?.contains("Log in again") == true }) {
            violations.append(Violation(invariant: .messages, detail: "the shop refused the login and the screen never said to log in again"))
        }
        return violations
    }

    private func startAgain() async throws -> [Violation] {
        let next = ShopperApp(dependencies: try await shop.dependencies())
        app = next
        // A new app reads its cart from the shop.
        cartChangedElsewhere = false
        guard await next.start() else { return [Violation(invariant: .settles, detail: "the app did not start again")] }
        _ = next.takeFrames()
        return []
    }

    /// Opens product number `product` (of the catalog), moves `moves` values along its first option,
    /// sets the quantity, moves `plan` values along the Purchase row (from "one-time") and presses `a`.
    func add(_ app: ShopperApp, product: Int, moves: Int, quantity: Int, plan: Int = 0) async {
        let products = shop.catalog.products
        guard !products.isEmpty else { return }
        app.send(.navigation(.open(.product(handle: products[product % products.count].handle))))
        // The page loads before the shopper can choose on it.
        _ = await app.settle()
        for _ in 0..<moves { app.send(.productDetail(.selectOptionValue(by: 1))) }
        for _ in 1..<max(quantity, 1) { app.send(.productDetail(.incrementQuantity)) }
        // ↓ to the Purchase row (after the options), then → once per plan: the page clamps at its last.
        if plan > 0, let detail = app.state.productDetail, let row = detail.planRowIndex {
            for _ in 0..<max(row - detail.focusedOptionIndex, 0) { app.send(.productDetail(.focusOption(by: 1))) }
            for _ in 0..<plan { app.send(.productDetail(.selectOptionValue(by: 1))) }
        }
        app.send(.productDetail(.addToCart))
    }

    private func openCartLine(_ app: ShopperApp, _ line: Int) {
        app.send(.navigation(.openCart), .cart(.moveSelection(by: -1_000, rows: 20)), .cart(.moveSelection(by: line, rows: 20)))
    }

    /// Enter on the cart, then a buyer going through the sheet until it closes.
    private func checkout(_ app: ShopperApp, _ outcome: CheckoutOutcome) async throws -> [Violation] {
        app.send(.navigation(.openCart))
        guard await app.settle() else { return [Violation(invariant: .settles, detail: "the cart did not open")] }
        guard let cart = app.state.cart.cart, !cart.lines.isEmpty else { return [] }
        let lines = BookChecker.units(try await storedCart(cart.id))
        var buyer = ScriptedBuyer(plan: Self.plan(outcome))
        app.send(.checkout(.start))
        for _ in 0..<60 {
            // The sheet has settled every input sent (its pages for them are reduced: `settled` comes
            // after them on the same stream), only its presentation still runs, and it shows a page.
            // An input's effect ends when the sheet took it, before the page it leads to is reduced.
            let ready = await app.wait(timeout: .seconds(5)) { state in
                guard state.checkout.isPresented else { return true }
                guard state.checkout.sheetWork == 0 else { return false }
                guard let page = state.checkout.page, !page.isBusy, page.step != .loading else { return false }
                return app.store.runningEffectCount <= 1
            }
            guard app.state.checkout.isPresented else { break }
            guard ready, let page = app.state.checkout.page else {
                app.send(.checkout(.close))
                return [Violation(invariant: .settles, detail: "the checkout sheet stayed busy on \(app.state.checkout.page?.step.rawValue ?? "no page")")]
            }
            if page.step == .thankYou {
                // The sheet names the order once its completion event is in: it always comes, so
                // the wait is long enough for a busy machine (a shorter one left the thank-you total
                // unrecorded there, and the same seed checked less).
                _ = await app.wait(timeout: .seconds(30)) { $0.checkout.completedOrderId != nil }
                if let id = app.state.checkout.completedOrderId, model.thankYou[id] == nil { model.thankYou[id] = (page.summary?.total, lines) }
            }
            trace?("     sheet \(page.step.rawValue) \(page.summary.map { $0.total.formatted } ?? "") order \(app.state.checkout.completedOrderId ?? "-") \(page.notice ?? "")")
            if page.step == .unavailable {
                // A failed payment's page: the sheet reloads on its own, once.
                if await app.wait(timeout: .seconds(2), until: { $0.checkout.page != page || !$0.checkout.isPresented }) { continue }
            }
            if outcome == .cancel && page.step != .thankYou {
                app.send(.checkout(.close))
                _ = await app.wait { !$0.checkout.isPresented }
                break
            }
            switch buyer.next(on: page) {
            case .inputs(let inputs):
                for input in inputs { app.send(.checkout(.pageInput(input))) }
            case .doubleSubmit:
                app.send(.checkout(.pageInput(.submit)), .checkout(.pageInput(.submit)))
            case .close, .done:
                app.send(.checkout(.close))
                _ = await app.wait { !$0.checkout.isPresented }
            }
        }
        if app.state.checkout.isPresented {
            app.send(.checkout(.close))
            _ = await app.wait { !$0.checkout.isPresented }
        }
        guard await app.settle() else { return [Violation(invariant: .settles, detail: "the checkout did not settle")] }
        // A completed checkout is listed at once (a customer's list is the account's: the screen loads it).
        guard app.state.checkout.completedOrderId != nil else { return [] }
        return app.state.account.isLoggedIn ? try await ordersScreen(app) : try await ordersShown(app)
    }

    static func plan(_ outcome: CheckoutOutcome) -> ScriptedBuyer.Plan {
        switch outcome {
        case .pay: ScriptedBuyer.Plan(cards: [TestCards.approved], closeAfterCompletion: true)
        case .decline: ScriptedBuyer.Plan(cards: [TestCards.declined], closeAfterCompletion: true)
        case .declineThenPay: ScriptedBuyer.Plan(cards: [TestCards.declined, TestCards.approved], closeAfterCompletion: true)
        case .gatewayFailureThenPay: ScriptedBuyer.Plan(cards: [TestCards.gatewayError, TestCards.approved], closeAfterCompletion: true)
        // Esc on whatever page the sheet opens on (it may resume a later step).
        case .cancel: ScriptedBuyer.Plan(cards: [], closeAfterCompletion: true)
        }
    }

    /// One line of what the app shows: the screen, the cart, the orders, a message.
    static func summary(_ state: AppState) -> String {
        let cart = state.cart.cart.map { "cart \(BookChecker.describe(BookChecker.purchases($0))) \($0.discountCodes.map(\.code))" } ?? "no cart"
        var parts = ["\(state.screen)".prefix(40).description, cart, "orders \(state.orders.map { $0.name ?? $0.id })"]
        if let customer = state.account.session?.customer.email { parts.append("logged in as \(customer)") }
        if let confirmation = state.productDetail?.confirmation { parts.append("✓ \(confirmation)") }
        if let bar = state.bar { parts.append((bar.isNotice ? "✓ " : "✗ ") + bar.text) }
        if let page = state.checkout.page { parts.append("sheet \(page.step.rawValue)") }
        return parts.joined(separator: " · ")
    }

    // MARK: Checks

    private func check() async throws -> [Violation] {
        let app = try current
        let ledger = try await LedgerView.read(shop.ledger(), catalog: shop.catalog, fault: fault)
        var violations = BookChecker.orders(ledger, model: model, shopCountry: shopCountry)
        violations += BookChecker.stock(ledger, model: model)
        violations += BookChecker.agentOrders(ledger, model: model)
        violations += BookChecker.subscriptions(ledger, catalog: shop.catalog)
        if !cartChangedElsewhere {
            violations += BookChecker.cart(shown: app.state.cart.cart, stored: try await storedCart(app.state.cart.cart?.id))
        }
        return violations
    }

    /// `o`, the list checked, and back.
    func ordersScreen(_ app: ShopperApp) async throws -> [Violation] {
        app.send(.navigation(.open(.orders)))
        guard await app.settle() else { return [Violation(invariant: .settles, detail: "the orders screen did not load")] }
        let violations = try await ordersShown(app)
        app.send(.navigation(.back))
        return violations
    }

    /// The orders the app lists are this shopper's in the ledger: the customer's when logged in,
    /// this terminal's guest orders when not.
    func ordersShown(_ app: ShopperApp) async throws -> [Violation] {
        let ledger = try await LedgerView.read(shop.ledger(), catalog: shop.catalog, fault: fault)
        let screen = app.state.screens.compactMap { screen -> OrdersState? in if case .orders(let orders) = screen { orders } else { nil } }.last
        let signedIn = app.state.account.isLoggedIn
        let shown = (screen ?? OrdersState()).summaries(placed: app.state.orders, signedIn: signedIn)
        let customer = signedIn ? app.state.account.session?.customer : nil
        return BookChecker.ordersShown(shown, shopperOrders: ledger.orders(of: customer, fault: fault))
    }

    /// "✓ Added N × …" in a frame: the stored cart holds N more of that variant after the step, and
    /// no frame of the step shows it beside an error that came up during the step.
    func messages(_ frames: [AppState], before: [String: Int], after: [String: Int], errorBefore: String?) async throws -> [Violation] {
        var violations: [Violation] = []
        var claimed: [String: Int] = [:]
        var lastConfirmation: String?
        for frame in frames {
            guard let detail = frame.productDetail, let confirmation = detail.confirmation else { lastConfirmation = nil; continue }
            // An error that came up with the add and is not about another line of the cart (a line
            // the country does not sell, say) is about the add.
            let otherLines = (frame.cart.cart?.lines ?? []).map(\.merchandise).filter { $0.productId != detail.product?.id }.map(\.productTitle)
            // A login that ended on the way is about the session: the add went on without it, and
            // whether its units landed is checked below like any other.
            if let error = frame.errorMessage, error != errorBefore, !otherLines.contains(where: { error.contains($0) }),
               !error.hasPrefix("Your session has ended") {
                violations.append(Violation(invariant: .messages, detail: "\"\(confirmation)\" beside \"\(error)\""))
            }
            guard confirmation != lastConfirmation else { continue }
            lastConfirmation = confirmation
            if let units = Self.addedUnits(confirmation), let variant = detail.selectedVariant?.id { claimed[variant, default: 0] += units }
        }
        for (variant, units) in claimed.sorted(by: { $0.key < $1.key }) {
            let added = (after[variant] ?? 0) - (before[variant] ?? 0)
            if added != units {
                violations.append(Violation(invariant: .messages, detail: "said ✓ added \(units) of \(variant.split(separator: "/").last ?? ""), the cart holds \(added) more"))
            }
        }
        return violations
    }

    /// N of "Added N × …".
    static func addedUnits(_ confirmation: String) -> Int? {
        guard let range = confirmation.range(of: "Added ") else { return nil }
        return Int(confirmation[range.upperBound...].prefix { $0.isNumber })
    }

    func storedCart(_ id: String?) async throws -> Cart? {
        guard let id else { return nil }
        return try await shop.ledger().cart(id: id)
    }

    func storedUnits(of id: String?) async throws -> [String: Int] { BookChecker.units(try await storedCart(id)) }

    /// The units of every cart a step of `app` may change, as the shop stores them before the step,
    /// by cart id: the cart the app shows, and the one its state directory names (which another
    /// process may have started or changed meanwhile). A ✓ is compared with what the stored cart
    /// gained, never with what the app last saw.
    func storedCarts(_ app: ShopperApp) async throws -> [String: [String: Int]] {
        var carts: [String: [String: Int]] = [:]
        for id in [app.state.cart.cart?.id, await app.dependencies.loadCartId()].compactMap({ $0 }) where carts[id] == nil {
            carts[id] = try await storedUnits(of: id)
        }
        return carts
    }
}
