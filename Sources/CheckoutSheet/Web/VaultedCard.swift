/// A card after vaulting: an opaque token plus what may be shown and stored (brand, last four digits,
/// the name on the card). The number itself is gone.
public struct VaultedCard: Hashable, Sendable {
    public var token: String
    public var brand: PaymentCard.Brand
    public var lastFour: String
    public var nameOnCard: String

    public init(token: String, brand: PaymentCard.Brand, lastFour: String, nameOnCard: String) {
        self.token = token; self.brand = brand; self.lastFour = lastFour; self.nameOnCard = nameOnCard
    }
}
