import Foundation
import Graphiti
import Storefront

// Cart models in the Storefront API's shapes.

extension Cart {
    var idValue: GraphID { GraphID(unchecked: id) }
    var checkoutUrlValue: URLValue { URLValue(unchecked: checkoutUrl) }
    var createdAtValue: DateTimeValue { DateTimeValue(createdAt) }
    var updatedAtValue: DateTimeValue { DateTimeValue(updatedAt) }

    func lines(context: RequestContext, arguments: ConnectionArguments) throws -> CartLineConnection {
        CartLineConnection(page: try ListPager.page(lines.map(CartLineNode.init(line:)), arguments,
                                                    reverse: arguments.reverse ?? false, listing: "lines"),
                           upcast: { $0 })
    }

    func attribute(context: RequestContext, arguments: KeyArguments) -> Attribute? {
        attributes.first { $0.key == arguments.key }
    }
}

extension CartLineNode {
    var idValue: GraphID { GraphID(unchecked: line.id) }
    var quantity: Int { line.quantity }
    var attributes: [Attribute] { line.attributes }
    var cost: CartLineCost { line.cost }

    /// The variant as the catalog has it now, with its product; the cart's snapshot when the
    /// product is gone from the catalog.
    func merchandise(context: RequestContext, arguments: NoArguments) async throws -> any Merchandise {
        let snapshot = line.merchandise
        if let product = try await context.storefront.product(id: snapshot.productId),
           let variant = product.variant(id: snapshot.id) {
            return VariantNode(variant: variant, product: product)
        }
        let variant = ProductVariant(id: snapshot.id, title: snapshot.title, availableForSale: false,
                                     quantityAvailable: snapshot.quantityAvailable, selectedOptions: snapshot.selectedOptions,
                                     price: snapshot.price, compareAtPrice: snapshot.compareAtPrice, image: snapshot.image)
        let product = Product(id: snapshot.productId, handle: snapshot.productHandle, title: snapshot.productTitle,
                              description: "", vendor: "", productType: "", tags: [], createdAt: .distantPast,
                              updatedAt: .distantPast, options: [], variants: [variant])
        return VariantNode(variant: variant, product: product)
    }
}

extension CartCost {
    var subtotalAmountEstimated: Bool { false }
    var totalAmountEstimated: Bool { false }
    /// Tax and duty amounts are no longer given by the API (null, not estimated); starter carts
    /// still select them.
    var withdrawnAmount: Money? { nil }
    var withdrawnAmountEstimated: Bool { false }
    static let withdrawn = "Tax and duty amounts are no longer available and will be removed in a future version."
}

extension BuyerIdentity {
    var countryCodeValue: CountryCode? { countryCode.map(CountryCode.init(unchecked:)) }
}

/// `PreferenceDeliveryMethodType`.
enum PreferenceDeliveryMethodType: String, Codable, Sendable, CaseIterable {
    case pickupPoint = "PICKUP_POINT", pickUp = "PICK_UP", shipping = "SHIPPING"
}

extension CartDeliveryPreference {
    var deliveryMethodValue: [PreferenceDeliveryMethodType] { deliveryMethod.compactMap(PreferenceDeliveryMethodType.init(rawValue:)) }
}

extension CartDeliveryCoordinates {
    var countryCodeValue: CountryCode { CountryCode(unchecked: countryCode) }
}

extension Customer {
    var idValue: GraphID { GraphID(unchecked: id) }
}

extension MailingAddress {
    var countryCodeV2: CountryCode? { countryCode.map(CountryCode.init(unchecked:)) }
}

extension CartUserError {
    var codeValue: CartErrorCodeValue? { code.map { CartErrorCodeValue(unchecked: $0.rawValue) } }
}

extension CartWarning {
    var codeValue: CartWarningCodeValue { CartWarningCodeValue(unchecked: code.rawValue) }
    var targetValue: GraphID { GraphID(unchecked: target) }
}
