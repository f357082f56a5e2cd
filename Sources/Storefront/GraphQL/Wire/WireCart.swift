import Foundation
import StorefrontModels

/// A cart as the documents select it (lines with their variant and product).
struct WireCart: Decodable, Sendable {
    struct WireLine: Decodable, Sendable {
        var id: String
        var quantity: Int
        var attributes: [Attribute]
        var cost: CartLineCost
        var merchandise: WireMerchandise
        var sellingPlanAllocation: WireSellingPlanAllocation?
    }

    /// `... on ProductVariant` of the `Merchandise` union. Its image is the variant's, else the
    /// product's (the API falls back the same way).
    struct WireMerchandise: Decodable, Sendable {
        struct ProductReference: Decodable, Sendable {
            var id: String
            var handle: String
            var title: String
            var featuredImage: ProductImage?
        }
        var id: String
        var title: String
        var quantityAvailable: Int?
        var selectedOptions: [SelectedOption]
        var price: Money
        var compareAtPrice: Money?
        var image: ProductImage?
        var product: ProductReference
    }

    var id: String
    var checkoutUrl: String
    var createdAt: Date
    var updatedAt: Date
    var note: String?
    var attributes: [Attribute]
    var buyerIdentity: WireBuyerIdentity
    var discountCodes: [CartDiscountCode]
    var cost: CartCost
    var lines: WireConnection<WireLine>
    var delivery: WireCartDelivery?
    var deliveryGroups: WireConnection<WireDeliveryGroup>?

    var model: Cart {
        let line = TextSanitizer.cleanLine
        let lines = lines.elements.map { wire in
            let m = wire.merchandise
            let merchandise = CartMerchandise(
                id: line(m.id), title: line(m.title), productId: line(m.product.id), productHandle: line(m.product.handle),
                productTitle: line(m.product.title), selectedOptions: m.selectedOptions.map(\.sanitized), price: m.price,
                compareAtPrice: m.compareAtPrice, image: (m.image ?? m.product.featuredImage)?.sanitized,
                quantityAvailable: m.quantityAvailable)
            return CartLine(id: line(wire.id), quantity: wire.quantity, merchandise: merchandise,
                            attributes: wire.attributes.map(\.sanitized), cost: wire.cost,
                            sellingPlanAllocation: wire.sellingPlanAllocation?.model)
        }
        let buyer = BuyerIdentity(email: buyerIdentity.email.map(line), phone: buyerIdentity.phone.map(line),
                                  countryCode: buyerIdentity.countryCode.map(line), customer: buyerIdentity.customer?.model)
        return Cart(id: line(id), checkoutUrl: line(checkoutUrl), createdAt: createdAt, updatedAt: updatedAt, lines: lines,
                    buyerIdentity: buyer, discountCodes: discountCodes.map { CartDiscountCode(code: line($0.code), applicable: $0.applicable) },
                    note: note.map(TextSanitizer.clean), attributes: attributes.map(\.sanitized), cost: cost,
                    deliveryAddresses: (delivery?.addresses ?? []).map {
                        CartSelectableAddress(id: line($0.id), address: $0.address.model, selected: $0.selected, oneTimeUse: $0.oneTimeUse)
                    },
                    deliveryGroups: (deliveryGroups?.elements ?? []).map(\.model))
    }
}

/// `CartBuyerIdentity`; `customer` only where a document selects it (the Cart query).
struct WireBuyerIdentity: Decodable, Sendable {
    var email: String?
    var phone: String?
    var countryCode: String?
    var customer: WireCustomer?
}

/// `Customer` with its `MailingAddress` in the API's field names.
struct WireCustomer: Decodable, Sendable {
    var id: String
    var email, firstName, lastName, phone: String?
    var defaultAddress: WireAddress?

    var model: Customer {
        let line = TextSanitizer.cleanLine
        return Customer(id: line(id), email: email.map(line), firstName: firstName.map(line), lastName: lastName.map(line),
                        phone: phone.map(line), defaultAddress: defaultAddress?.model)
    }
}

/// `{ cart userErrors warnings }`, the shape of every cart mutation's payload.
struct WireCartPayload: Decodable, Sendable {
    var cart: WireCart?
    var userErrors: [CartUserError]
    var warnings: [CartWarning]

    var model: CartPayload {
        let line = TextSanitizer.cleanLine
        return CartPayload(
            cart: cart?.model,
            userErrors: userErrors.map { CartUserError(code: $0.code.map { CartErrorCode(rawValue: line($0.rawValue)) },
                                                       field: $0.field?.map(line), message: line($0.message)) },
            warnings: warnings.map { CartWarning(code: CartWarningCode(rawValue: line($0.code.rawValue)),
                                                 message: line($0.message), target: line($0.target)) })
    }
}

extension Attribute {
    var sanitized: Attribute { Attribute(key: TextSanitizer.cleanLine(key), value: value.map(TextSanitizer.clean)) }
}
