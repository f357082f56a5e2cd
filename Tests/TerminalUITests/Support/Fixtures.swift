import AppCore
import CheckoutSheet
import Foundation
import Storefront
@testable import TerminalUI

/// Catalog models and states for snapshots, built in code (no network, no catalog file).
enum Fixtures {
    static let date = Date(timeIntervalSince1970: 1_780_000_000)

    static func usd(_ amount: String) -> Money { Money(amount, currencyCode: "USD")! }

    static func variant(_ id: String, _ options: [(String, String)], price: String, compareAt: String? = nil,
                        available: Bool = true, stock: Int? = 12) -> ProductVariant {
        ProductVariant(id: "gid://shopify/ProductVariant/\(id)", title: options.map(\.1).joined(separator: " / "),
                       availableForSale: available, quantityAvailable: stock,
                       selectedOptions: options.map { SelectedOption(name: $0.0, value: $0.1) },
                       price: usd(price), compareAtPrice: compareAt.map(usd))
    }

    static func product(_ handle: String, _ title: String, vendor: String = "Aurora Outfitters", type: String = "Apparel",
                        description: String = "", options: [(String, [String])] = [], variants: [ProductVariant]) -> Product {
        Product(id: "gid://shopify/Product/\(handle)", handle: handle, title: title, description: description,
                vendor: vendor, productType: type, tags: [], createdAt: date, updatedAt: date,
                options: options.map { name, values in
                    ProductOption(id: "opt-\(handle)-\(name)", name: name,
                                  optionValues: values.map { ProductOptionValue(id: "\(name)-\($0)", name: $0) })
                },
                variants: variants)
    }

    static let linenShirt = product(
        "linen-shirt", "Linen Shirt", vendor: "Aurora Outfitters",
        description: "A breathable shirt cut from washed European linen. Relaxed fit, mother-of-pearl buttons and a "
            + "chest pocket. It softens with every wash.\n\nMachine wash cold, line dry.",
        options: [("Size", ["S", "M", "L", "XL"]), ("Color", ["Sand", "Sky", "Olive"])],
        variants: [
            variant("101", [("Size", "S"), ("Color", "Sand")], price: "48.00", compareAt: "60.00"),
            variant("102", [("Size", "M"), ("Color", "Sand")], price: "48.00", compareAt: "60.00", stock: 3),
            variant("103", [("Size", "L"), ("Color", "Sand")], price: "48.00", compareAt: "60.00"),
            variant("104", [("Size", "XL"), ("Color", "Sand")], price: "48.00", compareAt: "60.00", available: false, stock: 0),
            variant("105", [("Size", "S"), ("Color", "Sky")], price: "48.00"),
            variant("106", [("Size", "M"), ("Color", "Sky")], price: "48.00"),
            variant("107", [("Size", "L"), ("Color", "Sky")], price: "48.00", available: false, stock: 0),
            variant("108", [("Size", "M"), ("Color", "Olive")], price: "52.00"),
        ])

    static let products: [Product] = [
        linenShirt,
        product("canvas-tote", "Canvas Tote Bag", vendor: "Harbor & Co", type: "Bags",
                variants: [variant("201", [], price: "24.00")]),
        product("wool-socks", "Merino Wool Socks, 3-pack", vendor: "Aurora Outfitters", type: "Socks",
                options: [("Size", ["S/M", "L/XL"])],
                variants: [variant("301", [("Size", "S/M")], price: "18.00"), variant("302", [("Size", "L/XL")], price: "20.00")]),
        product("matcha-set", "抹茶 Matcha Starter Set", vendor: "Kyoto Leaf", type: "Tea",
                variants: [variant("401", [], price: "36.00")]),
        product("rain-jacket", "Packable Rain Jacket with an Extremely Long Name That Will Not Fit", vendor: "Northwind Supply",
                type: "Outerwear", variants: [variant("501", [], price: "129.00", available: false, stock: 0)]),
        product("sun-hat", "Straw Sun Hat", vendor: "Harbor & Co", type: "Hats",
                variants: [variant("601", [], price: "32.00", compareAt: "40.00")]),
        product("espresso", "Espresso Beans ☕ 1 kg", vendor: "Roast House", type: "Coffee",
                variants: [variant("701", [], price: "27.50")]),
    ] + (1...40).map { n in
        product("basic-tee-\(n)", "Everyday Tee No. \(n)", vendor: "Aurora Outfitters", type: "Apparel",
                variants: [variant("9\(n)", [], price: "\(18 + n % 7).00", available: n % 9 != 0)])
    }

    static func collection(_ handle: String, _ title: String, _ description: String, preview: [Product]) -> Collection {
        Collection(id: "gid://shopify/Collection/\(handle)", handle: handle, title: title, description: description,
                   updatedAt: date, productsPreview: preview)
    }

    static let collections: [Collection] = [
        collection("summer", "Summer Essentials", "Light layers and sun-ready accessories for long days outside.",
                   preview: Array(products.prefix(5))),
        collection("coffee-tea", "Coffee & Tea", "Beans, leaves and the tools to brew them.",
                   preview: [products[3], products[6]]),
        collection("outerwear", "Outerwear", "Jackets for wind and rain.", preview: [products[4]]),
        collection("basics", "Everyday Basics", "Tees and socks you reach for every morning.",
                   preview: Array(products[7...11])),
        collection("gifts", "Gifts under $40", "", preview: [products[1], products[5]]),
        collection("new", "New Arrivals", "Fresh in this week.", preview: []),
    ]

    static var browsing: AppState {
        var state = AppState()
        state.collections = PagedList(items: collections, pageInfo: PageInfo(hasNextPage: false, hasPreviousPage: false,
                                                                             startCursor: nil, endCursor: nil))
        return state
    }

    static func cart(lines: [(Product, ProductVariant, Int)], codes: [CartDiscountCode] = [], note: String? = nil,
                     discount: String? = nil) -> Cart {
        let cartLines = lines.enumerated().map { index, line in
            let (product, variant, quantity) = line
            return CartLine(id: "line-\(index + 1)", quantity: quantity, merchandise: CartMerchandise(variant: variant, of: product),
                            cost: CartLineCost(amountPerQuantity: variant.price, subtotalAmount: variant.price * quantity,
                                               totalAmount: variant.price * quantity))
        }
        let subtotal = cartLines.reduce(Money.zero("USD")) { $0 + $1.cost.totalAmount }
        let total = discount.map { subtotal - usd($0) } ?? subtotal
        return Cart(id: "gid://shopify/Cart/c1", checkoutUrl: "https://aurora.example/checkouts/c1", createdAt: date,
                    updatedAt: date, lines: cartLines, discountCodes: codes, note: note,
                    cost: CartCost(subtotalAmount: subtotal, totalAmount: total))
    }

    static let sampleCart = cart(lines: [
        (linenShirt, linenShirt.variants[1], 1),
        (products[2], products[2].variants[1], 2),
        (products[3], products[3].variants[0], 1),
    ], codes: [CartDiscountCode(code: "SUMMER10", applicable: true)], discount: "12.20")

    static var withCart: AppState {
        var state = browsing
        state.cart.cart = sampleCart
        state.cart.confirmedCart = sampleCart
        return state
    }

    static let summary = CheckoutPage.Summary(
        lines: sampleCart.lines.map {
            CheckoutPage.Summary.Line(title: $0.merchandise.productTitle, variantTitle: $0.merchandise.title,
                                      quantity: $0.quantity, total: $0.cost.totalAmount)
        },
        subtotal: usd("122.00"), shipping: nil, taxes: nil, discounts: usd("12.20"), total: usd("109.80"))

    static func page(_ step: CheckoutPage.Step) -> CheckoutPage {
        switch step {
        case .loading:
            return CheckoutPage(step: .loading, progress: 0.45)
        case .contact:
            return CheckoutPage(step: .contact, fields: [
                .init(id: "email", label: "Email", displayValue: "ada@example.com", placeholder: "you@example.com"),
                .init(id: "phone", label: "Phone (optional)", displayValue: "", placeholder: "+1 555 0100"),
            ], focusedFieldID: "email", summary: summary)
        case .delivery:
            return CheckoutPage(step: .delivery, fields: [
                .init(id: "firstName", label: "First name", displayValue: "Ada"),
                .init(id: "lastName", label: "Last name", displayValue: "Lovelace"),
                .init(id: "address1", label: "Address", displayValue: "12 Analytical Row"),
                .init(id: "city", label: "City", displayValue: "London"),
                .init(id: "postalCode", label: "Postal code", displayValue: "", placeholder: "EC1A 1BB",
                      error: "Enter a postal code"),
                .init(id: "countryCode", label: "Country", displayValue: "GB"),
            ], focusedFieldID: "postalCode", summary: summary)
        case .shipping:
            return CheckoutPage(step: .shipping, shippingRates: [
                .init(id: "standard", title: "Standard", price: usd("5.00"), estimate: "3–5 business days"),
                .init(id: "express", title: "Express", price: usd("15.00"), estimate: "1–2 business days"),
                .init(id: "pickup", title: "Store pickup", price: usd("0.00"), estimate: "Ready tomorrow"),
            ], selectedRateID: "express", summary: summary)
        case .payment:
            return CheckoutPage(step: .payment, fields: [
                .init(id: "cardNumber", label: "Card number", displayValue: "•••• •••• •••• 0002", isMasked: true),
                .init(id: "expiry", label: "Expiry (MM/YY)", displayValue: "12/29"),
                .init(id: "cvc", label: "Security code", displayValue: "•••", isMasked: true),
                .init(id: "nameOnCard", label: "Name on card", displayValue: "Ada Lovelace"),
            ], focusedFieldID: "cardNumber",
            summary: CheckoutPage.Summary(lines: summary.lines, subtotal: usd("122.00"), shipping: usd("15.00"),
                                          taxes: usd("8.78"), discounts: usd("12.20"), total: usd("133.58")),
            notice: "Your card was declined. Try another card.")
        case .review:
            return CheckoutPage(step: .review,
                                summary: CheckoutPage.Summary(lines: summary.lines, subtotal: usd("122.00"), shipping: usd("15.00"),
                                                              taxes: usd("8.78"), discounts: usd("12.20"), total: usd("133.58")),
                                links: [.init(title: "Refund policy", url: "https://aurora.example/policies/refund")],
                                details: details)
        case .thankYou:
            return CheckoutPage(step: .thankYou,
                                summary: CheckoutPage.Summary(lines: summary.lines, subtotal: usd("122.00"), shipping: usd("15.00"),
                                                              taxes: usd("8.78"), discounts: usd("12.20"), total: usd("133.58")),
                                links: [.init(title: "Contact us", url: "mailto:help@aurora.example")],
                                orderName: "#1001", orderId: "1001", details: details)
        case .unavailable:
            return CheckoutPage(step: .unavailable, notice: "This checkout has expired. Return to your cart to start again.")
        }
    }

    /// What the buyer gave, as the review and thank-you pages repeat it.
    static let details: [CheckoutPage.Detail] = [
        .init("Contact", "ada@example.com"), .init("Ship to", "Ada Lovelace, 12 Analytical Row, London EC1A 1BB, GB"),
        .init("Method", "Express · $15.00"), .init("Payment", "Visa •••• 4242"),
    ]

    /// The Dutch shop's four policy links, as the real checkout page has them.
    static let shopLinks: [CheckoutPage.Link] = [
        .init(title: "Refund policy", url: "https://kestrel.example/policies/refund-policy"),
        .init(title: "Shipping policy", url: "https://kestrel.example/policies/shipping-policy"),
        .init(title: "Contact us", url: "mailto:hello@kestrel.example"),
        .init(title: "Call us", url: "tel:+31205550142"),
    ]

    static func eur(_ amount: String) -> Money { Money(amount, currencyCode: "EUR")! }

    /// The summary of a Dutch shop's checkout: prices include VAT; shipping not chosen yet.
    static let dutchSummary = CheckoutPage.Summary(
        lines: [.init(title: "House Espresso Blend", variantTitle: "1 kg / Espresso", quantity: 2, total: eur("84.00"))],
        subtotal: eur("84.00"), shipping: nil, taxes: eur("14.58"), discounts: eur("0.00"), total: eur("84.00"),
        taxesIncluded: true, taxName: "VAT")

    /// The real delivery step after submitting it half-filled: errors on four fields, focus on the postal code.
    static var deliveryWithErrors: CheckoutPage {
        let specs: [(String, String, String, String?)] = [
            ("countryCode", "Country/Region", "NL", nil), ("firstName", "First name", "", "Enter a first name"),
            ("lastName", "Last name", "", "Enter a last name"), ("address1", "Address", "Keizersgracht 1", nil),
            ("address2", "Apartment, suite (optional)", "", nil), ("city", "City", "", "Enter a city"),
            ("zoneCode", "State / province (optional)", "", nil),
            ("postalCode", "ZIP / postal code", "10", "Enter a valid postal code for Netherlands"),
            ("phone", "Phone (optional)", "+31", "Enter a valid phone number"),
        ]
        return CheckoutPage(step: .delivery, fields: specs.map {
            .init(id: $0.0, label: $0.1, displayValue: $0.2, error: $0.3)
        }, focusedFieldID: "postalCode", summary: dutchSummary, links: shopLinks)
    }

    static func checkout(_ step: CheckoutPage.Step) -> AppState {
        var state = withCart
        state.screens = [.collections, .cart]
        state.checkout.isPresented = true
        state.checkout.page = page(step)
        return state
    }

    static let environment = RenderEnvironment(profile: .ansi256, shopName: "Aurora Outfitters",
                                               timeZone: TimeZone(identifier: "UTC")!)

    static let events: [EventLogEntry] = [
        EventLogEntry(id: 1, time: date, name: "pixel", fields: [.init("event", "page_viewed"), .init("type", "standard")]),
        EventLogEntry(id: 2, time: date.addingTimeInterval(4), name: "pixel",
                      fields: [.init("event", "checkout_started"), .init("type", "standard")]),
        EventLogEntry(id: 3, time: date.addingTimeInterval(31), name: "complete",
                      fields: [.init("order", "1001"), .init("decoded", "full"), .init("email", "ada@example.com"),
                               .init("total", "$133.58")]),
        EventLogEntry(id: 4, time: date.addingTimeInterval(32), name: "pixel",
                      fields: [.init("event", "checkout_completed"), .init("type", "standard")]),
        EventLogEntry(id: 5, time: date.addingTimeInterval(40), name: "cancel", fields: [.init("afterCompletion", "true")]),
    ]
}
