import Foundation
import StorefrontModels

/// A gift card the embedded shop accepts, from the catalog's `giftCards`: its code and what is
/// left on it. Applied to a cart, it pays from the total after discounts, up to its balance.
public struct GiftCard: Hashable, Sendable, Codable {
    /// `gid://shopify/AppliedGiftCard/<n>`, n its place in the catalog: the code itself is secret.
    public var id: String
    public var code: String
    public var balance: Money

    public init(id: String, code: String, balance: Money) { self.id = id; self.code = code; self.balance = balance }

    public var lastCharacters: String { String(Self.normalized(code).suffix(4)) }

    static func normalized(_ code: String) -> String {
        code.uppercased().filter { $0 != " " && $0 != "-" }
    }
}
