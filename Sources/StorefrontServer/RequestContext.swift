import Foundation
import Storefront

/// What every resolver sees for one request: the storefront being served and the buyer's context
/// from the operation's `@inContext(country:, language:)` directive.
/// A class: every resolver Graphiti made casts the context out of `Any` at each call, and a cast of a
/// struct copies it (each of its references retained and released), where a class's is one.
public final class RequestContext: Sendable {
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

    public convenience init(storefront: any StorefrontClient, country: String? = nil, language: String? = nil, scopes: AccessScopes = .all) {
        self.init(storefront: storefront, country: country, language: language, scopes: scopes, budget: nil)
    }

    init(storefront: any StorefrontClient, country: String?, language: String?, scopes: AccessScopes, budget: ExecutionBudget?,
         customer: CustomerAccountSession? = nil) {
        self.storefront = storefront; self.country = country; self.language = language; self.scopes = scopes
        self.budget = budget; self.customer = customer
    }
}
