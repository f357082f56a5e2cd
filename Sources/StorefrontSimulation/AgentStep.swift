import Determinism
import StorefrontFuzzing

/// What an AI agent does on the shopper's shop, through the shop's UCP tools over MCP (the same
/// server `serve` and `storefront mcp` run), acting for whoever this terminal is logged in as.
public enum AgentAction: Hashable, Sendable, CustomStringConvertible {
    /// `search_catalog`.
    case search(String)
    /// Adds a product (by index among the catalog's products) to the shopper's current cart with
    /// `update_cart` (or `create_cart` when there is none), sending a price of its own on the line.
    case add(product: Int, quantity: Int)
    /// `create_checkout` on the shopper's current cart, `update_checkout` (buyer, address, the
    /// delivery option by index), `complete_checkout` with an idempotency key and a total of its own,
    /// then the same key again and another key for the same checkout.
    case checkout(option: Int, declined: Bool)
    /// An agent of another customer reads and changes the shopper's cart and reads their newest
    /// order by its number.
    case intrude

    public var description: String {
        switch self {
        case .search(let query): "agent searches \"\(query)\""
        case .add(let product, let quantity): "agent adds product \(product) ×\(quantity) to the shopper's cart"
        case .checkout(let option, let declined): "agent checks out (option \(option)\(declined ? ", declined card" : ""))"
        case .intrude: "another customer's agent tries the shopper's cart and order"
        }
    }

    static func draw(_ random: inout FuzzRandom) -> AgentAction {
        switch random.int(0...9) {
        case 0...1: .search(random.pick(SessionPlan.queries))
        case 2...5: .add(product: random.int(0...80), quantity: random.int(1...3))
        case 6...8: .checkout(option: random.int(0...2), declined: random.chance(0.2))
        default: .intrude
        }
    }
}
