/// A card after vaulting: an opaque token plus what may be shown and stored (brand, last four digits,
/// the name on the card). The number itself is gone.
package struct VaultedCard: Hashable, Sendable {
    package var token: String
    package var brand: PaymentCard.Brand
    package var lastFour: String
    package var nameOnCard: String

    package init(token: String, brand: PaymentCard.Brand, lastFour: String, nameOnCard: String) {
        self.token = token; self.brand = brand; self.lastFour = lastFour; self.nameOnCard = nameOnCard
    }
}
