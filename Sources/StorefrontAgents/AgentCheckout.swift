import Foundation
import Storefront

/// The test payment tokens the shop's test payment handler takes, as a payment gateway's test
/// mode does: a token stands for a card already vaulted, and says how the payment goes.
public enum TestPaymentTokens {
    public static let handlerId = "storefront_test_tokens"
    /// Approved: the order is placed and paid by a Visa ending in 4242.
    public static let visa = "tok_visa"
    /// Approved: a Mastercard ending in 4444.
    public static let mastercard = "tok_mastercard"
    /// Declined: nothing is placed; the checkout stays open for another token.
    public static let declined = "tok_chargeDeclined"

    public static let all = [visa, mastercard, declined]

    static func payment(_ token: String) throws(ToolFailure) -> PaymentToken {
        switch token {
        case visa: return PaymentToken(vaultToken: token, brand: "Visa", lastFourDigits: "4242")
        case mastercard: return PaymentToken(vaultToken: token, brand: "Mastercard", lastFourDigits: "4444")
        case declined: throw ToolFailure("payment_declined", "The card was declined; try another payment token.")
        default:
            throw ToolFailure("invalid_payment", "Unknown test payment token; the shop takes \(all.joined(separator: ", ")).")
        }
    }
}

/// A checkout as the shop sees it: the cart it completes (kept by the shop, so the app sees the
/// same buyer, address and delivery option), and the order once one was placed.
struct CheckoutView {
    var id: String
    var cart: Cart?
    var order: Order?
    var canceled: Bool
    /// What the shop would charge now: by the same rules it prices the order with.
    var totals: CheckoutTotals?
    var deliveryOptions: [CartDeliveryOption]
    var selectedOption: CartDeliveryOption?
    var address: MailingAddress?
    /// What the buyer must still give before the checkout can complete.
    var missing: [String]
}

extension AgentShop {
    static let canceledAttribute = "_agent_checkout"

    func checkoutView(_ id: String) async throws(ToolFailure) -> CheckoutView {
        let cart: Cart?
        do { cart = try await storefront.cart(id: id) } catch { throw Self.failure(error) }
        if let cart {
            try checkOwner(cart)
            return try await view(of: cart)
        }
        let placed: Order?
        do { placed = try await order(ofCart: id) } catch { throw Self.failure(error) }
        guard let placed, placed.customerId == nil || placed.customerId == caller.customer?.id else {
            throw ToolFailure("not_found", "The shop has no checkout \(Self.quoted(id)).")
        }
        return CheckoutView(id: id, cart: nil, order: placed, canceled: false, totals: nil, deliveryOptions: [],
                            selectedOption: nil, address: placed.draft.shippingAddress, missing: [])
    }

    func view(of cart: Cart) async throws(ToolFailure) -> CheckoutView {
        let shop: Shop
        do { shop = try await storefront.shop() } catch { throw Self.failure(error) }
        let noted = await (notes.addresses[cart.id], notes.options[cart.id], notes.canceled.contains(cart.id))
        let address = cart.deliveryAddresses.first(where: \.selected)?.address ?? noted.0
        let country = (address?.countryCode ?? cart.buyerIdentity.countryCode ?? shop.countryCode).uppercased()
        let options = cart.deliveryGroups.first?.deliveryOptions
            ?? DeliveryRates.options(country: country, shopCountry: shop.countryCode, merchandise: cart.cost.totalAmount)
        let selected = cart.deliveryGroups.first?.selectedDeliveryOption ?? options.first { $0.handle == noted.1 } ?? options.first
        let totals = try? CheckoutTotals(subtotal: cart.cost.subtotalAmount, discounts: cart.cost.subtotalAmount - cart.cost.totalAmount,
                                         shipping: address == nil ? nil : selected?.estimatedCost,
                                         shopCountry: shop.countryCode, taxCountry: country, addressKnown: address != nil)
        var missing: [String] = []
        if cart.lines.isEmpty { missing.append("line_items") }
        if (cart.buyerIdentity.email ?? "").isEmpty { missing.append("buyer.email") }
        if address == nil { missing.append("shipping_address") }
        let canceled = noted.2 || cart.attributes.contains { $0.key == Self.canceledAttribute && $0.value == "canceled" }
        return CheckoutView(id: cart.id, cart: cart, order: nil, canceled: canceled, totals: totals, deliveryOptions: options,
                            selectedOption: selected, address: address, missing: missing)
    }

    /// Sets what the buyer gave on the cart itself: contact, the delivery address, the option.
    func updateCheckout(_ id: String, email: String?, phone: String?, address: MailingAddress?,
                        deliveryOption: String?) async throws(ToolFailure) -> CheckoutView {
        var cart = try await self.cart(id)
        guard await !(try view(of: cart)).canceled else { throw ToolFailure("checkout_canceled", "This checkout was canceled.") }
        if email != nil || phone != nil {
            let identity = cart.buyerIdentity.merged(with: BuyerIdentity(email: email, phone: phone), token: caller.accessToken)
            cart = try await mutate(id) { try await $0.cartBuyerIdentityUpdate(cartId: id, buyerIdentity: identity) }.cart ?? cart
        }
        if let address {
            let input = CartSelectableAddressInput(address: address, selected: true, oneTimeUse: false, strict: true)
            do {
                cart = try await mutate(id) { try await $0.cartDeliveryAddressesReplace(cartId: id, addresses: [input]) }.cart ?? cart
            } catch let failure where failure.code == ToolFailure.notTaken {
                await notes.setAddress(address, for: id)
            }
        }
        if let deliveryOption {
            let current = try await view(of: cart)
            guard current.address != nil else {
                throw ToolFailure("invalid_input", "Give a shipping_address first: delivery options depend on it.")
            }
            guard current.deliveryOptions.contains(where: { $0.handle == deliveryOption }) else {
                let offered = current.deliveryOptions.map(\.handle).joined(separator: ", ")
                throw ToolFailure("invalid_input", "\(Self.quoted(deliveryOption)) is not a delivery option here (\(offered)).")
            }
            if let group = cart.deliveryGroups.first {
                let choice = CartSelectedDeliveryOptionInput(deliveryGroupId: group.id, deliveryOptionHandle: deliveryOption)
                cart = try await mutate(id) { try await $0.cartSelectedDeliveryOptionsUpdate(cartId: id, options: [choice]) }.cart ?? cart
            } else {
                await notes.setOption(deliveryOption, for: id)
            }
        }
        return try await view(of: cart)
    }

    /// Completes the checkout: the shop builds, prices and records the order from the cart it
    /// keeps. One checkout is one order: a replay (same key, or the checkout already completed)
    /// answers the order recorded first.
    func completeCheckout(_ id: String, idempotencyKey: String, paymentToken: String) async throws(ToolFailure) -> CheckoutView {
        try await keys.claim(idempotencyKey, for: id)
        let session = Self.checkoutSession(id)
        // A replay after the order was placed: the cart is gone, the order stands.
        if let placed = try? await checkout.order(checkoutSessionId: session) {
            guard placed.customerId == nil || placed.customerId == caller.customer?.id else {
                throw ToolFailure("not_found", "The shop has no checkout \(Self.quoted(id)).")
            }
            return CheckoutView(id: id, cart: nil, order: placed, canceled: false, totals: nil, deliveryOptions: [],
                                selectedOption: nil, address: placed.draft.shippingAddress, missing: [])
        }
        let view = try await checkoutView(id)
        if view.order != nil { return view }
        guard !view.canceled else { throw ToolFailure("checkout_canceled", "This checkout was canceled.") }
        guard view.missing.isEmpty, let cart = view.cart else {
            throw ToolFailure("incomplete", "The checkout still needs \(view.missing.joined(separator: ", ")).")
        }
        let payment = try TestPaymentTokens.payment(paymentToken)
        let request = CheckoutCompletion(checkoutSessionId: session, cartId: cart.id, email: cart.buyerIdentity.email,
                                         phone: cart.buyerIdentity.phone, shippingAddress: view.address,
                                         deliveryOptionHandle: view.selectedOption?.handle, payment: payment)
        let order: Order
        do { order = try await checkout.placeOrder(request) } catch { throw Self.failure(error) }
        return CheckoutView(id: id, cart: nil, order: order, canceled: false, totals: nil, deliveryOptions: [],
                            selectedOption: nil, address: order.draft.shippingAddress, missing: [])
    }

    /// Cancels a checkout: the cart says so, and the checkout will not complete.
    func cancelCheckout(_ id: String) async throws(ToolFailure) -> CheckoutView {
        let cart = try await self.cart(id)
        var attributes = cart.attributes.filter { $0.key != Self.canceledAttribute }
        attributes.append(Attribute(key: Self.canceledAttribute, value: "canceled"))
        do {
            let updated = try await mutate(id) { try await $0.cartAttributesUpdate(cartId: id, attributes: attributes) }
            return try await view(of: updated.cart ?? cart)
        } catch let failure where failure.code == ToolFailure.notTaken {
            await notes.cancel(id)
            return try await view(of: cart)
        }
    }

    /// The checkout session a checkout's order is recorded under (one session, one order).
    static func checkoutSession(_ checkoutId: String) -> String {
        "agent:" + String(checkoutId.prefix(200))
    }
}
