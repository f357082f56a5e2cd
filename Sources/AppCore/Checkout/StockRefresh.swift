import Storefront

/// A product read again after an order (its stock changed) takes the place of the copies a feature
/// holds: each feature replaces its own (`stockRefreshed`), the app only sends it to them.
extension Array where Element == Product {
    mutating func replace(with product: Product) {
        for index in indices where self[index].id == product.id && self[index] != product {
            self[index] = product
        }
    }
}
