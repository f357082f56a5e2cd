import Storefront

public enum OrdersAction: Hashable, Sendable {
    /// o, or from the thank-you page: the screen opens (and loads a signed-in customer's orders).
    case open
    /// The customer signed in, or their session was found after the screen opened (`--open orders`
    /// at start): a screen on the stack loads their orders.
    case customerChanged
    /// `rows`: how many rows the list shows, so it scrolls by lines and stays full.
    case moveSelection(by: Int, rows: Int)
    /// Enter: shows the selected order's details.
    case openSelected
    /// Esc on the details: back to the list.
    case closeDetails
    case ordersResponse(Result<[CustomerOrder], AppError>)
    /// A guest's order placed from this terminal, until the ledger lists it.
    case placed(PlacedOrder)
    /// The ledger's orders for this shopper, as it recorded them.
    case ledgerRead([Order])
    case delegate(Delegate)

    public typealias Delegate = CustomerScreenDelegate
}

/// "Your orders", on its screen's own state where it sits on the stack: the list of orders and one
/// order's details.
struct OrdersReducer: Reducer {
    let dependencies: AppDependencies
    /// The orders placed from this terminal and whether a customer is signed in: read from the app.
    var placed: [PlacedOrder] = []
    var isSignedIn = false

    func reduce(into screen: inout OrdersState, action: OrdersAction) -> Effect<OrdersAction> {
        let count = screen.summaries(placed: placed, signedIn: isSignedIn).count
        switch action {
        case .open, .customerChanged:
            guard isSignedIn, let account = dependencies.account else {
                // Signed out (or the session ended) while the customer's orders were read: the
                // screen lists this terminal's guest orders and waits for nothing.
                screen.isLoading = false
                screen.customerOrders = nil
                return .none
            }
            guard !screen.isLoading else { return .none }
            screen.isLoading = true
            return .run { send in await send(.ordersResponse(await Result.capture { try await account.orders() })) }
                .cancellable(id: .customerOrders)
        case .moveSelection(let delta, let rows):
            guard count > 0 else { return .none }
            screen.selectedIndex = min(max(screen.selectedIndex + delta, 0), count - 1)
            screen.firstVisibleIndex = ListScroll.first(selected: screen.selectedIndex, previous: screen.firstVisibleIndex,
                                                        total: count, rows: rows)
            return .none
        case .openSelected:
            let orders = screen.summaries(placed: placed, signedIn: isSignedIn)
            guard orders.indices.contains(screen.selectedIndex) else { return .none }
            screen.openOrderId = orders[screen.selectedIndex].id
            return .none
        case .closeDetails:
            screen.openOrderId = nil
            return .none
        case .ordersResponse(.success(let orders)):
            screen.isLoading = false
            screen.customerOrders = orders
            screen.selectedIndex = min(screen.selectedIndex, max(orders.count - 1, 0))
            return .none
        case .ordersResponse(.failure(let error)):
            screen.isLoading = false
            if let reason = error.loginRequired { return .send(.delegate(.sessionEnded(reason: reason))) }
            return .send(.delegate(.failed(AppError(message: "Could not load your orders: \(error.message)"))))
        case .placed, .ledgerRead, .delegate:
            return .none
        }
    }
}

/// The orders placed from this terminal: the ledger's list, and one placed this run until the
/// ledger lists it. The checkout says an order was placed; the ledger's answer replaces the list.
struct PlacedOrdersReducer: Reducer {
    func reduce(into orders: inout [PlacedOrder], action: OrdersAction) -> Effect<OrdersAction> {
        switch action {
        case .placed(let order):
            orders.append(order)
        case .ledgerRead(let ledger):
            // The ledger decides: its guest orders, at the totals it charged, and no other.
            orders = ledger.sorted { ($0.processedAt, $0.id) < ($1.processedAt, $1.id) }.map(PlacedOrder.init(recorded:))
        case .open, .customerChanged, .moveSelection, .openSelected, .closeDetails, .ordersResponse, .delegate:
            break
        }
        return .none
    }
}
