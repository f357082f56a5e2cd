import Foundation
import StorefrontModels

/// Builds the order a checkout completes from the cart the shop keeps: its lines at the shop's
/// prices, its discounts, the delivery option's rate for the address, the taxes, and what the
/// cart's gift cards pay. The checkout's request names the cart, the buyer, the address, the
/// option and the card; every amount here is the shop's own.
public struct OrderBuilder {
    let pricing: CartPricing
    let shopCountry: String

    /// The longest text a checkout field may hold (an email, a street, a city).
    public static let maxFieldLength = 255

    func order(of stored: StoredCart, for request: CheckoutCompletion) throws -> (OrderDraft, [GiftCardPayment]) {
        // The order's lines read as the buyer saw them: in their country's language.
        let cart = pricing.catalog.markets.localize(pricing.cart(from: stored),
                                                    BuyerContext(country: stored.buyerIdentity.countryCode))
        guard cart.lines.count == stored.lines.count else {
            throw OrderPlacementError.refused(code: OrderPlacementError.invalidCart,
                                              message: "An item in the cart is no longer sold; remove it and try again.")
        }
        // A line is never bought once when it was put in the cart on a plan the shop no longer has.
        for (line, kept) in zip(cart.lines, stored.lines) where kept.sellingPlanId != nil && line.sellingPlanAllocation == nil {
            throw OrderPlacementError.refused(code: OrderPlacementError.invalidCart,
                                              message: "\(line.merchandise.productTitle) is no longer sold on the subscription chosen; remove it and try again.")
        }
        let market = pricing.catalog.markets.market(for: stored.buyerIdentity.countryCode)
        return try Self.order(of: cart, for: request, shopCountry: shopCountry) { total in
            pricing.applyGiftCards(stored.giftCardIds ?? [], to: total, in: market).compactMap { card, fromCard in
                card.amountUsed.amount > 0 && card.amountUsed.currencyCode == total.currencyCode
                    ? GiftCardPayment(giftCardId: card.id, lastCharacters: card.lastCharacters, amount: card.amountUsed,
                                      cardAmount: fromCard.currencyCode == card.amountUsed.currencyCode ? nil : fromCard)
                    : nil
            }
        }
    }

    /// The order of a cart as the shop priced it (lines, discounts, costs), for the request: the
    /// delivery option's rate for the address, the taxes, and what `giftCards` pay of the total;
    /// the card pays the rest. A shop (the embedded one, a test's) records an order by this rule.
    public static func order(of cart: Cart, for request: CheckoutCompletion, shopCountry: String,
                             giftCards: (Money) -> [GiftCardPayment] = { _ in [] }) throws -> (OrderDraft, [GiftCardPayment]) {
        try checkText(request)
        let address = request.shippingAddress
        let country = (address?.countryCode ?? cart.buyerIdentity.countryCode ?? shopCountry).uppercased()
        let discounts = cart.cost.subtotalAmount - cart.cost.totalAmount
        let option = try deliveryOption(for: request, cart: cart, country: country, shopCountry: shopCountry)
        let totals: CheckoutTotals
        do {
            totals = try CheckoutTotals(subtotal: cart.cost.subtotalAmount, discounts: discounts, shipping: option.estimatedCost,
                                        shopCountry: shopCountry, taxCountry: country, addressKnown: true)
        } catch StorefrontError.invalidArgument(let message) {
            throw OrderPlacementError.refused(code: OrderPlacementError.invalidCart, message: message)
        }
        let paidByCards = giftCards(totals.total).filter { $0.amount.currencyCode == totals.total.currencyCode }
        let due = paidByCards.reduce(totals.total) { $0 - $1.amount }
        guard due.amount <= 0 || request.payment != nil else {
            throw OrderPlacementError.refused(code: OrderPlacementError.paymentRequired,
                                              message: "A payment of \(due.formatted) is due; the checkout sent no card.")
        }
        let lines = cart.lines.map {
            OrderLineItem(title: $0.merchandise.productTitle, variantTitle: $0.merchandise.title, quantity: $0.quantity,
                          price: $0.cost.amountPerQuantity, merchandiseId: $0.merchandise.id, productId: $0.merchandise.productId,
                          sellingPlanId: $0.sellingPlanAllocation?.sellingPlan.id, sellingPlanName: $0.sellingPlanAllocation?.sellingPlan.name)
        }
        let payment = request.payment.map {
            OrderPayment(type: "direct", brand: $0.brand, lastFourDigits: $0.lastFourDigits, vaultToken: $0.vaultToken,
                         amount: due.amount > 0 ? due : .zero(due.currencyCode))
        }
        let draft = OrderDraft(checkoutSessionId: request.checkoutSessionId, cartId: cart.id, email: request.email,
                               phone: request.phone, lineItems: lines, subtotal: totals.subtotal,
                               shipping: totals.shipping ?? .zero(totals.total.currencyCode),
                               taxes: totals.taxes ?? .zero(totals.total.currencyCode), discounts: totals.discounts,
                               total: totals.total, shippingAddress: address, billingAddress: request.billingAddress ?? address,
                               shippingMethod: option.title, payment: payment)
        return (draft, paidByCards)
    }

    /// The option the request names (it must be one of the address country's), else the one
    /// picked on the cart when it ships there, else the first (standard).
    private static func deliveryOption(for request: CheckoutCompletion, cart: Cart, country: String,
                                       shopCountry: String) throws -> CartDeliveryOption {
        let options = DeliveryRates.options(country: country, shopCountry: shopCountry, merchandise: cart.cost.totalAmount)
        if let handle = request.deliveryOptionHandle {
            guard let named = options.first(where: { $0.handle == handle }) else {
                let offered = options.map(\.handle).joined(separator: ", ")
                throw OrderPlacementError.refused(code: OrderPlacementError.invalidCart,
                                                  message: "\"\(TextSanitizer.cleanLine(String(handle.prefix(40))))\" is not a delivery option for \(country) (\(offered)).")
            }
            return named
        }
        let picked = cart.deliveryGroups.first?.selectedDeliveryOption?.handle
        guard let first = options.first else {
            throw OrderPlacementError.refused(code: OrderPlacementError.invalidCart, message: "The shop does not deliver to \(country).")
        }
        return options.first { $0.handle == picked } ?? first
    }

    /// Every text the request carries is bounded, as the checkout's fields are.
    static func checkText(_ request: CheckoutCompletion) throws {
        let addresses = [request.shippingAddress, request.billingAddress].compactMap { $0 }
        let texts: [(String, String?)] = [("checkoutSessionId", request.checkoutSessionId), ("cartId", request.cartId),
                                          ("email", request.email), ("phone", request.phone),
                                          ("deliveryOptionHandle", request.deliveryOptionHandle),
                                          ("vaultToken", request.payment?.vaultToken), ("brand", request.payment?.brand),
                                          ("lastFourDigits", request.payment?.lastFourDigits)]
            + addresses.flatMap { a in
                [("firstName", a.firstName), ("lastName", a.lastName), ("address1", a.address1), ("address2", a.address2),
                 ("city", a.city), ("zoneCode", a.zoneCode), ("countryCode", a.countryCode), ("postalCode", a.postalCode),
                 ("phone", a.phone), ("company", a.company)]
            }
        for (name, text) in texts {
            guard let text, text.utf8.count > maxFieldLength else { continue }
            throw OrderPlacementError.refused(code: OrderPlacementError.invalidInput,
                                              message: "\(name) is longer than \(maxFieldLength) bytes.")
        }
    }
}
