import Foundation
import CheckoutSheet
import Storefront

/// The checkout sheet over the cart: preload when the cart opens, invalidate when the cart changes,
/// present and follow the sheet's update stream until it is dismissed.
struct CheckoutReducer: Reducer {
    struct State: Equatable {
        var checkout: CheckoutState
        /// Read from the cart; not written back.
        var cart: CartState
        /// The signed-in customer, whose address the address picker offers; read only.
        var customer: Customer?
        /// The shopper's market (the shop's own until one is picked): a typed address starts in it; read only.
        var marketCountryCode: String?
    }

    let dependencies: AppDependencies

    func reduce(into state: inout State, action: CheckoutAction) -> Effect<CheckoutAction> {
        switch action {
        case .start:
            return start(&state)
        case .preload:
            return preloadIfNeeded(&state)
        case .invalidatePreload:
            return invalidatePreload(&state)
        case .delegate:
            return .none
        case .readLedgerOrders:
            guard let ledgerOrders = dependencies.ledgerOrders else { return .none }
            // A ledger out of reach leaves the list as it is; the next order or start asks again.
            return .run { send in
                if let orders = try? await ledgerOrders() { await send(.ledgerOrdersRead(orders)) }
            }
        case .ledgerOrdersRead:
            // The orders feature keeps the list (`AppReducer` sends it `.orders(.ledgerRead)`).
            return .none
        case .pageInput(let input):
            guard state.checkout.isPresented else { return .none }
            let checkout = dependencies.checkout
            state.checkout.sheetWork += 1
            return .run { _ in await checkout.send(input) }.serial(id: .checkoutInput)
        case .close:
            guard state.checkout.isPresented else { return .none }
            let checkout = dependencies.checkout
            return .run { _ in await checkout.dismiss() }.serial(id: .checkoutInput)
        case .sheetUpdate(.page(let page), _):
            guard state.checkout.isPresented else { return .none }
            // The buyer moved on from the step the sheet reloaded at: its notice has been read.
            if let before = state.checkout.page?.step, before != .loading, page.step != .loading, page.step != before {
                state.checkout.notice = nil
            }
            state.checkout.page = page
            return .none
        case .sheetUpdate(.event(let event), let time):
            return handle(event, at: time, &state)
        case .sheetUpdate(.dismissed, _):
            closeSheet(&state)
            return .none
        case .sheetUpdate(.settled, _):
            state.checkout.sheetWork = max(0, state.checkout.sheetWork - 1)
            return .none
        case .presentationEnded:
            // The stream can end without `dismissed` (the sheet went away): the sheet is gone either way.
            closeSheet(&state)
            return .none
        case .pickerMove(let delta):
            guard var picker = state.checkout.picker, !picker.isTyping, !picker.options.isEmpty else { return .none }
            picker.selection = min(max(picker.selection + delta, 0), picker.options.count - 1)
            state.checkout.picker = picker
            return .none
        case .pickerChoose:
            guard let picker = state.checkout.picker else { return .none }
            if picker.isTyping { return sendTypedAddress(&state) }
            guard picker.options.indices.contains(picker.selection) else { return decline(&state) }
            guard let chosen = picker.options[picker.selection].answer else {
                openAddressForm(&state)
                return .none
            }
            state.checkout.picker = nil
            return answer(picker.request, with: chosen, &state)
        case .pickerDecline:
            return decline(&state)
        case .pickerEdit(let input):
            guard var picker = state.checkout.picker, picker.isTyping, picker.form?.edit(input) == true else { return .none }
            state.checkout.picker = picker
            return .none
        case .pickerBack:
            guard state.checkout.picker?.isTyping == true else { return .none }
            state.checkout.picker?.isTyping = false
            return .none
        case .openWebCheckout:
            guard state.checkout.isPresented, let url = state.checkout.page?.webCheckoutURL else { return .none }
            let openURL = dependencies.openURL
            return .run { send in await send(.webCheckoutOpened(await openURL(url))) }
        case .orderedProductRefreshed:
            // The app puts the fresh product wherever a screen holds it.
            return .none
        case .webCheckoutOpened(let opened):
            guard !opened else { return .none }
            return .send(.delegate(.failed(AppError(
                message: "No browser could be opened here: copy the address from the checkout into one."))))
        }
    }

    /// Preloads the cart's checkout unless it already is, or the cart is empty.
    private func preloadIfNeeded(_ state: inout State) -> Effect<CheckoutAction> {
        guard let cart = state.cart.cart, !cart.isEmpty, state.cart.latestRequestId == nil,
              state.checkout.preloadedURL != cart.checkoutUrl else { return .none }
        let url = cart.checkoutUrl
        state.checkout.preloadedURL = url
        let checkout = dependencies.checkout
        return .run { _ in await checkout.preload(checkoutURL: url) }
    }

    /// Drops the preloaded checkout, which no longer matches the cart.
    private func invalidatePreload(_ state: inout State) -> Effect<CheckoutAction> {
        guard state.checkout.preloadedURL != nil else { return .none }
        state.checkout.preloadedURL = nil
        let checkout = dependencies.checkout
        return .run { _ in await checkout.invalidate() }
    }

    private func start(_ state: inout State) -> Effect<CheckoutAction> {
        guard !state.checkout.isPresented else { return .none }
        guard let cart = state.cart.cart, !cart.isEmpty else { return failed("Your cart is empty.") }
        guard state.cart.latestRequestId == nil else { return failed("The cart is still updating; try again in a moment.") }
        guard !state.cart.isUnconfirmed else {
            return failed("Your cart is shown as last seen: checkout opens once the storefront confirms it.")
        }
        if !state.cart.notSoldHere.isEmpty {
            let them = state.cart.notSoldHere.count == 1 ? "it" : "them"
            return failed(state.cart.notSoldHere.map(\.message).joined(separator: " ") + " Remove \(them), or shop from another country, to check out.")
        }
        if let message = SubscriptionAccountNotice.message(cart: cart, signedIn: state.customer != nil,
                                                           accountsAvailable: dependencies.account != nil) {
            return failed(message)
        }
        state.checkout.isPresented = true
        state.checkout.page = .loading
        state.checkout.sheetWork = 1
        state.checkout.completedOrderId = nil
        state.checkout.lastError = nil
        let withdraw = clearErrorBar(&state)
        let url = cart.checkoutUrl
        let checkout = dependencies.checkout
        let now = dependencies.now
        let present: Effect<CheckoutAction> = .run { send in
            let updates = await checkout.present(checkoutURL: url)
            for await update in updates {
                await send(.sheetUpdate(update, at: now()))
            }
            await send(.presentationEnded)
        }
        .cancellable(id: .checkoutSheet, cancelInFlight: true)
        return .merge(withdraw, .send(.delegate(.presented)), present)
    }

    private func closeSheet(_ state: inout State) {
        state.checkout.isPresented = false
        state.checkout.page = nil
        state.checkout.notice = nil
        state.checkout.picker = nil
    }

    /// The shopper keeps what the checkout has: the page hears an error and goes on unchanged.
    private func decline(_ state: inout State) -> Effect<CheckoutAction> {
        guard let picker = state.checkout.picker else { return .none }
        state.checkout.picker = nil
        let what = picker.request.kind == .paymentMethodChange ? "payment method" : "address"
        return answer(picker.request, with: .errors(["The shopper kept the current \(what)"]), &state)
    }

    /// The form takes the list's place; what was typed before is still there.
    private func openAddressForm(_ state: inout State) {
        guard var picker = state.checkout.picker else { return }
        let country = state.marketCountryCode ?? state.cart.cart?.buyerIdentity.countryCode ?? ""
        picker.form = picker.form ?? CheckoutAddressForm(countryCode: country)
        picker.isTyping = true
        state.checkout.picker = picker
    }

    /// A complete form answers the request; otherwise its errors show and nothing is sent.
    private func sendTypedAddress(_ state: inout State) -> Effect<CheckoutAction> {
        guard var picker = state.checkout.picker, var form = picker.form else { return .none }
        let address = form.validated()
        picker.form = form
        guard let address else {
            state.checkout.picker = picker
            return .none
        }
        state.checkout.picker = nil
        return answer(picker.request, with: .address(address), &state)
    }

    private func answer(_ request: CheckoutRequest, with answer: CheckoutRequestAnswer, _ state: inout State) -> Effect<CheckoutAction> {
        let checkout = dependencies.checkout
        state.checkout.sheetWork += 1
        return .run { _ in await checkout.answer(request: request.id, with: answer) }.serial(id: .checkoutInput)
    }

    private func failed(_ message: String) -> Effect<CheckoutAction> {
        .send(.delegate(.failed(AppError(message: message))))
    }

    /// Takes down the error bar if it still shows the checkout's error.
    private func clearErrorBar(_ state: inout State) -> Effect<CheckoutAction> {
        guard let message = state.checkout.errorBarMessage else { return .none }
        state.checkout.errorBarMessage = nil
        return .send(.delegate(.withdrawError([message])))
    }

    /// The order took stock: the saved answers go (a list read from them, in this run or the
    /// next, would show what was on the shelf before) and the ordered products are read again, so
    /// no screen goes on showing the old stock.
    private func refreshStock(of handles: Set<String>) -> Effect<CheckoutAction> {
        guard !handles.isEmpty else { return .none }
        let storefront = dependencies.freshStorefront ?? dependencies.storefront
        let forget = dependencies.forgetSavedAnswers
        return .run { send in
            await forget?()
            for handle in handles.sorted() {
                if let product = try? await storefront.product(handle: handle) { await send(.orderedProductRefreshed(product)) }
            }
        }
    }

    private func handle(_ event: CheckoutEvent, at time: Date, _ state: inout State) -> Effect<CheckoutAction> {
        switch event {
        case .completed(let completed):
            guard state.checkout.completedOrderId == nil else { return .none }
            state.checkout.completedOrderId = completed.orderId
            // Whatever went wrong on the way, the order is placed: the thank-you page stands alone.
            let withdraw = clearErrorBar(&state)
            state.checkout.notice = nil
            // This terminal's list is of guest orders. Where the shop's ledger can be read, it alone
            // says which orders those are (read just below): a cart the app took for a guest's may
            // still be the customer's at the shop. Elsewhere a signed-in cart's order is the
            // customer's (the account's list), and must not stay here once they log out.
            let guestOrder = dependencies.ledgerOrders != nil || state.cart.cart?.buyerIdentity.isCustomers == true ? nil
                : PlacedOrder(id: completed.orderId, name: state.checkout.page?.orderName, placedAt: time,
                              lines: PlacedOrder.lines(of: state.cart.cart),
                              total: completed.orderDetails.cart?.price.total ?? state.cart.cart?.cost.totalAmount)
            let ordered = Set(state.cart.cart?.lines.map(\.merchandise.productHandle) ?? [])
            // The cart became an order: the next add starts a new cart.
            state.checkout.preloadedURL = nil
            return .merge(withdraw, .send(.delegate(.orderPlaced(guestOrder))), refreshStock(of: ordered),
                          dependencies.ledgerOrders == nil ? .none : .send(.readLedgerOrders))
        case .failed(let error):
            state.checkout.lastError = error
            state.checkout.preloadedURL = nil
            let message = "Checkout failed: \(error.message)"
            state.checkout.errorBarMessage = message
            return failed(message)
        case .recoveryStarted:
            // The sheet says it in one line instead of the error bar: the buyer goes on in it.
            let withdraw = clearErrorBar(&state)
            let reason = state.checkout.lastError.map { " (\($0.message))" } ?? ""
            state.checkout.notice = "Reloaded after an error\(reason): your details are kept."
            return withdraw
        case .requested(let request):
            state.checkout.picker = CheckoutRequestPicker.make(for: request, customer: state.customer)
            return .none
        case .answered(let outcome):
            // Answered, declined or past its deadline: the picker for that request closes.
            if state.checkout.picker?.request.id == outcome.request.id { state.checkout.picker = nil }
            return .none
        case .linkClicked(let url):
            // The app opens what it can show itself: the shop's policies.
            return .send(.delegate(.linkClicked(url: url)))
        case .canceled, .dismissed, .pixel, .started, .updated:
            // A cancel (or dismiss), even the one that follows a completion, is the buyer closing the sheet: not an error.
            return .none
        }
    }
}

/// A guest's cart with a subscription line: the shop sells subscriptions to customers only, so the
/// cart says so, and checkout stops before the sheet opens rather than at its last step.
public enum SubscriptionAccountNotice {
    /// Nil when the cart has no line on a plan, or a customer is signed in; `short` for a narrow screen.
    public static func message(cart: Cart?, signedIn: Bool, accountsAvailable: Bool, short: Bool = false) -> String? {
        guard !signedIn, let cart, cart.lines.contains(where: { $0.sellingPlanAllocation != nil }) else { return nil }
        guard accountsAvailable else {
            return short ? "Subscriptions need an account." : "Subscriptions need an account this storefront does not have: buy it once."
        }
        return short ? "Subscriptions need a login: press u." : "Subscriptions need an account: press u to log in, then check out."
    }
}
