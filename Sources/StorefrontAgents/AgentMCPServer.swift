import Foundation
import Logging
import MCP
import Storefront

/// The shop's tools served over MCP by the SDK's own server and transports: stdio for
/// `storefront mcp`, and one stateless streamable-HTTP exchange per request for `serve`.
public enum AgentMCPServer {
    public static let name = "storefront"
    public static let version = "1.0.0"

    /// An MCP server answering `tools/list` and `tools/call` of one tool set for one caller.
    public static func make(_ tools: AgentTools, caller: @escaping @Sendable () async -> AgentCaller) async -> Server {
        let instructions: String
        switch tools.set {
        case .storefront:
            instructions = "The shop's catalog, policies and carts (Storefront MCP). Prices are the shop's; check out at the cart's checkout_url or with the UCP tools."
        case .ucp:
            instructions = "The Universal Commerce Protocol's catalog, cart, checkout and order tools. Every call carries meta[\"ucp-agent\"].profile; pay with a test token of the handler \(TestPaymentTokens.handlerId)."
        }
        let server = Server(name: name, version: version, title: "Storefront (\(tools.set.rawValue))", instructions: instructions,
                            capabilities: .init(tools: .init(listChanged: false)))
        let listed = tools.set.listed
        await server.withMethodHandler(ListTools.self) { _ in ListTools.Result(tools: listed) }
        await server.withMethodHandler(CallTool.self) { parameters in
            try await tools.call(parameters.name, arguments: parameters.arguments, as: await caller())
        }
        return server
    }

    /// Serves the tools on standard input and output until the client closes its end.
    public static func runStdio(_ tools: AgentTools, caller: AgentCaller) async throws {
        let server = await make(tools, caller: { caller })
        try await server.start(transport: BoundedStdioTransport())
        await server.waitUntilCompleted()
    }

    /// Answers one HTTP request of the streamable HTTP transport: a fresh server and stateless
    /// transport for this request alone, so requests of different clients never share JSON-RPC ids
    /// and nothing is kept between them (no sessions, no server-sent events; GET answers 405).
    public static func handle(_ request: MCP.HTTPRequest, tools: AgentTools, caller: AgentCaller) async -> MCP.HTTPResponse {
        let transport = StatelessHTTPServerTransport(validationPipeline: StandardValidationPipeline(validators: [
            OriginValidator.localhost(), AcceptHeaderValidator(mode: .jsonOnly), ContentTypeValidator(), ProtocolVersionValidator(),
        ]))
        let server = await make(tools, caller: { caller })
        do {
            try await server.start(transport: transport)
        } catch {
            return .error(statusCode: 500, .internalError("The MCP server did not start."))
        }
        let response = await transport.handleRequest(request)
        await server.stop()
        return response
    }
}
