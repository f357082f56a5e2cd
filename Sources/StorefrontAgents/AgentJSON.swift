import Foundation
import MCP
import Storefront

/// How the shop's records read to an agent: Storefront MCP's shapes (decimal amounts as strings,
/// as the Storefront API writes them) and UCP's (integer amounts in minor units).
enum AgentJSON {
    static func optional(_ text: String?) -> Value { text.map(Value.string) ?? .null }

    static func date(_ date: Date) -> Value {
        .string(date.formatted(.iso8601))
    }

    // MARK: Storefront MCP

    static func money(_ money: Money) -> Value {
        ["amount": .string(money.amountString), "currency": .string(money.currencyCode)]
    }

    static func product(_ product: Product, selected: ProductVariant? = nil) -> Value {
        var fields: [String: Value] = [
            "product_id": .string(product.id), "handle": .string(product.handle), "title": .string(product.title),
            "description": .string(product.description), "vendor": .string(product.vendor),
            "product_type": .string(product.productType), "tags": .array(product.tags.map(Value.string)),
            "image_url": optional(product.images.first?.url),
            "price_range": ["min": .string(product.priceRange.minVariantPrice.amountString),
                            "max": .string(product.priceRange.maxVariantPrice.amountString),
                            "currency": .string(product.priceRange.minVariantPrice.currencyCode)],
            "available": .bool(product.availableForSale),
            "options": .array(product.options.map { ["name": .string($0.name), "values": .array($0.optionValues.map { .string($0.name) })] }),
            "variants": .array(product.variants.map(variant)),
        ]
        if let selected { fields["selected_variant"] = variant(selected) }
        return .object(fields)
    }

    static func variant(_ variant: ProductVariant) -> Value {
        ["variant_id": .string(variant.id), "title": .string(variant.title), "price": .string(variant.price.amountString),
         "currency": .string(variant.price.currencyCode), "available": .bool(variant.availableForSale),
         "options": .object(Dictionary(variant.selectedOptions.map { ($0.name, Value.string($0.value)) }, uniquingKeysWith: { a, _ in a }))]
    }

    static func cart(_ cart: Cart) -> Value {
        ["id": .string(cart.id), "checkout_url": .string(cart.checkoutUrl), "created_at": date(cart.createdAt),
         "updated_at": date(cart.updatedAt), "total_quantity": .int(cart.totalQuantity),
         "lines": .array(cart.lines.map { line in
             ["id": .string(line.id), "quantity": .int(line.quantity),
              "merchandise": ["id": .string(line.merchandise.id), "title": .string(line.merchandise.title),
                              "product": ["id": .string(line.merchandise.productId), "title": .string(line.merchandise.productTitle)]],
              "cost": ["amount_per_quantity": money(line.cost.amountPerQuantity), "total_amount": money(line.cost.totalAmount)]]
         }),
         "cost": ["subtotal_amount": money(cart.cost.subtotalAmount), "total_amount": money(cart.cost.totalAmount)],
         "buyer_identity": ["email": optional(cart.buyerIdentity.email), "phone": optional(cart.buyerIdentity.phone),
                            "country_code": optional(cart.buyerIdentity.countryCode),
                            "customer": cart.buyerIdentity.customer.map { ["id": .string($0.id)] } ?? .null],
         "discount_codes": .array(cart.discountCodes.map { ["code": .string($0.code), "applicable": .bool($0.applicable)] }),
         "note": optional(cart.note)]
    }

    // MARK: UCP

    static let ucpVersion = "2026-01-11"

    static func ucp(_ capabilities: [String]) -> Value {
        ["version": .string(ucpVersion),
         "capabilities": .object(Dictionary(capabilities.map { ($0, Value.array([["version": .string(ucpVersion)]])) },
                                            uniquingKeysWith: { a, _ in a }))]
    }

    /// An amount in the currency's minor units (cents; yen as they are), as UCP writes amounts.
    static func minor(_ money: Money) -> Value {
        var scaled = money.amount * pow(10, Money.minorUnits(of: money.currencyCode))
        var rounded = Decimal()
        NSDecimalRound(&rounded, &scaled, 0, .plain)
        return .int(NSDecimalNumber(decimal: rounded).intValue)
    }

    static func ucpMoney(_ money: Money) -> Value { ["amount": minor(money), "currency": .string(money.currencyCode)] }

    static func ucpProduct(_ product: Product) -> Value {
        ["id": .string(product.id), "handle": .string(product.handle), "title": .string(product.title),
         "description": ["plain": .string(product.description)], "vendor": .string(product.vendor),
         "categories": product.productType.isEmpty ? [] : [["value": .string(product.productType)]],
         "tags": .array(product.tags.map(Value.string)),
         "price_range": ["min": ucpMoney(product.priceRange.minVariantPrice), "max": ucpMoney(product.priceRange.maxVariantPrice)],
         "media": .array(product.images.map { ["type": "image", "url": .string($0.url), "alt_text": optional($0.altText)] }),
         "options": .array(product.options.map { ["name": .string($0.name), "values": .array($0.optionValues.map { ["label": .string($0.name)] })] }),
         "variants": .array(product.variants.map(ucpVariant))]
    }

    static func ucpVariant(_ variant: ProductVariant) -> Value {
        ["id": .string(variant.id), "title": .string(variant.title), "sku": optional(variant.sku),
         "price": ucpMoney(variant.price), "availability": ["available": .bool(variant.availableForSale)],
         "options": .array(variant.selectedOptions.map { ["name": .string($0.name), "label": .string($0.value)] })]
    }

    static func ucpLines(_ cart: Cart) -> Value {
        .array(cart.lines.map { line in
            ["id": .string(line.id), "quantity": .int(line.quantity),
             "item": ["id": .string(line.merchandise.id), "title": .string("\(line.merchandise.productTitle) · \(line.merchandise.title)"),
                      "price": minor(line.cost.amountPerQuantity)],
             "totals": [["type": "subtotal", "amount": minor(line.cost.subtotalAmount)], ["type": "total", "amount": minor(line.cost.totalAmount)]]]
        })
    }

    static func ucpCart(_ cart: Cart) -> Value {
        let discounts = cart.cost.subtotalAmount - cart.cost.totalAmount
        return ["id": .string(cart.id), "currency": .string(cart.cost.totalAmount.currencyCode), "line_items": ucpLines(cart),
                "buyer": ucpBuyer(cart.buyerIdentity),
                "totals": [["type": "subtotal", "amount": minor(cart.cost.subtotalAmount)], ["type": "discount", "amount": minor(discounts)],
                           ["type": "total", "amount": minor(cart.cost.totalAmount)]],
                "discounts": ["codes": .array(cart.discountCodes.map { .string($0.code) })],
                "continue_url": .string(cart.checkoutUrl)]
    }

    static func ucpBuyer(_ identity: BuyerIdentity) -> Value {
        ["email": optional(identity.email), "phone_number": optional(identity.phone),
         "first_name": optional(identity.customer?.firstName), "last_name": optional(identity.customer?.lastName)]
    }

    static func ucpAddress(_ address: MailingAddress?) -> Value {
        guard let address else { return .null }
        return ["first_name": optional(address.firstName), "last_name": optional(address.lastName),
                "street_address": optional(address.address1), "extended_address": optional(address.address2),
                "address_locality": optional(address.city), "address_region": optional(address.zoneCode),
                "postal_code": optional(address.postalCode), "address_country": optional(address.countryCode)]
    }

    static func ucpOrder(_ order: Order) -> Value {
        let draft = order.draft
        return ["id": .string(order.id), "label": .string(order.name), "checkout_id": .string(draft.cartId),
                "created_at": date(order.processedAt), "currency": .string(draft.total.currencyCode),
                "line_items": .array(draft.lineItems.map { item in
                    ["item": ["id": .string(item.merchandiseId), "title": .string("\(item.title) · \(item.variantTitle)"),
                              "price": minor(item.price)],
                     "quantity": .int(item.quantity)]
                }),
                "totals": [["type": "subtotal", "amount": minor(draft.subtotal)], ["type": "discount", "amount": minor(draft.discounts)],
                           ["type": "fulfillment", "amount": minor(draft.shipping)], ["type": "tax", "amount": minor(draft.taxes)],
                           ["type": "total", "amount": minor(draft.total)]],
                "shipping_address": ucpAddress(draft.shippingAddress), "fulfillment_method": optional(draft.shippingMethod),
                "buyer": ["email": optional(draft.email), "phone_number": optional(draft.phone)],
                "customer": order.customerId.map { ["id": .string($0)] } ?? .null,
                "financial_status": optional(order.financialStatus?.lowercased()),
                "fulfillment_status": optional(order.fulfillmentStatus?.lowercased()),
                "payment": draft.payment.map { ["brand": optional($0.brand), "last_digits": optional($0.lastFourDigits)] } ?? .null]
    }

    static func ucpCheckout(_ view: CheckoutView) -> Value {
        var fields: [String: Value] = [
            "id": .string(view.id),
            "payment": ["handlers": [["id": .string(TestPaymentTokens.handlerId), "name": "dev.storefront.test_tokens",
                                      "config": ["tokens": .array(TestPaymentTokens.all.map(Value.string))]]]],
        ]
        if let order = view.order {
            fields["status"] = "completed"
            fields["order"] = ["id": .string(order.id), "label": .string(order.name), "checkout_id": .string(view.id)]
            fields["currency"] = .string(order.draft.total.currencyCode)
            if case .object(let recorded) = ucpOrder(order) {
                for key in ["line_items", "totals", "shipping_address", "buyer"] { fields[key] = recorded[key] }
            }
            return .object(fields)
        }
        guard let cart = view.cart else { return .object(fields) }
        fields["status"] = .string(view.canceled ? "canceled" : view.missing.isEmpty ? "ready_for_complete" : "incomplete")
        fields["currency"] = .string(cart.cost.totalAmount.currencyCode)
        fields["line_items"] = ucpLines(cart)
        fields["buyer"] = ucpBuyer(cart.buyerIdentity)
        fields["shipping_address"] = ucpAddress(view.address)
        fields["continue_url"] = .string(cart.checkoutUrl)
        fields["fulfillment"] = [
            "options": .array(view.deliveryOptions.map { ["id": .string($0.handle), "title": .string($0.title), "amount": minor($0.estimatedCost)] }),
            "selected_option_id": optional(view.selectedOption?.handle)]
        if let totals = view.totals {
            var lines: [Value] = [["type": "subtotal", "amount": minor(totals.subtotal)], ["type": "discount", "amount": minor(totals.discounts)]]
            if let shipping = totals.shipping { lines.append(["type": "fulfillment", "amount": minor(shipping)]) }
            if let taxes = totals.taxes { lines.append(["type": "tax", "amount": minor(taxes)]) }
            lines.append(["type": "total", "amount": minor(totals.total)])
            fields["totals"] = .array(lines)
        }
        fields["messages"] = .array(view.missing.map { ["type": "error", "code": "missing", "path": .string($0),
                                                       "content": .string("\($0) is required to complete"), "severity": "recoverable"] })
        return .object(fields)
    }
}
