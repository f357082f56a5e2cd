import Foundation
import Hummingbird

extension StorefrontAPIServer {
    /// Routes every account path to the account endpoint, with the request's method, query,
    /// `Authorization` header and body (forms are small: 64 KiB at most).
    func addAccountRoutes(_ account: AccountEndpoint, to router: Router<ServeRequestContext>) {
        let log = log
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
