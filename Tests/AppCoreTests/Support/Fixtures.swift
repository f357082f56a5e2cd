import Foundation
import Storefront
import CheckoutSheet

/// Small catalog and cart values for reducer tests.
enum Fixtures {
    static let date = Date(timeIntervalSince1970: 1_700_000_000)

    static func usd(_ amount: String) -> Money { Money(amount, currencyCode: "USD")! }

    static func variant(_ id: String, size: String, color: String, price: String = "20.00",
                        available: Bool = true, stock: Int? = 10) -> ProductVariant {
        ProductVariant(id: id, title: "\(size) / \(color)", availableForSale: available, quantityAvailable: stock,
                       selectedOptions: [SelectedOption(name: "Size", value: size), SelectedOption(name: "Color", value: color)],
                       price: usd(price))
    }

    /// A shirt in S/M × Red/Blue; "M / Blue" does not exist.
    static func shirt(handle: String = "shirt", firstAvailable: Bool = true, stock: Int? = 10) -> Product {
        Product(id: "gid://shopify/Product/\(handle)", handle: handle, title: "Shirt \(handle)", description: "A shirt.",
                vendor: "Aurora", productType: "Shirt", tags: [], createdAt: date, updatedAt: date,
                options: [
                    ProductOption(id: "size", name: "Size", optionValues: [.init(id: "s", name: "S"), .init(id: "m", name: "M")]),
                    ProductOption(id: "color", name: "Color", optionValues: [.init(id: "r", name: "Red"), .init(id: "b", name: "Blue")]),
                ],
                variants: [
                    variant("\(handle)-s-red", size: "S", color: "Red", available: firstAvailable, stock: firstAvailable ? stock : 0),
                    variant("\(handle)-s-blue", size: "S", color: "Blue", stock: stock),
                    variant("\(handle)-m-red", size: "M", color: "Red", price: "22.00", stock: 2),
                ])
    }

    static func products(_ count: Int, prefix: String = "p") -> [Product] {
        (0..<count).map { shirt(handle: "\(prefix)\($0)") }
    }

    static func collection(_ handle: String, preview: [Product] = []) -> Collection {
        Collection(id: "gid://shopify/Collection/\(handle)", handle: handle, title: handle.capitalized,
                   description: "", updatedAt: date, productsPreview: preview)
    }

    /// A page of `nodes` whose cursors are "c<index>", starting at `start`.
    static func page<Node>(_ nodes: [Node], start: Int = 0, hasNextPage: Bool) -> Page<Node> {
        let edges = nodes.enumerated().map { Edge(cursor: "c\(start + $0.offset)", node: $0.element) }
        return Page(edges: edges, pageInfo: PageInfo(hasNextPage: hasNextPage, hasPreviousPage: start > 0,
                                                     startCursor: edges.first?.cursor, endCursor: edges.last?.cursor))
    }

    static func line(_ id: String, variant: ProductVariant, of product: Product, quantity: Int) -> CartLine {
        let total = variant.price * quantity
        return CartLine(id: id, quantity: quantity, merchandise: CartMerchandise(variant: variant, of: product),
                        cost: CartLineCost(amountPerQuantity: variant.price, subtotalAmount: total, totalAmount: total))
    }

    static func cart(_ id: String = "cart-1", lines: [CartLine], note: String? = nil,
                     discountCodes: [CartDiscountCode] = []) -> Cart {
        let subtotal = lines.map(\.cost.totalAmount).reduce(usd("0.00"), +)
        return Cart(id: id, checkoutUrl: "https://shop.example/cart/c/\(id)", createdAt: date, updatedAt: date,
                    lines: lines, discountCodes: discountCodes, note: note,
                    cost: CartCost(subtotalAmount: subtotal, totalAmount: subtotal))
    }

    /// A cart holding `quantity` of the shirt's S / Red.
    static func shirtCart(quantity: Int = 1, id: String = "cart-1") -> Cart {
        let product = shirt()
        return cart(id, lines: [line("line-1", variant: product.variants[0], of: product, quantity: quantity)])
    }

    static func completed(orderId: String) -> CheckoutEvent {
        .completed(CheckoutCompletedEvent(orderDetails: OrderDetails(id: orderId, email: "a@b.example"), decoded: .full))
    }
}
