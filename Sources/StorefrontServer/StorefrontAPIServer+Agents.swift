import Foundation
import Hummingbird
import MCP
import Storefront
import StorefrontAgents

extension StorefrontAPIServer {
    public enum AgentPath {
        /// Shopify's Storefront MCP.
        public static let storefrontMCP = "/api/mcp"
        /// The Universal Commerce Protocol's MCP binding.
        public static let ucpMCP = "/api/ucp/mcp"
        /// The UCP profile: the services and capabilities this shop offers.
        public static let ucpProfile = "/.well-known/ucp"
    }

    /// The agents' endpoints: both MCP tool sets over streamable HTTP (POST; GET and DELETE answer
    /// 405, the server keeping no sessions), within the request bounds every route has, and the UCP
    /// profile. `Authorization: Bearer` with a customer's access token makes the agent act for them.
    func addAgentRoutes(_ checkout: CheckoutEndpoint, to router: Router<ServeRequestContext>) {
        let customers = account?.authority
        let carts = customers.map { authority in
            CustomerCarts(current: { caller in
                guard let token = caller.accessToken else { return nil }
                return await authority.cartId(accessToken: token) ?? nil
            }, set: { caller, id in
                guard let token = caller.accessToken else { return }
                _ = await authority.setCartId(id, accessToken: token)
            })
        }
        let shop = AgentShop(storefront: endpoint.storefront, checkout: checkout.backend, customerCarts: carts)
        let log = log
        let budget = endpoint.limits.timeBudget
        for (path, set) in [(AgentPath.storefrontMCP, AgentToolSet.storefront), (AgentPath.ucpMCP, .ucp)] {
            let tools = AgentTools(shop: shop, set: set)
            for method in [HTTPRequest.Method.post, .get, .delete] {
                router.on(RouterPath(stringLiteral: path), method: method) { request, _ -> Response in
                    var request = request
                    let body = try await request.collectBody(within: self.endpoint.limits)
                    var headers: [String: String] = [:]
                    for field in request.headers {
                        headers[field.name.canonicalName] = headers[field.name.canonicalName].map { $0 + ", " + field.value } ?? field.value
                    }
                    let mcpRequest = MCP.HTTPRequest(method: request.method.rawValue, headers: headers, body: body, path: path)
                    let answer: MCP.HTTPResponse
                    switch await Self.caller(authorization: request.headers[.authorization], customers: customers) {
                    case .known(let caller):
                        let work = await withTimeBudget(budget) { await AgentMCPServer.handle(mcpRequest, tools: tools, caller: caller) }
                        answer = work ?? .error(statusCode: 503, .internalError("The shop did not answer within \(budget)."))
                    case .refused(let refusal):
                        answer = refusal
                    }
                    await log("\(request.method.rawValue) \(path) \(answer.statusCode)")
                    return Self.response(answer)
                }
            }
        }
        let origin = origin
        router.get(RouterPath(stringLiteral: AgentPath.ucpProfile)) { _, _ -> Response in
            Self.response(.json(200, UCPProfile.document(origin: await origin.value)))
        }
    }

    /// The customer an `Authorization: Bearer` token names; a guest without one. A token the
    /// account server does not know is refused (401), never taken for a guest.
    enum CallerResolution { case known(AgentCaller), refused(MCP.HTTPResponse) }

    static func caller(authorization: String?, customers: AccountAuthority?) async -> CallerResolution {
        guard let authorization, !authorization.isEmpty else { return .known(.guest) }
        let parts = authorization.split(separator: " ", maxSplits: 1)
        guard parts.count == 2, parts[0].lowercased() == "bearer", let customers,
              let customer = try? await customers.customer(accessToken: String(parts[1])) else {
            return .refused(.error(statusCode: 401, .invalidRequest("The access token is not a customer's of this shop."),
                                   extraHeaders: ["WWW-Authenticate": "Bearer error=\"invalid_token\""]))
        }
        return .known(AgentCaller(accessToken: String(parts[1]), customer: customer))
    }

    static func response(_ answer: MCP.HTTPResponse) -> Response {
        var headers = HTTPFields()
        for (name, value) in answer.headers {
            if let field = HTTPFields.Element.Name(name) { headers[field] = value }
        }
        return Response(status: HTTPResponse.Status(code: answer.statusCode, reasonPhrase: reason(answer.statusCode)),
                        headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: answer.bodyData ?? Data())))
    }
}

/// The shop's UCP profile (`/.well-known/ucp`): the shopping service bound to MCP, its
/// capabilities and the test payment handler.
enum UCPProfile {
    static let version = "2026-01-11"

    static func document(origin: String) -> Data {
        let capability = { (name: String) -> [String: Any] in
            ["version": version, "spec": "https://ucp.dev/specification/\(name.split(separator: ".").last ?? "")"]
        }
        let profile: [String: Any] = ["ucp": [
            "version": version,
            "services": ["dev.ucp.shopping": [["version": version, "transport": "mcp", "spec": "https://ucp.dev/specification/overview",
                                               "schema": "https://ucp.dev/services/shopping/mcp.openrpc.json",
                                               "endpoint": origin + StorefrontAPIServer.AgentPath.ucpMCP]]],
            "capabilities": Dictionary(uniqueKeysWithValues: ["dev.ucp.shopping.catalog.search", "dev.ucp.shopping.catalog.lookup",
                                                              "dev.ucp.shopping.cart", "dev.ucp.shopping.checkout", "dev.ucp.shopping.order"]
                .map { ($0, [capability($0)]) }),
            "payment_handlers": [TestPaymentTokens.handlerId: [["id": TestPaymentTokens.handlerId, "version": version,
                                                                "config": ["tokens": TestPaymentTokens.all]]]],
        ]]
        return (try? JSONSerialization.data(withJSONObject: profile, options: [.sortedKeys, .withoutEscapingSlashes])) ?? Data()
    }
}
