import Storefront

/// The names and defaults `serve` and `mcp` are run with, in the one place both the `storefront`
/// command line (which defines their options, help and completions) and the server program (which
/// runs them) read them from; the server's own types answer with these.
public enum ServeDefaults {
    /// The port `serve` listens on, and `storefront login` looks for the account server on, when told nothing else.
    public static let port = 8787
    /// Where `serve` answers the Storefront API (POST).
    public static let graphQLPath = "/api/\(GraphQLStorefront.apiVersion)/graphql.json"
    /// Where a checkout over `serve` places its orders.
    public static let checkoutOrdersPath = "/checkout/orders"
    /// The shop's database in the state directory.
    public static let databaseFileName = "shop.sqlite"
    /// Answers to catalog queries kept until the stock changes.
    public static let cachedAnswers = 1_024
}

/// A Storefront API access scope that gates a field `serve` answers.
public enum AccessScope: String, CaseIterable, Sendable {
    /// `ProductVariant.quantityAvailable`.
    case productInventory = "unauthenticated_read_product_inventory"
}

/// Who runs a GraphQL operation in `serve`: `serial`, serve's own executor, or `library`, the
/// GraphQL library's executor for everything (what the serial one is held to, byte for byte).
public enum GraphQLExecutorChoice: String, Sendable, CaseIterable { case serial, library }

/// The tool sets the shop answers agents with: Shopify's Storefront MCP (`/api/mcp`) and the
/// Universal Commerce Protocol's MCP binding (`/api/ucp/mcp`).
public enum AgentToolSet: String, Sendable, CaseIterable {
    case storefront
    case ucp
}

/// What an SSH session's storefront is told by the front that started it.
public enum SSHSessionEnvironment {
    /// Set for every session: a login there is a code approved on another device (RFC 8628).
    public static let loginElsewhereVariable = "STOREFRONT_LOGIN_ON_ANOTHER_DEVICE"
}
