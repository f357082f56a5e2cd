import Foundation
import GraphQL
import ServerSettings

/// The Storefront API access scopes a token holds. A real shop's token holds the scopes its
/// admin ticked; `serve` holds them all unless told to withhold one, so a client can be tried
/// against a shop that does not share, say, its stock levels.
public struct AccessScopes: Sendable, Equatable {
    /// A scope that gates a field `serve` answers.
    public typealias Scope = AccessScope

    public private(set) var withheld: Set<Scope> = []

    public static let all = AccessScopes()

    public init(withholding withheld: Set<Scope> = []) { self.withheld = withheld }

    public func holds(_ scope: Scope) -> Bool { !withheld.contains(scope) }

    /// Fails with the API's ACCESS_DENIED error when the token lacks `scope` for `field`.
    func require(_ scope: Scope, for field: String) throws {
        guard holds(scope) else { throw AccessDenied(field: field, scope: scope) }
    }
}

/// A field the token may not read: answered as null with an error, as the Storefront API does.
struct AccessDenied: Error, Sendable {
    var field: String
    var scope: AccessScopes.Scope

    var message: String { "Access denied for \(field) field. Required access: `\(scope.rawValue)` access scope." }

    var extensions: [String: Map] {
        ["code": "ACCESS_DENIED", "documentation": "https://shopify.dev/api/usage/access-scopes",
         "requiredAccess": .string("`\(scope.rawValue)` access scope.")]
    }
}
