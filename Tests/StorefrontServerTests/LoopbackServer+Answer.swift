import Foundation
import Storefront
import StorefrontServer
import Testing

extension LoopbackServer {
    /// The whole JSON answer to an operation sent with the shop's token (`data` and `errors`).
    func answer(_ query: String, _ variables: [String: Any] = [:]) async throws -> [String: Any] {
        let body = try JSONSerialization.data(withJSONObject: ["query": query, "variables": variables])
        let response = try await HTTPClientTransport().send(TransportRequest(url: url, headers: [
            ("Content-Type", "application/json"), (GraphQLEndpoint.tokenHeader, LoopbackServer.token)], body: body))
        #expect(response.status == 200)
        return try #require(try JSONSerialization.jsonObject(with: response.body) as? [String: Any])
    }
}
