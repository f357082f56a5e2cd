import Storefront

extension CheckoutForm {
    /// What the shop needs to complete the cart: the cart, the buyer, the address, the delivery
    /// option and the vaulted card. No amount: the shop prices the order. The checkout token is
    /// the idempotency key.
    func completion(paidWith card: VaultedCard) -> CheckoutCompletion {
        CheckoutCompletion(checkoutSessionId: token, cartId: cart.id, email: email, phone: phone, shippingAddress: address,
                           billingAddress: address, deliveryOptionHandle: selectedRate?.id,
                           payment: PaymentToken(vaultToken: card.token, brand: card.brand.rawValue, lastFourDigits: card.lastFour))
    }

    /// `orderDetails` of the `completed` message for a placed order: the order as the shop recorded it.
    func orderDetails(for order: Order) -> OrderDetails {
        let placed = order.draft
        let address = (placed.shippingAddress ?? self.address).map(Self.detailsAddress)
        let discountList = placed.discounts.amount > 0
            ? [OrderDetails.Discount(title: discountTitles.isEmpty ? "Discount" : discountTitles.joined(separator: ", "),
                                     amount: placed.discounts, applicationType: "DISCOUNT_CODE",
                                     value: discountTitles.first)]
            : []
        let images = Dictionary(cart.lines.map { ($0.merchandise.id, $0.merchandise.image) }, uniquingKeysWith: { first, _ in first })
        let lines = placed.lineItems.map { line in
            OrderDetails.Line(title: line.title, quantity: line.quantity, price: line.price,
                              merchandiseId: line.merchandiseId, productId: line.productId,
                              image: (images[line.merchandiseId] ?? nil).map { OrderDetails.LineImage(sm: $0.url, md: $0.url, lg: $0.url) })
        }
        let price = OrderDetails.Price(subtotal: placed.subtotal, shipping: placed.shipping, taxes: placed.taxes, total: placed.total,
                                       discounts: discountList)
        let charged = placed.payment?.amount ?? placed.total
        let payments = card.map {
            [OrderDetails.PaymentMethod(type: "direct", brand: $0.brand.rawValue, lastFourDigits: $0.lastFour,
                                        name: $0.nameOnCard, amount: charged.amountString, currency: charged.currencyCode)]
        } ?? []
        return OrderDetails(id: order.id, email: placed.email ?? email, phone: placed.phone ?? phone,
                            cart: OrderDetails.CartInfo(lines: lines, price: price, token: token),
                            billingAddress: address,
                            deliveries: [OrderDetails.Delivery(method: "SHIPPING", location: address, name: placed.shippingMethod)],
                            paymentMethods: payments)
    }

    private static func detailsAddress(_ a: MailingAddress) -> OrderDetails.Address {
        OrderDetails.Address(address1: a.address1, address2: a.address2, city: a.city, countryCode: a.countryCode,
                             firstName: a.firstName, lastName: a.lastName, name: a.name, phone: a.phone,
                             postalCode: a.postalCode, zoneCode: a.zoneCode)
    }
}
