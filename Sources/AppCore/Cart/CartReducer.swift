import Foundation
import Storefront

/// The cart: restored at start, edited optimistically, every mutation stamped with a request id.
///
/// - The shown cart changes at once; the request carries a new id kept in `latestRequestId`.
/// - Only the answer to the latest request updates the shown cart; older answers only refresh
///   `confirmedCart` (the server's newest cart, the rollback target).
/// - A request that throws rolls the shown cart back and shows the error bar; user errors and
///   warnings in a payload are shown in the bar, and the cart comes from the payload.
/// - A cart change invalidates a preloaded checkout.
struct CartReducer: Reducer {
    struct State: Equatable {
        var cart: CartState
        /// Read from the account and the checkout; not written back.
        var isLoggedIn: Bool
        var hasPreloadedCheckout: Bool
        /// The countries the shop sells in, for their names.
        var countries: [Localization.Country] = []
    }

    let dependencies: AppDependencies

    func reduce(into state: inout State, action: CartAction) -> Effect<CartAction> {
        switch action {
        case .restore:
            return restore(&state)
        case .add(let merchandise, let quantity, let plan):
            return add(merchandise, quantity: quantity, plan: plan, to: &state)
        case .attachCustomer:
            return attachCustomer(&state)
        case .attachCustomerIfMissing:
            return attachCustomerIfMissing(&state)
        case .detachCustomer:
            return detachCustomer(&state)
        case .forgetSignedInCart:
            return forgetSignedInCart(&state)
        case .countryChanged(let country):
            return changeCountry(to: country, &state)
        case .checkStillOpen:
            return checkStillOpen(&state)
        case .goneElsewhere(let cartId):
            guard state.cart.cart?.id == cartId, state.cart.latestRequestId == nil else { return .none }
            return dropGoneCart(&state)
        case .orderPlaced:
            // A new, empty cart; a request still on its way keeps its place.
            state.cart = CartState(loading: state.cart.loading)
            let saveCartId = dependencies.saveCartId
            return .run { _ in await saveCartId(nil) }
        case .screenClosed:
            state.cart.editing = nil
            state.cart.pendingRemoveLineId = nil
            state.cart.discountNotice = nil
            return .none
        case .covered:
            state.cart.editing = nil
            state.cart.pendingRemoveLineId = nil
            return .none
        case .delegate:
            return .none
        case .moveSelection(let delta, let rows):
            let count = state.cart.selectableRows
            guard let lines = state.cart.cart?.lines.count, lines > 0 else { return .none }
            state.cart.selectedLineIndex = min(max(state.cart.selectedLineIndex + delta, 0), count - 1)
            // On a code, the lines stay scrolled to their end.
            state.cart.firstVisibleLineIndex = ListScroll.first(selected: min(state.cart.selectedLineIndex, lines - 1),
                                                                previous: state.cart.firstVisibleLineIndex, total: lines, rows: rows)
            state.cart.pendingRemoveLineId = nil
            return .none
        case .incrementQuantity:
            guard let line = state.cart.selectedLine else { return .none }
            return setQuantity(line.quantity + 1, of: line, &state)
        case .decrementQuantity:
            guard let line = state.cart.selectedLine else { return .none }
            if line.quantity <= 1 {
                // Going below one means removing: ask first.
                state.cart.pendingRemoveLineId = line.id
                return .none
            }
            return setQuantity(line.quantity - 1, of: line, &state)
        case .requestRemove:
            if let code = state.cart.selectedDiscountCode { return removeDiscountCode(code.code, &state) }
            guard let line = state.cart.selectedLine else { return .none }
            if state.cart.pendingRemoveLineId == line.id { return reduce(into: &state, action: .confirmRemove) }
            state.cart.pendingRemoveLineId = line.id
            return .none
        case .confirmRemove:
            guard let lineId = state.cart.pendingRemoveLineId else { return .none }
            state.cart.pendingRemoveLineId = nil
            guard !Cart.isProvisional(lineId: lineId) else { return .none }
            return mutate(&state, edit: { $0.setQuantity(0, ofLine: lineId) }) { client, cartId in
                try await client.cartLinesRemove(cartId: cartId, lineIds: [lineId])
            }
        case .cancelRemove:
            state.cart.pendingRemoveLineId = nil
            return .none
        case .beginEditing(let field):
            state.cart.pendingRemoveLineId = nil
            state.cart.editing = field
            switch field {
            case .discountCode:
                state.cart.discountCodeText = ""
                state.cart.discountNotice = nil
            case .note: state.cart.noteText = state.cart.cart?.note ?? ""
            }
            return .none
        case .insert(let text):
            let cleaned = TextSanitizer.cleanLine(text)
            switch state.cart.editing {
            case .discountCode:
                state.cart.discountCodeText = FieldText.appending(cleaned, to: state.cart.discountCodeText,
                                                                  maximumCharacters: CartTextField.discountCode.maximumLength)
            case .note:
                state.cart.noteText = FieldText.appending(cleaned, to: state.cart.noteText, maximumCharacters: CartTextField.note.maximumLength)
            case nil: break
            }
            return .none
        case .deleteBackward:
            switch state.cart.editing {
            case .discountCode: if !state.cart.discountCodeText.isEmpty { state.cart.discountCodeText.removeLast() }
            case .note: if !state.cart.noteText.isEmpty { state.cart.noteText.removeLast() }
            case nil: break
            }
            return .none
        case .commitEditing:
            return commitEditing(&state)
        case .cancelEditing:
            state.cart.editing = nil
            state.cart.discountCodeText = ""
            state.cart.noteText = ""
            return .none
        case .clearDiscountCodes:
            guard state.cart.cart?.discountCodes.isEmpty == false else { return .none }
            return mutate(&state, edit: { $0.discountCodes = [] }) { client, cartId in
                try await client.cartDiscountCodesUpdate(cartId: cartId, discountCodes: [])
            }
        case .restoreResponse(let result):
            state.cart.loading.remove(.cartRestore)
            switch result {
            case .success(let cart):
                // The notice of a failed restore is answered now.
                let withdraw: Effect<CartAction> = state.cart.restoreFailed
                    ? .send(.delegate(.withdrawError([Self.restoreFailure, Self.lastSeenNotice]))) : .none
                state.cart.restoreFailed = false
                let wasUnconfirmed = state.cart.isUnconfirmed
                if wasUnconfirmed && cart == nil {
                    // The cart shown as last seen is gone (completed or expired meanwhile).
                    state.cart = CartState(nextRequestId: state.cart.nextRequestId)
                    return .merge(withdraw, .send(.delegate(.failed(AppError(
                        message: "Your saved cart is no longer open; the next item starts a new cart.")))))
                }
                // A cart made while the restore ran wins (one only shown as last seen does not).
                guard state.cart.cart == nil || wasUnconfirmed, let cart else { return withdraw }
                state.cart.cart = cart
                state.cart.confirmedCart = cart
                state.cart.isUnconfirmed = false
                return .merge(withdraw, saveSeen(cart), attachCustomerIfMissing(&state))
            case .failure(let error):
                state.cart.restoreFailed = true
                return .send(.delegate(.failed(AppError(message: "\(Self.restoreFailure)\(error.message)"))))
            }
        case .restoredAsLastSeen(let cart, let error):
            state.cart.loading.remove(.cartRestore)
            state.cart.restoreFailed = true
            guard state.cart.cart == nil else { return .none }
            state.cart.cart = cart
            state.cart.confirmedCart = cart
            state.cart.isUnconfirmed = true
            return .send(.delegate(.failed(AppError(message: "\(Self.lastSeenNotice)\(error.message)"))))
        case .linesNotSold(let cartId, let warnings):
            guard state.cart.cart?.id == cartId, let notice = markNotSold(warnings, &state) else { return .none }
            return .send(.delegate(.failed(AppError(message: notice))))
        case .mutationResponse(let requestId, let result):
            // The store refused the login the cart was to carry (a restart revived a session the
            // account server has ended, say): the session ends once, and the screen says to log in again.
            let loginRefused = state.isLoggedIn && Self.refusesLogin(result)
            let response = mutationResponse(requestId, result, &state, loginRefused: loginRefused)
            guard loginRefused else { return response }
            return .merge(.send(.delegate(.sessionEnded(reason: Self.loginNotAcceptedReason))), response)
        case .addResponse(let requestId, let adding, let result):
            return addResponse(requestId, adding, result, &state)
        }
    }

    static let restoreFailure = "Could not restore your cart: "
    static let lastSeenNotice = "Your cart as last seen, not confirmed yet: "

    /// Looks up the cart saved by the previous run. An expired cart is forgotten. When it cannot
    /// be looked up, the cart as last seen stands in, marked as not confirmed.
    private func restore(_ state: inout State) -> Effect<CartAction> {
        state.cart.loading.insert(.cartRestore)
        let storefront = dependencies.storefront
        let loadCartId = dependencies.loadCartId
        let saveCartId = dependencies.saveCartId
        let loadSeenCart = dependencies.loadSeenCart
        let countries = state.countries
        return .run { send in
            guard let id = await loadCartId() else {
                await send(.restoreResponse(.success(nil)))
                return
            }
            let result = await Result.capture { try await storefront.cart(id: id) }
            if case .success(nil) = result { await saveCartId(nil) }
            if case .failure(let error) = result, let seen = await loadSeenCart(), seen.id == id {
                await send(.restoredAsLastSeen(seen, error: error))
                return
            }
            await send(.restoreResponse(result))
            if case .success(let cart?) = result {
                let notSold = await CartLinesNotSold.warnings(for: cart, storefront, countries: countries)
                if !notSold.isEmpty { await send(.linesNotSold(cartId: cart.id, notSold)) }
            }
        }
    }

    /// Keeps the confirmed cart for a start without network.
    private func saveSeen(_ cart: Cart) -> Effect<CartAction> {
        let saveSeenCart = dependencies.saveSeenCart
        return .run { _ in await saveSeenCart(cart) }
    }

    /// Adds merchandise: to the cart when there is one, by creating the cart with this line when
    /// there is none, or after the cart being created exists.
    private func add(_ merchandise: CartMerchandise, quantity: Int, plan: SellingPlan?, to state: inout State) -> Effect<CartAction> {
        let adding = CartAddRequest(merchandise, quantity: quantity, sellingPlan: plan)
        let line = adding.line
        if state.cart.cart != nil {
            return mutate(&state, adding: [adding], edit: { $0.add(merchandise, quantity: quantity, plan: plan) }) { client, cartId, _ in
                try await client.addLines(cartId: cartId, lines: [line])
            }
        }
        if state.cart.loading.contains(.cartCreate) {
            state.cart.queuedLines.append(adding)
            return .none
        }
        state.cart.loading.insert(.cartCreate)
        // A logged-in customer's cart carries their token, so checkout knows them.
        let identity = CustomerIdentity(account: dependencies.account, isLoggedIn: state.isLoggedIn)
        let loadCartId = dependencies.loadCartId
        return request(&state, adding: [adding]) { client, send in
            // Another process on the same state directory may have started the cart meanwhile:
            // the line joins it rather than leaving it behind for a new one.
            if let id = await loadCartId(), (try? await client.cart(id: id)) != nil {
                return try await client.addLines(cartId: id, lines: [line])
            }
            return try await client.cartCreate(CartInput(lines: [line], buyerIdentity: await identity.forNewCart(send)))
        }
    }

    /// An add answered: what the store's cart gained is what was added, and only that is told.
    /// Reasons the store gave for fewer go with the count, not to the error bar beside it; a login
    /// the store no longer accepts ends the session and the cart goes on as a guest's.
    private func addResponse(_ requestId: Int, _ adding: [CartAddRequest], _ result: Result<CartPayload, AppError>,
                             _ state: inout State) -> Effect<CartAction> {
        if Self.isCartGone(result), state.cart.cart != nil, requestId == state.cart.latestRequestId {
            // Nothing was added: the notice says the cart went and that the next item starts a new one.
            let outcomes = adding.map { Effect<CartAction>.send(.delegate(.added(CartAddOutcome(request: $0, added: 0)))) }
            return .merge(outcomes + [dropGoneCart(&state)])
        }
        let before = state.cart.confirmedCart
        let outcomes = adding.map { request in Self.outcome(of: request, before: before, result) }
        let loginRefused = Self.refusesLogin(result)
        var effects: [Effect<CartAction>] = []
        // The account says the session ended and to log in again, once, for the whole answer.
        if loginRefused && state.isLoggedIn { effects.append(.send(.delegate(.sessionEnded(reason: Self.loginRefusedReason)))) }
        effects.append(mutationResponse(requestId, result, &state, outcomes: outcomes, loginRefused: loginRefused))
        effects += outcomes.map { .send(.delegate(.added($0))) }
        if loginRefused { effects.append(detachCustomer(&state)) }
        return .merge(effects)
    }

    /// How many of `request` the answer's cart holds beyond `before`, and the store's reason when
    /// that is fewer than asked.
    static func outcome(of request: CartAddRequest, before: Cart?, _ result: Result<CartPayload, AppError>) -> CartAddOutcome {
        switch result {
        case .failure(let error):
            return CartAddOutcome(request: request, added: 0, reason: error.message)
        case .success(let payload):
            let id = request.merchandise.id
            // The store's own count when it gives one: the cart this app saw last may be stale
            // (another process on the same state directory added meanwhile).
            let gained = payload.unitsAdded?[id]
                ?? payload.cart.map { CartAddOutcome.units(of: id, in: $0) - CartAddOutcome.units(of: id, in: before) } ?? 0
            let added = min(max(gained, 0), request.quantity)
            guard added < request.quantity else { return CartAddOutcome(request: request, added: added) }
            let lineIds = Set((payload.cart?.lines ?? []).filter { $0.merchandise.id == id }.map(\.id))
            let about = payload.warnings.filter { lineIds.contains($0.target) || $0.target == id }.map(\.message)
            let reasons = payload.userErrors.map(\.message) + about
            return CartAddOutcome(request: request, added: added, reason: reasons.isEmpty ? nil : reasons.joined(separator: " "))
        }
    }

    /// The store answered that the cart does not exist (completed or expired): no cart, a user
    /// error on `cartId`.
    static func isCartGone(_ result: Result<CartPayload, AppError>) -> Bool {
        guard case .success(let payload) = result, payload.cart == nil else { return false }
        return payload.userErrors.contains { $0.field == ["cartId"] }
    }

    /// Reads the shown cart from the shop; a cart it no longer has open is dropped
    /// (`goneElsewhere`). A shop out of reach changes nothing here.
    private func checkStillOpen(_ state: inout State) -> Effect<CartAction> {
        guard let id = state.cart.cart?.id, !state.cart.isUnconfirmed, state.cart.latestRequestId == nil else { return .none }
        let storefront = dependencies.storefront
        return .run { send in
            guard case .success(nil) = await Result.capture({ try await storefront.cart(id: id) }) else { return }
            await send(.goneElsewhere(cartId: id))
        }
    }

    /// The shown cart is no longer open at the shop: it is dropped with one line naming the order
    /// that completed it when the shop's ledger has it, and the next item starts a new cart.
    private func dropGoneCart(_ state: inout State) -> Effect<CartAction> {
        guard let id = state.cart.cart?.id else { return .none }
        var loading = state.cart.loading
        loading.remove(.cartMutation)
        state.cart = CartState(nextRequestId: state.cart.nextRequestId, loading: loading)
        let loadCartId = dependencies.loadCartId
        let saveCartId = dependencies.saveCartId
        let ledgerOrders = dependencies.ledgerOrders
        return .merge(.send(.delegate(.changed)), .run { send in
            // Another process may already keep a new cart under the saved id: only this one is forgotten.
            if await loadCartId() == id { await saveCartId(nil) }
            let order = try? await ledgerOrders?().first { $0.draft.cartId == id }
            await send(.delegate(.failed(AppError(message: Self.goneNotice(orderName: order?.name)))))
        })
    }

    static func goneNotice(orderName: String?) -> String {
        guard let orderName else { return "This cart is no longer open (checked out elsewhere, or expired); the next item starts a new cart." }
        return "This cart was checked out elsewhere (order \(orderName)); the next item starts a new cart."
    }

    /// The store refused the customer's access token (a user error on it).
    static func refusesLogin(_ result: Result<CartPayload, AppError>) -> Bool {
        guard case .success(let payload) = result else { return false }
        return payload.userErrors.contains { $0.field?.last == "customerAccessToken" }
    }

    static let loginRefusedReason = "the store no longer accepts your login, so nothing was added to your cart"
    static let loginNotAcceptedReason = "the store no longer accepts your login"
    /// Said when the app did not know of a login the cart still carried.
    static let loginRefusedAdvice =
        "Nothing was added to your cart: the store no longer accepts the login it carried. Add it again to shop as a guest, or log in on the account screen (u)."


    /// The customer just logged in: the cart in use gets their token (its lines and the rest stay).
    private func attachCustomer(_ state: inout State) -> Effect<CartAction> {
        guard let current = state.cart.cart?.buyerIdentity else { return .none }
        let identity = CustomerIdentity(account: dependencies.account, isLoggedIn: state.isLoggedIn)
        return mutate(&state, edit: { _ in }) { client, cartId, send in
            guard let updated = await identity.attached(to: current, send) else {
                return CartPayload(cart: try await client.cart(id: cartId))
            }
            return try await client.cartBuyerIdentityUpdate(cartId: cartId, buyerIdentity: updated)
        }
    }

    /// `cartBuyerIdentityUpdate` with the new country: the cart answers in its currency.
    private func changeCountry(to country: String?, _ state: inout State) -> Effect<CartAction> {
        guard var changed = state.cart.cart?.buyerIdentity, changed.countryCode != country else { return .none }
        changed.countryCode = country
        changed.customer = nil
        let identity = changed
        // The identity sent replaces the cart's: a signed-in cart keeps its customer by carrying
        // their token again (the API never returns it, so the cart the app holds may lack it).
        let customer = CustomerIdentity(account: dependencies.account, isLoggedIn: state.isLoggedIn)
        return mutate(&state, edit: { _ in }) { client, cartId, send in
            // Logged out (or the token refused): the identity as it is.
            let sent = await customer.attached(to: identity, send) ?? identity
            return try await client.cartBuyerIdentityUpdate(cartId: cartId, buyerIdentity: sent)
        }
    }

    /// A logged-in customer's cart carries them, wherever the login happened (`storefront login` in
    /// a shell leaves the cart of this app as it was): at start, the restored cart gets the token.
    private func attachCustomerIfMissing(_ state: inout State) -> Effect<CartAction> {
        guard state.isLoggedIn, let cart = state.cart.cart, cart.buyerIdentity.customer == nil,
              state.cart.latestRequestId == nil else { return .none }
        return attachCustomer(&state)
    }

    /// The signed-in cart went with the session: start without a cart, and say so when it held anything.
    private func forgetSignedInCart(_ state: inout State) -> Effect<CartAction> {
        guard let identity = state.cart.cart?.buyerIdentity,
              identity.customerAccessToken != nil || identity.customer != nil else { return .none }
        let items = state.cart.cart?.totalQuantity ?? 0
        let changed = changed(&state)
        state.cart = CartState(nextRequestId: state.cart.nextRequestId)
        let saveCartId = dependencies.saveCartId
        let notice: Effect<CartAction> = items > 0 ? .send(.delegate(.notice(Self.loggedOutNotice(items: items)))) : .none
        return .merge(changed, .run { _ in await saveCartId(nil) }, notice)
    }

    /// Why the cart is empty after logging out.
    static func loggedOutNotice(items: Int) -> String {
        "Logged out: your account's cart (\(items) \(items == 1 ? "item" : "items")) is no longer shown here; the next item starts a new cart."
    }

    /// A preloaded checkout no longer matches the cart: the checkout is told.
    private func changed(_ state: inout State) -> Effect<CartAction> {
        guard state.hasPreloadedCheckout else { return .none }
        state.hasPreloadedCheckout = false
        return .send(.delegate(.changed))
    }

    /// The session ended: the cart stays, without the token and the customer.
    private func detachCustomer(_ state: inout State) -> Effect<CartAction> {
        guard let current = state.cart.cart?.buyerIdentity,
              current.customerAccessToken != nil || current.customer != nil else { return .none }
        let anonymous = CustomerIdentity.detached(from: current)
        return mutate(&state, edit: { $0.buyerIdentity = anonymous }) { client, cartId in
            try await client.cartBuyerIdentityUpdate(cartId: cartId, buyerIdentity: anonymous)
        }
    }

    private func setQuantity(_ quantity: Int, of line: CartLine, _ state: inout State) -> Effect<CartAction> {
        let lineId = line.id
        // The server does not know this line yet; it will, as soon as the add is answered.
        guard !Cart.isProvisional(lineId: lineId) else { return .none }
        return mutate(&state, edit: { $0.setQuantity(quantity, ofLine: lineId) }) { client, cartId in
            try await client.cartLinesUpdate(cartId: cartId, lines: [CartLineUpdateInput(id: lineId, quantity: quantity)])
        }
    }

    private func commitEditing(_ state: inout State) -> Effect<CartAction> {
        guard let field = state.cart.editing else { return .none }
        state.cart.editing = nil
        switch field {
        case .discountCode:
            let code = state.cart.discountCodeText.trimmingCharacters(in: .whitespaces)
            state.cart.discountCodeText = ""
            // The codes that apply, then the new one: a refused code does not stay.
            guard !code.isEmpty, let existing = state.cart.cart?.discountCodes.filter(\.applicable).map(\.code) else { return .none }
            guard !existing.contains(where: { $0.caseInsensitiveCompare(code) == .orderedSame }) else { return .none }
            let codes = existing + [code]
            // Whether a code applies is the server's to say: no optimistic edit.
            return mutate(&state, edit: { _ in }) { client, cartId in
                try await client.cartDiscountCodesUpdate(cartId: cartId, discountCodes: codes)
            }
        case .note:
            let note = state.cart.noteText
            state.cart.noteText = ""
            guard state.cart.cart != nil, note != (state.cart.cart?.note ?? "") else { return .none }
            return mutate(&state, edit: { $0.note = note }) { client, cartId in
                try await client.cartNoteUpdate(cartId: cartId, note: note)
            }
        }
    }

    /// Applies `edit` to the shown cart and sends `perform` for the current cart.
    private func mutate(_ state: inout State, edit: (inout Cart) -> Void,
                        _ perform: @escaping @Sendable (any StorefrontClient, String) async throws -> CartPayload)
        -> Effect<CartAction> {
        mutate(&state, edit: edit) { client, cartId, _ in try await perform(client, cartId) }
    }

    /// `mutate` for requests that may also send actions of their own (the account's); `adding`:
    /// the adds it carries, answered with what was added.
    private func mutate(_ state: inout State, adding: [CartAddRequest] = [], edit: (inout Cart) -> Void,
                        _ perform: @escaping @Sendable (any StorefrontClient, String, Send<CartAction>) async throws -> CartPayload)
        -> Effect<CartAction> {
        guard var cart = state.cart.cart else { return .none }
        edit(&cart)
        state.cart.cart = cart
        clampSelection(&state)
        state.cart.loading.insert(.cartMutation)
        let cartId = cart.id
        return request(&state, adding: adding) { client, send in try await perform(client, cartId, send) }
    }

    /// Stamps a request with a new id and sends it; the cart changed, so a preloaded checkout is stale.
    private func request(_ state: inout State, adding: [CartAddRequest] = [],
                         _ perform: @escaping @Sendable (any StorefrontClient, Send<CartAction>) async throws -> CartPayload)
        -> Effect<CartAction> {
        let requestId = state.cart.nextRequestId
        state.cart.nextRequestId += 1
        state.cart.latestRequestId = requestId
        let storefront = dependencies.storefront
        let countries = state.countries
        return .merge(
            .run { send in
                let result = await Result.capture {
                    var payload = try await perform(storefront, send)
                    payload.warnings += await CartLinesNotSold.warnings(for: payload.cart, storefront, countries: countries)
                    return payload
                }
                await send(adding.isEmpty ? .mutationResponse(requestId: requestId, result)
                           : .addResponse(requestId: requestId, adding: adding, result))
            },
            changed(&state)
        )
    }

    /// `outcomes`: the adds the request carried; their reasons are told with them (or, for an add
    /// that took nothing, as its refusal), not again on their own.
    private func mutationResponse(_ requestId: Int, _ result: Result<CartPayload, AppError>, _ state: inout State,
                                  outcomes: [CartAddOutcome] = [], loginRefused: Bool = false) -> Effect<CartAction> {
        let told = outcomes.compactMap(\.reason)
        let refusals = outcomes.compactMap { outcome in
            guard loginRefused, outcome.added == 0 else { return outcome.refusal }
            return state.isLoggedIn ? nil : Self.loginRefusedAdvice
        }
        var effects: [Effect<CartAction>] = []
        if case .success(let payload) = result, let cart = payload.cart, requestId > state.cart.confirmedRequestId {
            if cart.id != state.cart.confirmedCart?.id { effects.append(save(cartId: cart.id)) }
            effects.append(saveSeen(cart))
            state.cart.confirmedCart = cart
            state.cart.confirmedRequestId = requestId
            state.cart.isUnconfirmed = false
        }
        // A newer request is in flight: its answer decides what is shown.
        guard requestId == state.cart.latestRequestId else { return .merge(effects) }
        state.cart.latestRequestId = nil
        state.cart.loading.remove(.cartMutation)
        state.cart.loading.remove(.cartCreate)
        switch result {
        case .success(let payload):
            state.cart.cart = payload.cart ?? state.cart.confirmedCart
            // Discount warnings go beside the codes, lines not sold here on the lines; the rest
            // (stock, …) to the error bar.
            let notSold = payload.warnings.filter { $0.code == .productUnavailableInBuyerLocation }
            let others = payload.warnings.filter { !$0.code.isAboutADiscount && $0.code != .productUnavailableInBuyerLocation }
            // A warning the newest answer no longer gives ("Only 9 in stock…" after -) leaves the bar too.
            let lapsed = state.cart.warnings.map(\.message).filter { old in !others.contains { $0.message == old } }
            if !lapsed.isEmpty { effects.append(.send(.delegate(.withdrawError(lapsed)))) }
            state.cart.warnings = others
            let notice = markNotSold(notSold, &state)
            let reported = (payload.userErrors.map(\.message) + others.map(\.message)).filter { message in
                !told.contains { $0.contains(message) } && !(loginRefused && payload.userErrors.contains { $0.message == message })
            }
            let messages = refusals + reported + [notice].compactMap { $0 }
            if !messages.isEmpty { effects.append(.send(.delegate(.failed(AppError(message: messages.joined(separator: " ")))))) }
            if state.cart.queuedLines.isEmpty { effects.append(dropRefusedCodes(payload.warnings, &state)) }
        case .failure(let error):
            state.cart.cart = state.cart.confirmedCart
            effects.append(.send(.delegate(.failed(refusals.isEmpty ? error : AppError(message: refusals.joined(separator: " "))))))
        }
        clampSelection(&state)
        if !state.cart.queuedLines.isEmpty, state.cart.cart != nil {
            let queued = state.cart.queuedLines
            state.cart.queuedLines = []
            let lines = queued.map(\.line)
            effects.append(mutate(&state, adding: queued, edit: { _ in }) { client, cartId, _ in
                try await client.addLines(cartId: cartId, lines: lines)
            })
        } else if state.cart.cart == nil {
            state.cart.queuedLines = []
        }
        return .merge(effects)
    }

    /// Marks the lines the cart's country does not sell; the notice for the bar names the ones new to it.
    private func markNotSold(_ warnings: [CartWarning], _ state: inout State) -> String? {
        let fresh = warnings.filter { warning in !state.cart.notSoldHere.contains { $0.target == warning.target } }
        state.cart.notSoldHere = warnings
        return CartLinesNotSold.notice(fresh)
    }

    private func save(cartId: String) -> Effect<CartAction> {
        let saveCartId = dependencies.saveCartId
        return .run { _ in await saveCartId(cartId) }
    }

    /// Codes the cart refused (just entered, or lapsed when a line went) leave the cart; the
    /// notice says why, with the server's reason for each.
    private func dropRefusedCodes(_ warnings: [CartWarning], _ state: inout State) -> Effect<CartAction> {
        guard let codes = state.cart.cart?.discountCodes, codes.contains(where: { !$0.applicable }) else { return .none }
        state.cart.discountNotice = codes.filter { !$0.applicable }.map { code in
            warnings.first { $0.code.isAboutADiscount && $0.message.hasPrefix(code.code + ":") }?.message
                ?? "\(code.code): does not apply to this cart"
        }.joined(separator: " · ")
        let kept = codes.filter(\.applicable).map(\.code)
        return mutate(&state, edit: { $0.discountCodes.removeAll { !$0.applicable } }) { client, cartId in
            try await client.cartDiscountCodesUpdate(cartId: cartId, discountCodes: kept)
        }
    }

    private func removeDiscountCode(_ code: String, _ state: inout State) -> Effect<CartAction> {
        state.cart.discountNotice = nil
        let kept = (state.cart.cart?.discountCodes ?? []).map(\.code).filter { $0 != code }
        return mutate(&state, edit: { $0.discountCodes.removeAll { $0.code == code } }) { client, cartId in
            try await client.cartDiscountCodesUpdate(cartId: cartId, discountCodes: kept)
        }
    }

    private func clampSelection(_ state: inout State) {
        let count = state.cart.selectableRows
        state.cart.selectedLineIndex = min(state.cart.selectedLineIndex, max(count - 1, 0))
        state.cart.firstVisibleLineIndex = min(state.cart.firstVisibleLineIndex, state.cart.selectedLineIndex)
    }
}
