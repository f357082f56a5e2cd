import Foundation
import CheckoutSheet
import Storefront

/// The checkout sheet over the cart: preload when the cart opens, invalidate when the cart changes,
/// present and follow the sheet's update stream until it is dismissed.
struct CheckoutReducer {
    let dependencies: AppDependencies

    func reduce(into state: inout AppState, action: CheckoutAction) -> Effect<AppAction> {
        switch action {
        case .start:
            return start(&state)
        case .pageInput(let input):
            guard state.checkout.isPresented else { return .none }
            let checkout = dependencies.checkout
            return .run { _ in await checkout.send(input) }.serial(id: .checkoutInput)
        case .close:
            guard state.checkout.isPresented else { return .none }
            let checkout = dependencies.checkout
            return .run { _ in await checkout.dismiss() }.serial(id: .checkoutInput)
        case .sheetUpdate(.page(let page), _):
            guard state.checkout.isPresented else { return .none }
            state.checkout.page = page
            return .none
        case .sheetUpdate(.event(let event), let time):
            state.eventLog.append(name: event.name, fields: event.logFields, at: time)
            return handle(event, at: time, &state)
        case .sheetUpdate(.dismissed, let time):
            state.eventLog.append(name: "dismissed", fields: [], at: time)
            state.checkout.isPresented = false
            state.checkout.page = nil
            state.checkout.notice = nil
            return .none
        case .presentationEnded:
            // The stream can end without `dismissed` (the sheet went away): the sheet is gone either way.
            state.checkout.isPresented = false
            state.checkout.page = nil
            state.checkout.notice = nil
            return .none
        case .openWebCheckout:
            guard state.checkout.isPresented, let url = state.checkout.page?.webCheckoutURL else { return .none }
            let openURL = dependencies.openURL
            return .run { send in await send(.checkout(.webCheckoutOpened(await openURL(url)))) }
        case .orderedProductRefreshed(let product):
            StockRefresh.replace(product, in: &state)
            return .none
        case .webCheckoutOpened(let opened):
            guard !opened else { return .none }
            state.errorMessage = "No browser could be opened here: copy the address from the checkout into one."
            return .none
        }
    }

    /// Preloads the cart's checkout unless it already is, or the cart is empty.
    func preloadIfNeeded(_ state: inout AppState) -> Effect<AppAction> {
        guard let cart = state.cart.cart, !cart.isEmpty, state.cart.latestRequestId == nil,
              state.checkout.preloadedURL != cart.checkoutUrl else { return .none }
        let url = cart.checkoutUrl
        state.checkout.preloadedURL = url
        let checkout = dependencies.checkout
        return .run { _ in await checkout.preload(checkoutURL: url) }
    }

    /// Drops the preloaded checkout, which no longer matches the cart.
    func invalidatePreload(_ state: inout AppState) -> Effect<AppAction> {
        guard state.checkout.preloadedURL != nil else { return .none }
        state.checkout.preloadedURL = nil
        let checkout = dependencies.checkout
        return .run { _ in await checkout.invalidate() }
    }

    private func start(_ state: inout AppState) -> Effect<AppAction> {
        guard !state.checkout.isPresented else { return .none }
        guard let cart = state.cart.cart, !cart.isEmpty else {
            state.errorMessage = "Your cart is empty."
            return .none
        }
        guard state.cart.latestRequestId == nil else {
            state.errorMessage = "The cart is still updating; try again in a moment."
            return .none
        }
        guard !state.cart.isUnconfirmed else {
            state.errorMessage = "Your cart is shown as last seen: checkout opens once the storefront confirms it."
            return .none
        }
        state.checkout.isPresented = true
        state.checkout.page = .loading
        state.checkout.completedOrderId = nil
        state.checkout.lastError = nil
        clearErrorBar(&state)
        state.cart.editing = nil
        state.cart.pendingRemoveLineId = nil
        let url = cart.checkoutUrl
        let checkout = dependencies.checkout
        let now = dependencies.now
        return .run { send in
            let updates = await checkout.present(checkoutURL: url)
            for await update in updates {
                await send(.checkout(.sheetUpdate(update, at: now())))
            }
            await send(.checkout(.presentationEnded))
        }
        .cancellable(id: .checkoutSheet, cancelInFlight: true)
    }

    /// Takes down the error bar if it still shows the checkout's error.
    private func clearErrorBar(_ state: inout AppState) {
        if let message = state.checkout.errorBarMessage, state.errorMessage == message { state.errorMessage = nil }
        state.checkout.errorBarMessage = nil
    }

    /// The order took stock: the ordered products are read again, past any saved answer, so no
    /// screen goes on showing what was on the shelf before.
    private func refreshStock(of handles: Set<String>) -> Effect<AppAction> {
        guard !handles.isEmpty else { return .none }
        let storefront = dependencies.storefront
        let read = dependencies.freshProduct ?? { try await storefront.product(handle: $0) }
        return .run { send in
            for handle in handles.sorted() {
                if let product = try? await read(handle) { await send(.checkout(.orderedProductRefreshed(product))) }
            }
        }
    }

    private func handle(_ event: CheckoutEvent, at time: Date, _ state: inout AppState) -> Effect<AppAction> {
        switch event {
        case .completed(let completed):
            guard state.checkout.completedOrderId == nil else { return .none }
            state.checkout.completedOrderId = completed.orderId
            // Whatever went wrong on the way, the order is placed: the thank-you page stands alone.
            clearErrorBar(&state)
            state.checkout.notice = nil
            state.orders.append(PlacedOrder(id: completed.orderId, name: state.checkout.page?.orderName, placedAt: time))
            let ordered = Set(state.cart.cart?.lines.map(\.merchandise.productHandle) ?? [])
            // The cart became an order: the next add starts a new cart.
            state.cart = CartState()
            state.checkout.preloadedURL = nil
            let saveCartId = dependencies.saveCartId
            return .merge(.run { _ in await saveCartId(nil) }, refreshStock(of: ordered))
        case .failed(let error):
            state.checkout.lastError = error
            state.checkout.preloadedURL = nil
            state.errorMessage = "Checkout failed: \(error.message)"
            state.checkout.errorBarMessage = state.errorMessage
            return .none
        case .recoveryStarted:
            // The sheet says it in one line instead of the error bar: the buyer goes on in it.
            clearErrorBar(&state)
            let reason = state.checkout.lastError.map { " (\($0.message))" } ?? ""
            state.checkout.notice = "Reloaded after an error\(reason): your details are kept."
            return .none
        case .canceled, .dismissed, .pixel, .linkClicked, .started, .updated, .requested, .answered:
            // A cancel (or dismiss), even the one that follows a completion, is the buyer closing the sheet: not an error.
            return .none
        }
    }
}
