import Foundation
import Hummingbird
import Storefront

extension StorefrontAPIServer {
    /// Routes every account path to the account endpoint, with the request's method, query,
    /// `Authorization` header and body (forms are small: 64 KiB at most).
    func addAccountRoutes(_ account: AccountEndpoint, to router: Router<ServeRequestContext>) {
        let log = log
        let endpoint = endpoint
        router.post(RouterPath(stringLiteral: AccountEndpoint.Path.base + AccountEndpoint.Path.customerAccountAPI)) { request, _ -> Response in
            var request = request
            let body = try await request.collectBody(within: endpoint.limits)
            let answer = await endpoint.handleCustomerAccount(authorization: request.headers[.authorization], body: body,
                                                             authority: account.authority)
            let operation = answer.operationName.map { String(TextSanitizer.cleanLine($0).prefix(64)) } ?? "-"
            await log("customer-account \(operation) \(answer.status)")
            return Self.response(answer)
        }
        for route in AccountEndpoint.Path.routes {
            for method in route.methods {
                router.on(RouterPath(stringLiteral: route.path), method: HTTPRequest.Method(rawValue: method)!) { request, context -> Response in
                    var request = request
                    var limits = self.endpoint.limits
                    limits.maximumBodyBytes = min(limits.maximumBodyBytes, 64 << 10)
                    let body = try await request.collectBody(within: limits)
                    let answer = await account.handle(AccountEndpoint.Request(
                        method: method, path: request.uri.path, query: request.uri.query ?? "",
                        authorization: request.headers[.authorization], body: body,
                        client: context.remoteAddress?.ipAddress ?? "unknown"))
                    // The path only: queries and bodies carry codes and tokens.
                    await log("\(method) \(request.uri.path) \(answer.status)")
                    return Self.response(answer)
                }
            }
        }
    }
}
