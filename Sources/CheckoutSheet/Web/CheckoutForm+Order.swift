import Storefront

extension CheckoutForm {
    /// The order to place, paid with the vaulted card. The checkout token is the idempotency key.
    func draft(paidWith card: VaultedCard) -> OrderDraft {
        let lines = cart.lines.map {
            OrderLineItem(title: $0.merchandise.productTitle, variantTitle: $0.merchandise.title, quantity: $0.quantity,
                          price: $0.cost.amountPerQuantity, merchandiseId: $0.merchandise.id, productId: $0.merchandise.productId)
        }
        let zero = Money.zero(currencyCode)
        return OrderDraft(checkoutSessionId: token, cartId: cart.id, email: email, phone: phone, lineItems: lines,
                          subtotal: subtotal, shipping: shipping ?? zero, taxes: taxes ?? zero, discounts: discounts,
                          total: total, shippingAddress: address, billingAddress: address, shippingMethod: selectedRate?.title,
                          payment: OrderPayment(type: "direct", brand: card.brand.rawValue, lastFourDigits: card.lastFour,
                                                vaultToken: card.token, amount: total))
    }

    /// `orderDetails` of the `completed` message for a placed order.
    func orderDetails(for order: Order) -> OrderDetails {
        let address = self.address.map(Self.detailsAddress)
        let discountList = discounts.amount > 0
            ? [OrderDetails.Discount(title: discountTitles.isEmpty ? "Discount" : discountTitles.joined(separator: ", "),
                                     amount: discounts, applicationType: "DISCOUNT_CODE",
                                     value: discountTitles.first)]
            : []
        let lines = cart.lines.map { line in
            OrderDetails.Line(title: line.merchandise.productTitle, quantity: line.quantity, price: line.cost.amountPerQuantity,
                              merchandiseId: line.merchandise.id, productId: line.merchandise.productId,
                              image: line.merchandise.image.map { OrderDetails.LineImage(sm: $0.url, md: $0.url, lg: $0.url) })
        }
        let price = OrderDetails.Price(subtotal: subtotal, shipping: shipping, taxes: taxes, total: total, discounts: discountList)
        let payments = card.map {
            [OrderDetails.PaymentMethod(type: "direct", brand: $0.brand.rawValue, lastFourDigits: $0.lastFour,
                                        name: $0.nameOnCard, amount: total.amountString, currency: currencyCode)]
        } ?? []
        return OrderDetails(id: order.id, email: email, phone: phone,
                            cart: OrderDetails.CartInfo(lines: lines, price: price, token: token),
                            billingAddress: address,
                            deliveries: [OrderDetails.Delivery(method: "SHIPPING", location: address, name: selectedRate?.title)],
                            paymentMethods: payments)
    }

    private static func detailsAddress(_ a: MailingAddress) -> OrderDetails.Address {
        OrderDetails.Address(address1: a.address1, address2: a.address2, city: a.city, countryCode: a.countryCode,
                             firstName: a.firstName, lastName: a.lastName, name: a.name, phone: a.phone,
                             postalCode: a.postalCode, zoneCode: a.zoneCode)
    }
}
