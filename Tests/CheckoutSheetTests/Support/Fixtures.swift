import Foundation
import Storefront
@testable import CheckoutSheet

enum Fixtures {
    static let shop = Shop(name: "Aurora Outfitters", description: "Outdoor clothing", domain: "aurora.example",
                           currencyCode: "USD", countryCode: "US",
                           policies: [ShopPolicy(kind: .refund, id: "gid://shopify/ShopPolicy/1", handle: "refund-policy",
                                                 title: "Refund policy", body: "<p>30 days.</p>",
                                                 url: "https://aurora.example/policies/refund-policy"),
                                      ShopPolicy(kind: .shipping, id: "gid://shopify/ShopPolicy/2", handle: "shipping-policy",
                                                 title: "Shipping policy", body: "<p>Free over $75.</p>",
                                                 url: "https://aurora.example/policies/shipping-policy")],
                           contactEmail: "help@aurora.example", contactPhone: "+1 555 010 0199")

    static func usd(_ amount: String) -> Money { Money(amount, currencyCode: "USD")! }

    static func line(_ id: String, product: String, variant: String, unit: String, quantity: Int) -> CartLine {
        let unitPrice = usd(unit)
        let merchandise = CartMerchandise(id: "gid://shopify/ProductVariant/\(id)", title: variant,
                                          productId: "gid://shopify/Product/\(id)", productHandle: product.lowercased(),
                                          productTitle: product, selectedOptions: [], price: unitPrice,
                                          image: ProductImage(url: "https://aurora.example/images/\(id).jpg"))
        let total = unitPrice * quantity
        return CartLine(id: "gid://shopify/CartLine/\(id)", quantity: quantity, merchandise: merchandise,
                        cost: CartLineCost(amountPerQuantity: unitPrice, subtotalAmount: total, totalAmount: total))
    }

    /// Two lines, 177.00 before a 10 % discount code (17.70 off).
    static func cart(id: String = "c1", email: String? = "ada.lovelace@example.com", country: String? = "US",
                     discounted: Bool = true, lines: [CartLine]? = nil) -> Cart {
        let lines = lines ?? [line("101", product: "Merino Beanie", variant: "Charcoal", unit: "24.00", quantity: 2),
                              line("202", product: "Trail Jacket", variant: "M / Blue", unit: "129.00", quantity: 1)]
        let subtotal = lines.reduce(Money.zero("USD")) { $0 + $1.cost.totalAmount }
        let total = discounted ? subtotal - subtotal.multiplied(by: Decimal(string: "0.10")!) : subtotal
        return Cart(id: id, checkoutUrl: checkoutURL(id), createdAt: Date(timeIntervalSince1970: 1_748_800_000),
                    updatedAt: Date(timeIntervalSince1970: 1_748_800_000), lines: lines,
                    buyerIdentity: BuyerIdentity(email: email, countryCode: country),
                    discountCodes: discounted ? [CartDiscountCode(code: "WELCOME10", applicable: true)] : [],
                    cost: CartCost(subtotalAmount: subtotal, totalAmount: total))
    }

    static func checkoutURL(_ cartId: String = "c1") -> String { "https://aurora.example/cart/c/\(cartId)?key=test" }
}
