import Determinism
import StorefrontFuzzing

/// One thing a shopper (or the machine under them) does. Steps name products and lines by index
/// into what exists when they run, so any sublist of a failing session still replays: a step whose
/// target is gone does nothing.
public enum SimulationStep: Hashable, Sendable, CustomStringConvertible {
    /// Opens a collection's products (by index among the collections).
    case browse(collection: Int)
    /// Types a query on the search screen.
    case search(String)
    /// Opens a product (by index among the catalog's products), moves to another variant, sets the
    /// quantity, chooses on the Purchase row (0 buys once, k the product's k-th selling plan, its last
    /// when it has fewer; a product without plans is bought once) and presses `a`.
    case add(product: Int, variantMoves: Int, quantity: Int, plan: Int = 0)
    /// `+`, `-` and `x` (confirmed) on a line of the cart screen.
    case increment(line: Int)
    case decrement(line: Int)
    case remove(line: Int)
    /// A discount code typed on the cart screen.
    case discount(String)
    /// A gift card code applied to the cart (the app has no field for it: the shop's own client,
    /// as a checkout's gift card field would), then the cart screen opened again.
    case giftCard(String)
    case note(String)
    /// The country picker: `m`, the country, enter.
    case country(String)
    /// `o`: the orders screen.
    case orders
    /// Enter on the cart and a buyer filling in the sheet.
    case checkout(CheckoutOutcome)
    /// The app quits cleanly and starts again on the same state.
    case restartApp
    /// The app is killed mid-add: in-flight work is cancelled, nothing is shut down, and a new app
    /// starts on the same state directory.
    case killApp(product: Int)
    /// `serve` stops and starts again on the same SQLite file (the app keeps running).
    case restartServe
    /// A second app on the same state directory adds a product and quits; the first opens its cart.
    case secondProcess(product: Int, quantity: Int)
    /// The account screen's login (approved at once): the terminal holds a new customer token.
    case logIn
    /// The account screen's logout: the token is revoked and the signed-in carts deleted.
    case logOut
    /// The login server forgets the customer's token (revoked elsewhere, or expired), then the
    /// shopper adds a product (by index among the catalog's products) as if nothing happened.
    case loginExpires(product: Int)
    /// An AI agent acts on the same shop through its MCP tools.
    case agent(AgentAction)
    /// `serve` restarts with another Storefront token and the shopper adds a product (refused), then
    /// `serve` restarts with the app's token again and the same add is tried (every login ended
    /// with the restarts).
    case rotateToken(product: Int)

    public var description: String {
        switch self {
        case .browse(let index): "browse collection \(index)"
        case .search(let query): "search \"\(query)\""
        case .add(let product, let moves, let quantity, let plan):
            "add product \(product) variant+\(moves) ×\(quantity)" + (plan > 0 ? " on selling plan \(plan)" : "")
        case .increment(let line): "+ line \(line)"
        case .decrement(let line): "- line \(line)"
        case .remove(let line): "remove line \(line)"
        case .discount(let code): "discount \(code)"
        case .giftCard(let code): "gift card \(code)"
        case .note(let text): "note \"\(text)\""
        case .country(let code): "country \(code)"
        case .orders: "orders"
        case .checkout(let outcome): "checkout \(outcome.rawValue)"
        case .restartApp: "restart app"
        case .killApp(let product): "kill -9 app while adding product \(product)"
        case .restartServe: "restart serve"
        case .secondProcess(let product, let quantity): "second app adds product \(product) ×\(quantity)"
        case .logIn: "log in"
        case .logOut: "log out"
        case .loginExpires(let product): "the login expires, then add product \(product)"
        case .agent(let action): action.description
        case .rotateToken(let product): "serve restarts with another token and back, adding product \(product) each time"
        }
    }
}

/// How a buyer gets through the checkout sheet.
public enum CheckoutOutcome: String, Hashable, Sendable, CaseIterable {
    /// 4242…: paid.
    case pay
    /// 4000…0002 and nothing else: the buyer gives up and closes the sheet.
    case decline
    /// Declined, then 4242….
    case declineThenPay
    /// 4000…0119 (the gateway fails, the sheet reloads), then 4242….
    case gatewayFailureThenPay
    /// Esc on the shipping step.
    case cancel
}

/// Which shop the app runs against.
public enum SimulatedStoreKind: String, Hashable, Sendable, CaseIterable {
    /// The embedded storefront on a state directory of JSON files.
    case embedded
    /// `serve` in-process on loopback (SQLite), through the app's GraphQL client.
    case serve
}

/// The steps of one session, drawn from its seed.
public enum SessionPlan {
    static let discountCodes = ["WELCOME10", "FIKA5", "BREWDAY20", "SUMMER24", "NOPE-CODE", "fika5"]
    static let giftCards = ["KESTREL-GIFT-2500", "KESTREL-GIFT-10K0", "KESTREL-USED-0000", "KESTREL-NONE-1234"]
    static let countries = ["NL", "US", "GB", "JP"]
    static let queries = ["tea", "coffee", "tag:sale", "price:<20", "grinder", "-tag:*", "(mug"]
    static let notes = ["Leave it with the neighbours", "", "Gift — no prices please", "ring twice"]

    /// `count` steps for `store`, the same for the same seed.
    /// `secondProcess: false` leaves out the second app (its draws become clean restarts).
    public static func steps(seed: UInt64, count: Int, store: SimulatedStoreKind, secondProcess: Bool = true) -> [SimulationStep] {
        var random = FuzzRandom(seed: seed)
        return (0..<count).map { _ in
            let next = step(&random, store: store)
            if case .secondProcess = next, !secondProcess { return .restartApp }
            return next
        }
    }

    static func step(_ random: inout FuzzRandom, store: SimulatedStoreKind) -> SimulationStep {
        // Weights: mostly shopping, a checkout now and then, the machine misbehaving rarely.
        switch random.int(0...99) {
        case 0...4: return .browse(collection: random.int(0...12))
        case 5...8: return .search(random.pick(queries))
        case 9...33:
            let product = random.int(0...80), moves = random.int(0...3)
            let quantity = random.chance(0.1) ? random.int(5...40) : random.int(1...3)
            // Now and then on a selling plan (a product without plans is bought once all the same).
            return .add(product: product, variantMoves: moves, quantity: quantity, plan: random.chance(0.3) ? random.int(1...2) : 0)
        case 34...38: return .increment(line: random.int(0...3))
        case 39...40: return .agent(AgentAction.draw(&random))
        case 41...46: return .decrement(line: random.int(0...3))
        case 47...51: return .remove(line: random.int(0...3))
        case 52...57: return .discount(random.pick(discountCodes))
        case 58...61: return .giftCard(random.pick(giftCards))
        case 62...64: return .note(random.pick(notes))
        case 65...69: return .country(random.pick(countries))
        case 70...71: return .orders
        case 72...73: return .agent(AgentAction.draw(&random))
        case 74...85: return .checkout(random.pick(CheckoutOutcome.allCases))
        // The shop's login server: the embedded shop's (SimulatedAccounts), or serve's (ServeAccounts).
        case 86: return .logIn
        case 87: return .logOut
        case 88: return .loginExpires(product: random.int(0...80))
        case 89: return .restartApp
        case 90...92: return .killApp(product: random.int(0...80))
        case 93...94: return store == .serve ? .restartServe : .restartApp
        case 95: return store == .serve ? .rotateToken(product: random.int(0...80)) : .restartApp
        default: return .secondProcess(product: random.int(0...80), quantity: random.int(1...3))
        }
    }
}
