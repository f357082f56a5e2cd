import ArgumentParser
import CustomerAccount
import Foundation
import Storefront
import StorefrontAgents

/// `storefront mcp`: the agents' tools over MCP on standard input and output, against the shop the
/// global options name (the embedded one, `serve` or any Storefront API), for a desktop assistant.
struct MCPCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mcp",
        abstract: "Serve the shop's tools to an AI agent over MCP on stdin/stdout.",
        discussion: """
            --tools ucp (the default): the Universal Commerce Protocol's catalog, cart, checkout and order tools.
            --tools storefront: Shopify's Storefront MCP tools (catalog, policies, product, cart).
            The agent acts for the customer logged in with `storefront login`, else as a guest; its carts
            and orders are the ones this terminal's storefront shows.
            """)

    @OptionGroup var global: GlobalOptions

    @Option(help: ArgumentHelp("Which tools: ucp or storefront.", valueName: "set"))
    var tools: String = AgentToolSet.ucp.rawValue

    func validate() throws {
        guard AgentToolSet(rawValue: tools) != nil else {
            throw ValidationError("--tools takes \(AgentToolSet.allCases.map(\.rawValue).joined(separator: " or ")), not \(tools.prefix(40)).")
        }
    }

    func run() async throws {
        let set = AgentToolSet(rawValue: tools) ?? .ucp
        try await reportingFailures {
            let directory = EmbeddedStorefront.defaultStateDirectory()
            let tokens = TokenStore(directory: directory)
            let shop = try await shop(directory: directory, tokens: tokens)
            // The customer logged in on this machine, as their token stands now (refreshed if due).
            let manager = AccountCommands(tokenStore: tokens, output: { _ in }).tokenManager
            let caller: AgentCaller
            if let session = try? await manager.validSession() {
                caller = AgentCaller(accessToken: session.accessToken.rawValue, customer: session.customer)
            } else {
                caller = .guest
            }
            try await AgentMCPServer.runStdio(AgentTools(shop: shop, set: set), caller: caller)
        }
    }

    /// The shop as the interactive storefront on this machine reaches it, with the same current cart.
    private func shop(directory: URL, tokens: TokenStore) async throws -> AgentShop {
        if let remote = try global.remoteStorefront() {
            let endpoint = remote.configuration.endpoint
            let backend = StorefrontAPICheckoutBackend(storefront: remote,
                                                       paidSessions: RemoteOrderSessions(directory: directory, endpoint: endpoint))
            let cartIds = RemoteCartIds(directory: directory, endpoint: endpoint)
            return AgentShop(storefront: remote, checkout: backend,
                             customerCarts: CustomerCarts(current: { _ in await cartIds.current() }, set: { _, id in await cartIds.set(id) }))
        }
        let storefront = EmbeddedStorefront(catalog: try global.openCatalog())
        await storefront.setCustomerDirectory(SessionCustomerDirectory(store: tokens))
        return AgentShop(storefront: storefront, checkout: storefront,
                         customerCarts: CustomerCarts(current: { _ in await storefront.currentCartId() },
                                                      set: { _, id in try? await storefront.setCurrentCartId(id) }))
    }
}
