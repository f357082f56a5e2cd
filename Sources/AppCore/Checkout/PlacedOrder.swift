import Foundation

/// An order placed through the checkout sheet during this run.
public struct PlacedOrder: Hashable, Sendable {
    public var id: String
    /// The buyer-facing name ("#1001") when the thank-you page showed it.
    public var name: String?
    public var placedAt: Date

    public init(id: String, name: String?, placedAt: Date) { self.id = id; self.name = name; self.placedAt = placedAt }
}
