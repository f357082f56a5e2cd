import Foundation
import MCP
import Storefront

/// The Universal Commerce Protocol's shopping tools bound to MCP (`/api/ucp/mcp`): catalog search
/// and lookup, carts, checkout sessions and orders. Every call carries `meta["ucp-agent"].profile`;
/// `complete_checkout` and `cancel_checkout` also `meta["idempotency-key"]`. A checkout is the
/// cart it completes: its id is the cart's, and what the buyer gives is kept on that cart.
enum UCPTools {
    static let all: [AgentTool] = [searchCatalog, lookupCatalog, getProduct, createCart, getCart, updateCart, cancelCart,
                                   createCheckout, getCheckout, updateCheckout, completeCheckout, cancelCheckout, getOrder]

    static let catalogCapabilities = ["dev.ucp.shopping.catalog.search", "dev.ucp.shopping.catalog.lookup"]
    static let cartCapability = ["dev.ucp.shopping.cart"]
    static let checkoutCapability = ["dev.ucp.shopping.checkout"]
    static let orderCapability = ["dev.ucp.shopping.order"]

    // MARK: Schemas

    static func meta(idempotent: Bool = false) -> Value {
        var properties: [String: Value] = [
            "ucp-agent": Schema.object(["profile": ["type": "string", "format": "uri", "maxLength": 2_048,
                                                    "description": "The platform's UCP profile URI"]], required: ["profile"]),
        ]
        if idempotent {
            properties["idempotency-key"] = ["type": "string", "minLength": 1, "maxLength": 255,
                                             "description": "A key unique to this operation; a retry with the same key returns the same result"]
        }
        return ["type": "object", "properties": .object(properties),
                "required": idempotent ? ["ucp-agent", "idempotency-key"] : ["ucp-agent"]]
    }

    static func tool(_ name: String, _ description: String, _ properties: [String: Value], required: [String],
                     idempotent: Bool = false, readOnly: Bool = false) -> Tool {
        var all = properties
        all["meta"] = meta(idempotent: idempotent)
        return Tool(name: name, description: description, inputSchema: Schema.object(all, required: ["meta"] + required),
                    annotations: .init(readOnlyHint: readOnly ? true : nil, idempotentHint: idempotent ? true : nil))
    }

    static let id = Schema.string("The resource's id", maxLength: 255)
    static let context = Schema.object(["address_country": Schema.country], description: "Where the buyer shops from")
    static let lineItems = Schema.array(Schema.object([
        "item": Schema.object(["id": Schema.string("The product variant's id", maxLength: 255)], required: ["id"]),
        "quantity": Schema.quantity,
    ], required: ["item", "quantity"]), description: "The lines; the shop prices them")
    static let buyer = Schema.object([
        "email": Schema.string("The buyer's email", maxLength: 255),
        "phone_number": Schema.string("The buyer's phone (E.164)", maxLength: 255),
    ])
    static let address = Schema.object([
        "first_name": Schema.string("First name", maxLength: 255), "last_name": Schema.string("Last name", maxLength: 255),
        "street_address": Schema.string("Street and number", maxLength: 255),
        "extended_address": Schema.string("Apartment, suite", maxLength: 255),
        "address_locality": Schema.string("City", maxLength: 255), "address_region": Schema.string("Region or state code", maxLength: 255),
        "postal_code": Schema.string("Postal code", maxLength: 255), "address_country": Schema.country,
    ], required: ["street_address", "address_locality", "postal_code", "address_country", "last_name"])

    // MARK: Reading arguments

    /// Checks the call's metadata: the agent's profile, and the idempotency key where one is required.
    @discardableResult
    static func readMeta(_ arguments: ToolArguments, idempotent: Bool = false) throws -> String? {
        let meta = try arguments.requiredObject("meta")
        let agent = try meta.requiredObject("ucp-agent")
        _ = try agent.requiredString("profile", maxLength: 2_048)
        guard idempotent else { return nil }
        return try meta.requiredString("idempotency-key", maxLength: 255)
    }

    static func lines(_ arguments: ToolArguments) throws -> [CartLineInput]? {
        try arguments.objects("line_items")?.map { line in
            CartLineInput(merchandiseId: try line.requiredObject("item").requiredString("id", maxLength: 255),
                          quantity: try line.requiredInteger("quantity", in: 1...10_000))
        }
    }

    static func buyerIdentity(_ arguments: ToolArguments, country: String? = nil) throws -> BuyerIdentity? {
        guard let buyer = try arguments.object("buyer") else { return country.map { BuyerIdentity(countryCode: $0) } }
        return BuyerIdentity(email: try buyer.string("email", maxLength: 255), phone: try buyer.string("phone_number", maxLength: 255),
                             countryCode: country)
    }

    static func country(_ arguments: ToolArguments) throws -> String? {
        try arguments.object("context")?.string("address_country", maxLength: 2)?.uppercased()
    }

    static func mailingAddress(_ arguments: ToolArguments) throws -> MailingAddress {
        MailingAddress(firstName: try arguments.string("first_name", maxLength: 255), lastName: try arguments.requiredString("last_name", maxLength: 255),
                       address1: try arguments.requiredString("street_address", maxLength: 255),
                       address2: try arguments.string("extended_address", maxLength: 255),
                       city: try arguments.requiredString("address_locality", maxLength: 255),
                       zoneCode: try arguments.string("address_region", maxLength: 255),
                       countryCode: try arguments.requiredString("address_country", maxLength: 2).uppercased(),
                       postalCode: try arguments.requiredString("postal_code", maxLength: 255))
    }

    static func answer(_ capabilities: [String], _ fields: [String: Value]) -> Value {
        var all = fields
        all["ucp"] = AgentJSON.ucp(capabilities)
        return .object(all)
    }

    static func cartAnswer(_ cart: Cart, status: String = "active") -> Value {
        guard case .object(var fields) = AgentJSON.ucpCart(cart) else { return .null }
        fields["status"] = .string(status)
        return answer(cartCapability, ["cart": .object(fields)])
    }

    static func checkoutAnswer(_ view: CheckoutView) -> Value {
        answer(checkoutCapability, ["checkout": AgentJSON.ucpCheckout(view)])
    }

    // MARK: Catalog

    static let searchCatalog = AgentTool(
        tool: tool("search_catalog", "Search the store's catalog by words or the Shopify search syntax; answers products with variants, prices in minor units and availability.",
                   ["catalog": Schema.object([
                       "query": Schema.string("What the buyer is looking for", maxLength: 2_000), "context": context,
                       "pagination": Schema.object(["limit": Schema.integer("Most products", 1...50),
                                                    "cursor": Schema.string("The previous page's next cursor", maxLength: 255)]),
                   ], required: ["query"])], required: ["catalog"], readOnly: true),
        run: { shop, arguments in
            try readMeta(arguments)
            let catalog = try arguments.requiredObject("catalog")
            let pagination = try catalog.object("pagination")
            let page = try await shop.search(query: try catalog.requiredString("query", maxLength: 2_000), country: try country(catalog),
                                             limit: try pagination?.integer("limit", in: 1...50) ?? 10,
                                             after: try pagination?.string("cursor", maxLength: 255))
            return answer([catalogCapabilities[0]], ["products": .array(page.nodes.map(AgentJSON.ucpProduct)),
                                         "pagination": ["has_next_page": .bool(page.pageInfo.hasNextPage),
                                                        "cursor": AgentJSON.optional(page.pageInfo.hasNextPage ? page.pageInfo.endCursor : nil)]])
        })

    static let lookupCatalog = AgentTool(
        tool: tool("lookup_catalog", "Look up products by id or handle, up to 50 at once; ids the shop does not know are named in messages.",
                   ["catalog": Schema.object([
                       "ids": Schema.array(Schema.string("A product id or handle", maxLength: 255), description: "Products to look up", maxItems: 50),
                       "context": context,
                   ], required: ["ids"])], required: ["catalog"], readOnly: true),
        run: { shop, arguments in
            try readMeta(arguments)
            let catalog = try arguments.requiredObject("catalog")
            let ids = try catalog.strings("ids", maxCount: 50) ?? []
            let place = try country(catalog)
            var products: [Value] = []
            var messages: [Value] = []
            for id in ids {
                do { products.append(AgentJSON.ucpProduct(try await shop.product(id, country: place))) } catch let failure as ToolFailure {
                    messages.append(["type": "warning", "code": .string(failure.code), "content": .string(failure.message)])
                }
            }
            return answer([catalogCapabilities[1]], ["products": .array(products), "messages": .array(messages)])
        })

    static let getProduct = AgentTool(
        tool: tool("get_product", "Get a product's full details, with the variant its selected options name (else the first available).",
                   ["catalog": Schema.object([
                       "id": Schema.string("The product's id or handle", maxLength: 255),
                       "selected_options": Schema.stringMap("Option name to value, e.g. {\"Size\": \"1 kg\"}"), "context": context,
                   ], required: ["id"])], required: ["catalog"], readOnly: true),
        run: { shop, arguments in
            try readMeta(arguments)
            let catalog = try arguments.requiredObject("catalog")
            let product = try await shop.product(try catalog.requiredString("id", maxLength: 255), country: try country(catalog))
            let selected = try AgentShop.variant(of: product, options: try catalog.stringMap("selected_options"))
            guard case .object(var fields) = AgentJSON.ucpProduct(product) else { return .null }
            fields["selected_variant"] = AgentJSON.ucpVariant(selected)
            return answer([catalogCapabilities[1]], ["product": .object(fields)])
        })

    // MARK: Cart

    static let createCart = AgentTool(
        tool: tool("create_cart", "Create a cart with lines and the buyer; the shop prices it. With a customer's access token the cart is that customer's.",
                   ["cart": Schema.object(["line_items": lineItems, "buyer": buyer, "context": context], required: ["line_items"])],
                   required: ["cart"]),
        run: { shop, arguments in
            try readMeta(arguments)
            let cart = try arguments.requiredObject("cart")
            let created = try await shop.createCart(lines: try lines(cart) ?? [], buyer: try buyerIdentity(cart, country: try country(cart)),
                                                    note: nil, discountCodes: [])
            guard let made = created.cart else { throw ToolFailure("invalid_input", "The shop made no cart.") }
            return cartAnswer(made)
        })

    static let getCart = AgentTool(
        tool: tool("get_cart", "Get a cart by id.", ["id": id], required: ["id"], readOnly: true),
        run: { shop, arguments in
            try readMeta(arguments)
            return cartAnswer(try await shop.cart(try arguments.requiredString("id", maxLength: 255)))
        })

    static let updateCart = AgentTool(
        tool: tool("update_cart", "Replace a cart's lines (send every line to keep) and buyer; the shop prices it.",
                   ["id": id, "cart": Schema.object(["line_items": lineItems, "buyer": buyer])], required: ["id", "cart"]),
        run: { shop, arguments in
            try readMeta(arguments)
            let id = try arguments.requiredString("id", maxLength: 255)
            let change = try arguments.requiredObject("cart")
            let wanted = try lines(change)
            let buyer = try buyerIdentity(change)
            var cart = try await shop.cart(id)
            if let wanted { cart = try await replaceLines(of: cart, with: wanted, shop: shop) }
            if let buyer {
                let identity = cart.buyerIdentity.merged(with: buyer, token: shop.caller.accessToken)
                cart = try await shop.mutate(id) { try await $0.cartBuyerIdentityUpdate(cartId: id, buyerIdentity: identity) }.cart ?? cart
            }
            return cartAnswer(cart)
        })

    /// Brings a cart's lines to `wanted`: quantities of variants it holds change, lines of others go, new ones are added.
    static func replaceLines(of cart: Cart, with wanted: [CartLineInput], shop: AgentShop) async throws -> Cart {
        var quantities: [String: Int] = [:]
        for line in wanted {
            let (sum, overflow) = quantities[line.merchandiseId, default: 0].addingReportingOverflow(line.quantity)
            guard !overflow, sum <= 10_000 else { throw ToolFailure.invalid("cart.line_items: more than 10000 units of one variant.") }
            quantities[line.merchandiseId] = sum
        }
        let id = cart.id
        var latest = cart
        var kept: Set<String> = []
        var updates: [CartLineUpdateInput] = []
        var removals: [String] = []
        for line in cart.lines {
            if let quantity = quantities[line.merchandise.id], !kept.contains(line.merchandise.id) {
                kept.insert(line.merchandise.id)
                if quantity != line.quantity { updates.append(CartLineUpdateInput(id: line.id, quantity: quantity)) }
            } else {
                removals.append(line.id)
            }
        }
        let adds = quantities.filter { !kept.contains($0.key) }.sorted { $0.key < $1.key }
            .map { CartLineInput(merchandiseId: $0.key, quantity: $0.value) }
        if !removals.isEmpty { latest = try await shop.mutate(id) { try await $0.cartLinesRemove(cartId: id, lineIds: removals) }.cart ?? latest }
        if !updates.isEmpty { latest = try await shop.mutate(id) { try await $0.cartLinesUpdate(cartId: id, lines: updates) }.cart ?? latest }
        if !adds.isEmpty { latest = try await shop.mutate(id) { try await $0.cartLinesAdd(cartId: id, lines: adds) }.cart ?? latest }
        return latest
    }

    static let cancelCart = AgentTool(
        tool: tool("cancel_cart", "Cancel a cart: its lines are removed and it will not check out.", ["id": id], required: ["id"]),
        run: { shop, arguments in
            try readMeta(arguments)
            let view = try await shop.cancelCheckout(try arguments.requiredString("id", maxLength: 255))
            guard let cart = view.cart else { throw ToolFailure("not_found", "The cart is gone.") }
            let emptied = try await replaceLines(of: cart, with: [], shop: shop)
            return cartAnswer(emptied, status: "canceled")
        })

    // MARK: Checkout

    static let createCheckout = AgentTool(
        tool: tool("create_checkout", "Start a checkout from a cart (cart_id) or from lines. The checkout's id is its cart's.",
                   ["checkout": Schema.object(["cart_id": Schema.string("The cart to check out", maxLength: 255), "line_items": lineItems,
                                               "buyer": buyer, "context": context])], required: ["checkout"]),
        run: { shop, arguments in
            try readMeta(arguments)
            let checkout = try arguments.requiredObject("checkout")
            let buyer = try buyerIdentity(checkout)
            let cartId: String
            if let named = try checkout.string("cart_id", maxLength: 255) {
                var cart = try await shop.cart(named)
                if let wanted = try lines(checkout) { cart = try await replaceLines(of: cart, with: wanted, shop: shop) }
                cartId = cart.id
            } else {
                let wanted = try lines(checkout) ?? []
                guard !wanted.isEmpty else { throw ToolFailure.invalid("checkout needs cart_id or line_items.") }
                let created = try await shop.createCart(lines: wanted, buyer: BuyerIdentity(countryCode: try country(checkout)), note: nil, discountCodes: [])
                guard let made = created.cart else { throw ToolFailure("invalid_input", "The shop made no cart.") }
                cartId = made.id
            }
            let view = try await shop.updateCheckout(cartId, email: buyer?.email, phone: buyer?.phone, address: nil, deliveryOption: nil)
            return checkoutAnswer(view)
        })

    static let getCheckout = AgentTool(
        tool: tool("get_checkout", "Get a checkout: status, lines, totals as the shop prices them, delivery options, and the order once completed.",
                   ["id": id], required: ["id"], readOnly: true),
        run: { shop, arguments in
            try readMeta(arguments)
            return checkoutAnswer(try await shop.checkoutView(try arguments.requiredString("id", maxLength: 255)))
        })

    static let updateCheckout = AgentTool(
        tool: tool("update_checkout", "Give the buyer's contact, the shipping address and the delivery option (fulfillment.selected_option_id).",
                   ["id": id, "checkout": Schema.object(["buyer": buyer, "shipping_address": address,
                                                         "fulfillment": Schema.object(["selected_option_id": Schema.string("A delivery option's id", maxLength: 255)])])],
                   required: ["id", "checkout"]),
        run: { shop, arguments in
            try readMeta(arguments)
            let checkout = try arguments.requiredObject("checkout")
            let buyer = try buyerIdentity(checkout)
            let view = try await shop.updateCheckout(try arguments.requiredString("id", maxLength: 255), email: buyer?.email, phone: buyer?.phone,
                                                     address: try checkout.object("shipping_address").map(mailingAddress),
                                                     deliveryOption: try checkout.object("fulfillment")?.string("selected_option_id", maxLength: 255))
            return checkoutAnswer(view)
        })

    static let completeCheckout = AgentTool(
        tool: tool("complete_checkout", "Place the order: the shop prices it from the cart and charges the payment instrument's token (test tokens: \(TestPaymentTokens.all.joined(separator: ", "))). A retry with the same idempotency key returns the same order.",
                   ["id": id, "checkout": Schema.object(["payment": Schema.object(["instruments": Schema.array(Schema.object([
                       "handler_id": Schema.string("The payment handler (\(TestPaymentTokens.handlerId))", maxLength: 255),
                       "credential": Schema.object(["type": ["type": "string", "enum": ["token"]],
                                                    "token": Schema.string("The payment token", maxLength: 255)], required: ["token"]),
                   ], required: ["handler_id", "credential"]), description: "The instrument paying", maxItems: 1)], required: ["instruments"])],
                   required: ["payment"])], required: ["id", "checkout"], idempotent: true),
        run: { shop, arguments in
            let key = try readMeta(arguments, idempotent: true) ?? ""
            let id = try arguments.requiredString("id", maxLength: 255)
            let instruments = try arguments.requiredObject("checkout").requiredObject("payment").objects("instruments", maxCount: 1) ?? []
            guard let instrument = instruments.first else { throw ToolFailure.invalid("checkout.payment.instruments needs one instrument.") }
            let handler = try instrument.requiredString("handler_id", maxLength: 255)
            guard handler == TestPaymentTokens.handlerId else {
                throw ToolFailure("invalid_payment", "The shop's payment handler is \(TestPaymentTokens.handlerId).")
            }
            let token = try instrument.requiredObject("credential").requiredString("token", maxLength: 255)
            return checkoutAnswer(try await shop.completeCheckout(id, idempotencyKey: key, paymentToken: token))
        })

    static let cancelCheckout = AgentTool(
        tool: tool("cancel_checkout", "Cancel a checkout: it will not complete; the cart keeps its lines.", ["id": id], required: ["id"], idempotent: true),
        run: { shop, arguments in
            try readMeta(arguments, idempotent: true)
            return checkoutAnswer(try await shop.cancelCheckout(try arguments.requiredString("id", maxLength: 255)))
        })

    // MARK: Order

    static let getOrder = AgentTool(
        tool: tool("get_order", "Get an order as the shop recorded it: by the checkout id that placed it, or (for the customer's own) by its number.",
                   ["id": id], required: ["id"], readOnly: true),
        run: { shop, arguments in
            try readMeta(arguments)
            return answer(orderCapability, ["order": AgentJSON.ucpOrder(try await shop.order(try arguments.requiredString("id", maxLength: 255)))])
        })
}
