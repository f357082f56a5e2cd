import Foundation
import MCP
import Storefront

/// Shopify's Storefront MCP tools (`https://{shop}/api/mcp`): search the catalog, answer from the
/// policies, read a product, read and change a cart. Checkout happens at the cart's `checkout_url`
/// (or through the UCP tools).
enum StorefrontMCPTools {
    static let all: [AgentTool] = [searchShopCatalog, searchShopPoliciesAndFAQs, getProductDetails, getCart, updateCart]

    static let searchShopCatalog = AgentTool(
        tool: Tool(name: "search_shop_catalog",
                   description: "Search the store's product catalog. The query takes words or the Shopify search syntax (title:, tag:, price:<10, OR, -word). Answers products with their variants, prices and availability.",
                   inputSchema: Schema.object([
                       "query": Schema.string("What the buyer is looking for", maxLength: 2_000),
                       "context": Schema.string("What the conversation says about the buyer's need (not used for matching)"),
                       "limit": Schema.integer("Most products to answer", 1...50),
                       "after": Schema.string("The end_cursor of the previous page", maxLength: 255),
                       "country": Schema.country,
                   ], required: ["query"]),
                   annotations: .init(readOnlyHint: true)),
        run: { shop, arguments in
            let query = try arguments.requiredString("query", maxLength: 2_000)
            _ = try arguments.string("context")
            let page = try await shop.search(query: query, country: try arguments.string("country", maxLength: 2),
                                             limit: try arguments.integer("limit", in: 1...50) ?? 10,
                                             after: try arguments.string("after", maxLength: 255))
            return ["products": .array(page.nodes.map { AgentJSON.product($0) }),
                    "pagination": ["has_next_page": .bool(page.pageInfo.hasNextPage), "end_cursor": AgentJSON.optional(page.pageInfo.endCursor)]]
        })

    static let searchShopPoliciesAndFAQs = AgentTool(
        tool: Tool(name: "search_shop_policies_and_faqs",
                   description: "Answer questions about the store's policies: refunds and returns, shipping, privacy, terms of service.",
                   inputSchema: Schema.object([
                       "query": Schema.string("The buyer's question", maxLength: 2_000),
                       "context": Schema.string("What the conversation says about the question"),
                   ], required: ["query"]),
                   annotations: .init(readOnlyHint: true)),
        run: { shop, arguments in
            let query = try arguments.requiredString("query", maxLength: 2_000)
            _ = try arguments.string("context")
            let (store, policies) = try await shop.policies(matching: query)
            return ["shop": ["name": .string(store.name), "contact_email": AgentJSON.optional(store.contactEmail)],
                    "policies": .array(policies.map { ["title": .string($0.title), "handle": .string($0.handle), "url": .string($0.url),
                                                       "answer": .string($0.text)] })]
        })

    static let getProductDetails = AgentTool(
        tool: Tool(name: "get_product_details",
                   description: "Look up a product by its id (or handle). Pass options to select a variant; without them the first available variant is selected.",
                   inputSchema: Schema.object([
                       "product_id": Schema.string("The product's id (gid://shopify/Product/…) or handle", maxLength: 255),
                       "options": Schema.stringMap("Option name to value, e.g. {\"Size\": \"1 kg\"}"),
                       "country": Schema.country,
                   ], required: ["product_id"]),
                   annotations: .init(readOnlyHint: true)),
        run: { shop, arguments in
            let product = try await shop.product(try arguments.requiredString("product_id", maxLength: 255),
                                                 country: try arguments.string("country", maxLength: 2))
            let selected = try AgentShop.variant(of: product, options: try arguments.stringMap("options"))
            return ["product": AgentJSON.product(product, selected: selected)]
        })

    static let getCart = AgentTool(
        tool: Tool(name: "get_cart",
                   description: "Get a cart: its lines, costs, discount codes, buyer and checkout URL. Without cart_id, the signed-in customer's current cart.",
                   inputSchema: Schema.object(["cart_id": Schema.string("The cart's id", maxLength: 255)]),
                   annotations: .init(readOnlyHint: true)),
        run: { shop, arguments in
            let named = try arguments.string("cart_id", maxLength: 255)
            let current = named == nil ? await shop.currentCartId() : nil
            guard let id = named ?? current else {
                throw ToolFailure.invalid("cart_id is required: a guest has no current cart.")
            }
            return ["cart": AgentJSON.cart(try await shop.cart(id)), "errors": []]
        })

    static let updateCart = AgentTool(
        tool: Tool(name: "update_cart",
                   description: "Change a cart, or create one when cart_id is absent: add lines, set line quantities (0 removes), remove lines, set the buyer, discount codes and note. The shop prices every line.",
                   inputSchema: Schema.object([
                       "cart_id": Schema.string("The cart to change; absent creates a new cart", maxLength: 255),
                       "add_items": Schema.array(Schema.object([
                           "product_variant_id": Schema.string("The variant's id (gid://shopify/ProductVariant/…)", maxLength: 255),
                           "quantity": Schema.quantity,
                       ], required: ["product_variant_id", "quantity"]), description: "Lines to add"),
                       "update_items": Schema.array(Schema.object([
                           "id": Schema.string("The cart line's id", maxLength: 255),
                           "quantity": Schema.integer("New quantity; 0 removes the line", 0...10_000),
                       ], required: ["id", "quantity"]), description: "Lines whose quantity changes"),
                       "remove_line_ids": Schema.array(Schema.string("A cart line's id", maxLength: 255), description: "Lines to remove"),
                       "buyer_identity": Schema.object([
                           "email": Schema.string("The buyer's email", maxLength: 255),
                           "phone": Schema.string("The buyer's phone (E.164)", maxLength: 255),
                           "country_code": Schema.country,
                       ]),
                       "discount_codes": Schema.array(Schema.string("A discount code", maxLength: 255), description: "The cart's discount codes (replaces them)"),
                       "note": Schema.string("A note for the shop"),
                   ])),
        run: { shop, arguments in
            let adds = try (arguments.objects("add_items") ?? []).map { item in
                CartLineInput(merchandiseId: try item.requiredString("product_variant_id", maxLength: 255),
                              quantity: try item.requiredInteger("quantity", in: 1...10_000))
            }
            let updates = try (arguments.objects("update_items") ?? []).map { item in
                (id: try item.requiredString("id", maxLength: 255), quantity: try item.requiredInteger("quantity", in: 0...10_000))
            }
            let removals = try arguments.strings("remove_line_ids") ?? []
            let buyer = try arguments.object("buyer_identity").map { identity in
                BuyerIdentity(email: try identity.string("email", maxLength: 255), phone: try identity.string("phone", maxLength: 255),
                              countryCode: try identity.string("country_code", maxLength: 2)?.uppercased())
            }
            let codes = try arguments.strings("discount_codes")
            let note = try arguments.string("note")
            guard let id = try arguments.string("cart_id", maxLength: 255) else {
                let created = try await shop.createCart(lines: adds, buyer: buyer, note: note, discountCodes: codes ?? [])
                return ["cart": created.cart.map(AgentJSON.cart) ?? .null, "errors": []]
            }
            var latest = try await shop.cart(id)
            if !adds.isEmpty { latest = try await shop.mutate(id) { try await $0.cartLinesAdd(cartId: id, lines: adds) }.cart ?? latest }
            let zeroed = updates.filter { $0.quantity == 0 }.map(\.id)
            let changed = updates.filter { $0.quantity > 0 }.map { CartLineUpdateInput(id: $0.id, quantity: $0.quantity) }
            if !changed.isEmpty { latest = try await shop.mutate(id) { try await $0.cartLinesUpdate(cartId: id, lines: changed) }.cart ?? latest }
            if !(removals + zeroed).isEmpty {
                latest = try await shop.mutate(id) { try await $0.cartLinesRemove(cartId: id, lineIds: removals + zeroed) }.cart ?? latest
            }
            if let buyer {
                let identity = latest.buyerIdentity.merged(with: buyer, token: shop.caller.accessToken)
                latest = try await shop.mutate(id) { try await $0.cartBuyerIdentityUpdate(cartId: id, buyerIdentity: identity) }.cart ?? latest
            }
            if let codes { latest = try await shop.mutate(id) { try await $0.cartDiscountCodesUpdate(cartId: id, discountCodes: codes) }.cart ?? latest }
            if let note { latest = try await shop.mutate(id) { try await $0.cartNoteUpdate(cartId: id, note: note) }.cart ?? latest }
            return ["cart": AgentJSON.cart(latest), "errors": []]
        })
}
