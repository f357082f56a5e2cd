import Foundation
import Storefront

/// The Customer Account API's discovery document (`/.well-known/customer-account-api`), as a
/// shop publishes it beside its OpenID configuration: where its GraphQL API is.
struct CustomerAccountAPIDiscovery: Codable, Sendable {
    static let path = "/.well-known/customer-account-api"
    var graphqlAPI: URL

    enum CodingKeys: String, CodingKey { case graphqlAPI = "graphql_api" }
}

extension GraphQLEndpoint {
    /// The Customer Account API's answer for a signed-in customer's request: an `Authorization`
    /// header with the access token of the shop's own login (bare, as the API takes it, or as a
    /// bearer token), then the same guards, budgets and execution as the Storefront API.
    public func handleCustomerAccount(authorization: String?, body: Data, authority: AccountAuthority) async -> EndpointResponse {
        let given = authorization.map { AccountEndpoint.bearer($0) ?? $0.trimmingCharacters(in: .whitespaces) }
        guard let token = given, !token.isEmpty, await authority.customer(for: token) != nil else { return Self.unauthorized }
        let api: ServedAPI
        do { api = try CustomerAccountSchema.shared.get() } catch {
            return .json(500, #"{"errors":[{"message":"The schema could not be built.","extensions":{"code":"INTERNAL_SERVER_ERROR"}}]}"#)
        }
        var response = await respond(to: body, limits: limits, api: api,
                                     customer: CustomerAccountSession(authority: authority, accessToken: token))
        response.headers["Cache-Control"] = "no-store"
        return response
    }

    /// A missing, unknown, expired or revoked access token: 401 with a GraphQL error, as the API
    /// answers; the app logs in again.
    static let unauthorized = EndpointResponse.json(
        401, #"{"errors":[{"message":"Unauthorized","extensions":{"code":"UNAUTHORIZED"}}]}"#,
        headers: ["WWW-Authenticate": #"Bearer error="invalid_token""#, "Cache-Control": "no-store"])
}
