import Foundation
import Storefront

/// What every resolver sees for one request: the storefront being served and the buyer's context
/// from the operation's `@inContext(country:, language:)` directive.
public struct RequestContext: Sendable {
    public let storefront: any StorefrontClient
    public let country: String?
    public let language: String?
    /// The scopes of the token the request came with.
    public let scopes: AccessScopes
    /// The lists with null elements this request answered, to be written whole.
    let nullListElements = NullListElements()
    /// What the request may still do; nil runs without a budget.
    let budget: ExecutionBudget?
    /// The signed-in customer of a Customer Account API request; nil on the Storefront API.
    let customer: CustomerAccountSession?

    public init(storefront: any StorefrontClient, country: String? = nil, language: String? = nil, scopes: AccessScopes = .all) {
        self.init(storefront: storefront, country: country, language: language, scopes: scopes, budget: nil)
    }

    init(storefront: any StorefrontClient, country: String?, language: String?, scopes: AccessScopes, budget: ExecutionBudget?,
         customer: CustomerAccountSession? = nil) {
        self.storefront = storefront; self.country = country; self.language = language; self.scopes = scopes
        self.budget = budget; self.customer = customer
    }
}
