import ArgumentParser
import CustomerAccount
import Foundation
import Storefront
import StorefrontAgents
import StorefrontCommandLine

/// `storefront mcp`: the agents' tools over MCP on standard input and output, against the shop the
/// global options name (the embedded one, `serve` or any Storefront API), for a desktop assistant.
/// Its options and help are `MCPOptions`, which the `storefront` program parses too.
struct MCPCommand: AsyncParsableCommand {
    static let configuration = MCPOptions.configuration

    @OptionGroup var options: MCPOptions

    func run() async throws {
        let set = options.toolSet
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
        if let remote = try options.global.remoteStorefront() {
            let endpoint = remote.configuration.endpoint
            let backend = StorefrontAPICheckoutBackend(storefront: remote,
                                                       paidSessions: RemoteOrderSessions(directory: directory, endpoint: endpoint))
            let cartIds = RemoteCartIds(directory: directory, endpoint: endpoint)
            return AgentShop(storefront: remote, checkout: backend,
                             customerCarts: CustomerCarts(current: { _ in await cartIds.current() }, set: { _, id in await cartIds.set(id) }))
        }
        let storefront = EmbeddedStorefront(catalog: try options.global.openCatalog())
        await storefront.setCustomerDirectory(SessionCustomerDirectory(store: tokens))
        return AgentShop(storefront: storefront, checkout: storefront,
                         customerCarts: CustomerCarts(current: { _ in await storefront.currentCartId() },
                                                      set: { _, id in try? await storefront.setCurrentCartId(id) }))
    }
}
