import ArgumentParser
import ServerSettings

/// `storefront mcp`'s command line: its options, help and checks, parsed by the `storefront`
/// program and again by the server program that runs it.
public struct MCPOptions: ParsableArguments, Sendable {
    public static let configuration = CommandConfiguration(
        commandName: "mcp",
        abstract: "Serve the shop's tools to an AI agent over MCP on stdin/stdout.",
        discussion: """
            --tools ucp (the default): the Universal Commerce Protocol's catalog, cart, checkout and order tools.
            --tools storefront: Shopify's Storefront MCP tools (catalog, policies, product, cart).
            The agent acts for the customer logged in with `storefront login`, else as a guest; its carts
            and orders are the ones this terminal's storefront shows.
            """)

    public init() {}

    @OptionGroup public var global: GlobalOptions

    @Option(help: ArgumentHelp("Which tools: ucp or storefront.", valueName: "set"))
    public var tools: String = AgentToolSet.ucp.rawValue

    public func validate() throws {
        guard AgentToolSet(rawValue: tools) != nil else {
            throw ValidationError("--tools takes \(AgentToolSet.allCases.map(\.rawValue).joined(separator: " or ")), not \(tools.prefix(40)).")
        }
    }

    /// The tool set `--tools` names.
    public var toolSet: AgentToolSet { AgentToolSet(rawValue: tools) ?? .ucp }
}
