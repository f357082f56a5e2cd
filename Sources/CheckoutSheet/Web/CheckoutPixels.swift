import Storefront

/// The standard pixel events of a checkout, as the web checkout emits them: `page_viewed` with the
/// step in `context.document.location.pathname`, and the checkout events carrying `data.checkout`.
enum CheckoutPixels {
    enum Name: String {
        case pageViewed = "page_viewed"
        case checkoutStarted = "checkout_started"
        case contactInfoSubmitted = "checkout_contact_info_submitted"
        case addressInfoSubmitted = "checkout_address_info_submitted"
        case shippingInfoSubmitted = "checkout_shipping_info_submitted"
        case paymentInfoSubmitted = "payment_info_submitted"
        case checkoutCompleted = "checkout_completed"
    }

    static func event(_ name: Name, form: CheckoutForm, id: String, timestamp: String) -> PixelEvent {
        let data: JSONValue? = name == .pageViewed ? nil : .object([("checkout", checkout(form))])
        return PixelEvent(kind: .standard, name: name.rawValue, id: id, timestamp: timestamp,
                          context: context(form), data: data)
    }

    static func context(_ form: CheckoutForm) -> JSONValue {
        .object([
            ("document", .object([
                ("location", .object([("href", .string(form.url)), ("pathname", .string(form.pathname)),
                                      ("search", .string(""))])),
                ("referrer", .string("")),
                ("title", .string("Checkout - \(form.shop.name)")),
            ])),
            ("navigator", .object([("language", .string("en")), ("userAgent", .string("storefront-checkout/\(BridgeEnvelope.protocolVersion)"))])),
        ])
    }

    /// `data.checkout`, fields in the order the pixel API documents them.
    static func checkout(_ form: CheckoutForm) -> JSONValue {
        let currency = form.currencyCode
        let address = form.address.map(mailingAddress) ?? .null
        return .object([
            ("email", form.email.map(JSONValue.string) ?? .null),
            ("phone", form.phone.map(JSONValue.string) ?? .null),
            ("lineItems", .array(form.cart.lines.map(lineItem))),
            ("subtotalPrice", form.subtotal.jsonValue),
            ("totalPrice", form.total.jsonValue),
            ("totalTax", (form.taxes ?? .zero(currency)).jsonValue),
            ("shippingLine", form.shipping.map { .object([("price", $0.jsonValue)]) } ?? .null),
            ("shippingAddress", address),
            ("billingAddress", address),
            ("currencyCode", .string(currency)),
            ("order", form.order.map { .object([("id", .string($0.id))]) } ?? .null),
            ("token", .string(form.token)),
            ("transactions", .array(transactions(form))),
            ("localization", .object([
                ("country", .object([("isoCode", .string(form.countryCode))])),
                ("language", .object([("isoCode", .string("en"))])),
            ])),
            ("discountsAmount", form.discounts.jsonValue),
        ])
    }

    private static func lineItem(_ line: CartLine) -> JSONValue {
        let merchandise = line.merchandise
        return .object([
            ("id", .string(line.id)),
            ("quantity", .number(String(line.quantity))),
            ("title", .string(merchandise.productTitle)),
            ("variant", .object([
                ("id", .string(merchandise.id)),
                ("title", .string(merchandise.title)),
                ("price", line.cost.amountPerQuantity.jsonValue),
                ("product", .object([("id", .string(merchandise.productId)), ("title", .string(merchandise.productTitle))])),
            ])),
            ("finalLinePrice", line.cost.totalAmount.jsonValue),
        ])
    }

    /// The pixel API's MailingAddress names (`zip`, `provinceCode`).
    private static func mailingAddress(_ address: MailingAddress) -> JSONValue {
        func text(_ s: String?) -> JSONValue { s.map(JSONValue.string) ?? .null }
        return .object([
            ("address1", text(address.address1)), ("address2", text(address.address2)), ("city", text(address.city)),
            ("countryCode", text(address.countryCode)), ("firstName", text(address.firstName)),
            ("lastName", text(address.lastName)), ("phone", text(address.phone)),
            ("provinceCode", text(address.zoneCode)), ("zip", text(address.postalCode)),
        ])
    }

    /// The settled payment, once there is an order: brand only, never card digits.
    private static func transactions(_ form: CheckoutForm) -> [JSONValue] {
        guard form.order != nil, let card = form.card else { return [] }
        return [.object([
            ("gateway", .string("shopify_payments")),
            ("amount", form.total.jsonValue),
            ("paymentMethod", .object([("type", .string("creditCard")), ("name", .string(card.brand.rawValue))])),
        ])]
    }
}
