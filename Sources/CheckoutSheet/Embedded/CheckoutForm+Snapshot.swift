import Storefront

/// The checkout as protocol 2025-10 sends it in `start`, `update` and `complete`: the cart under
/// the Storefront API's names (lines and merchandise, cost, buyer identity, delivery groups, discount
/// codes, applied gift cards), plus the vaulted card's brand and last four digits, never more.
extension CheckoutForm {
    var snapshot: CheckoutSnapshot {
        func text(_ s: String?) -> JSONValue { s.map(JSONValue.string) ?? .null }
        let lines = cart.lines.map { line -> JSONValue in
            let m = line.merchandise
            return .object([
                ("id", .string(line.id)), ("quantity", .number(String(line.quantity))),
                ("merchandise", .object([
                    ("id", .string(m.id)), ("title", .string(m.title)),
                    ("product", .object([("id", .string(m.productId)), ("title", .string(m.productTitle))])),
                    ("selectedOptions", .array(m.selectedOptions.map {
                        .object([("name", .string($0.name)), ("value", .string($0.value))])
                    })),
                ])),
                ("cost", .object([("amountPerQuantity", line.cost.amountPerQuantity.jsonValue),
                                  ("totalAmount", line.cost.totalAmount.jsonValue)])),
            ])
        }
        let delivery: JSONValue = address.map { address in
            .array([.object([
                ("deliveryAddress", EmbeddedMessage.mailingAddress(address)),
                ("selectedDeliveryOption", shippingConfirmed ? selectedRate.map { rate in
                    .object([("handle", .string(rate.id)), ("title", .string(rate.title)),
                             ("deliveryMethodType", .string("SHIPPING")), ("estimatedCost", rate.price.jsonValue)])
                } ?? .null : .null),
            ])])
        } ?? .array([])
        let payment: JSONValue = card.map {
            .object([("brand", .string($0.brand.rawValue)), ("lastFourDigits", .string($0.lastFour))])
        } ?? .null
        return CheckoutSnapshot(cart: .object([
            ("id", .string(cart.id)),
            ("lines", .array(lines)),
            ("cost", .object([("subtotalAmount", subtotal.jsonValue), ("totalAmount", total.jsonValue),
                              ("totalTaxAmount", taxes.map(\.jsonValue) ?? .null)])),
            ("buyerIdentity", .object([("email", text(email)), ("phone", text(phone)), ("countryCode", .string(countryCode))])),
            ("deliveryGroups", delivery),
            ("discountCodes", .array(cart.discountCodes.map {
                .object([("code", .string($0.code)), ("applicable", .bool($0.applicable))])
            })),
            ("appliedGiftCards", .array([])),
            ("paymentMethod", payment),
        ]))
    }
}
