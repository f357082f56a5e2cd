import Foundation
@testable import Storefront
@testable import StorefrontServer
import Testing

/// Operations shaped like a starter storefront's (header and footer, product page, collection
/// page, search, cart page), sent to `serve` as written: every field they select is answered, and
/// every answer has the shape the operation and the schema `serve` introspects as say.
struct StarterStorefrontTests {
    /// The operation over HTTP; its answer must have no errors and the operation's shape.
    func run(_ server: LoopbackServer, _ query: String, _ variables: [String: Any] = [:]) async throws -> [String: Any] {
        let json = try await post(server, query, variables)
        #expect(json["errors"] == nil, "\(json["errors"] ?? "")")
        let data = try #require(json["data"] as? [String: Any])
        let schema = try await IntrospectionCache.shared.schema {
            try JSONSerialization.data(withJSONObject: try await post(server, IntrospectedSchema.query))
        }
        let problems = try ResponseShape(schema: schema).problems(data, document: query, variables: variables)
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
        return data
    }

    func post(_ server: LoopbackServer, _ query: String, _ variables: [String: Any] = [:]) async throws -> [String: Any] {
        let body = try JSONSerialization.data(withJSONObject: ["query": query, "variables": variables])
        let response = try await HTTPClientTransport().send(TransportRequest(url: server.url, headers: [
            ("Content-Type", "application/json"), (GraphQLEndpoint.tokenHeader, LoopbackServer.token)], body: body))
        #expect(response.status == 200)
        return try #require(try JSONSerialization.jsonObject(with: response.body) as? [String: Any])
    }

    static let header = """
        query Header($country: CountryCode, $language: LanguageCode) @inContext(country: $country, language: $language) {
          shop {
            id name description moneyFormat
            primaryDomain { url }
            brand { slogan shortDescription logo { image { url } } }
            refundPolicy { id handle title url }
            privacyPolicy { id handle title url }
            shippingPolicy { id handle title url }
            termsOfService { id handle title url body }
            metafield(namespace: "custom", key: "banner") { value }
          }
          header: menu(handle: "main-menu") { ...Menu }
          footer: menu(handle: "footer") { ...Menu }
          missing: menu(handle: "no-such-menu") { id }
        }
        fragment MenuItem on MenuItem { id resourceId tags title type url }
        fragment Menu on Menu { id handle title itemsCount items { ...MenuItem items { ...MenuItem } } }
        """

    @Test func headerAndFooter() async throws {
        try await withServer { server async throws in
            let data = try await run(server, Self.header, ["country": "NL", "language": "EN"])
            let shop = try #require(data["shop"] as? [String: Any])
            #expect(shop["moneyFormat"] as? String == "€{{amount_with_comma_separator}}")
            #expect(shop["brand"] is NSNull && shop["metafield"] is NSNull)
            let terms = try #require(shop["termsOfService"] as? [String: Any])
            #expect(terms["handle"] as? String == "terms-of-service" && (terms["body"] as? String)?.hasPrefix("<p>") == true)
            let header = try #require(data["header"] as? [String: Any])
            let items = try #require(header["items"] as? [[String: Any]])
            let collections = try await server.embedded.collections(.first(50), sortKey: .title, productPreview: 0).nodes
            #expect(items.map { $0["title"] as? String ?? "" } == ["Home"] + collections.map(\.title) + ["Catalog"])
            #expect(header["itemsCount"] as? Int == items.count)
            #expect(items[1]["type"] as? String == "COLLECTION" && items[1]["resourceId"] as? String == collections[0].id)
            #expect(items[1]["url"] as? String == "https://kestrel-and-co.example/collections/\(collections[0].handle)")
            let footer = try #require((data["footer"] as? [String: Any])?["items"] as? [[String: Any]])
            #expect(footer.filter { $0["type"] as? String == "SHOP_POLICY" }.map { $0["title"] as? String ?? "" }
                == ["Refund policy", "Shipping policy", "Privacy policy", "Terms of service"])
            #expect(data["missing"] is NSNull)
        }
    }

    static let productPage = """
        query Product($handle: String!, $selectedOptions: [SelectedOptionInput!]!) {
          product(handle: $handle) {
            id title vendor handle descriptionHtml description isGiftCard requiresSellingPlan trackingParameters onlineStoreUrl
            totalInventory
            seo { title description }
            options { name optionValues { name firstSelectableVariant { ...Variant } swatch { color } } }
            selectedOrFirstAvailableVariant(selectedOptions: $selectedOptions, ignoreUnknownOptions: true, caseInsensitiveMatch: true) {
              ...Variant
            }
            adjacentVariants(selectedOptions: $selectedOptions) { ...Variant }
            variantBySelectedOptions(selectedOptions: $selectedOptions, caseInsensitiveMatch: true) { id }
            metafields(identifiers: [{namespace: "custom", key: "origin"}, {namespace: "descriptors", key: "subtitle"}]) { key value }
          }
          legacy: productByHandle(handle: $handle) { id }
        }
        fragment Variant on ProductVariant {
          availableForSale currentlyNotInStock id sku title requiresShipping weight weightUnit barcode
          compareAtPrice { amount currencyCode }
          image { __typename id url altText width height }
          price { amount currencyCode }
          product { title handle }
          selectedOptions { name value }
          unitPrice { amount currencyCode }
          unitPriceMeasurement { quantityValue }
          metafield(key: "x") { value }
        }
        """

    @Test func productPage() async throws {
        try await withServer { server async throws in
            let data = try await run(server, Self.productPage, [
                "handle": "house-espresso-blend",
                "selectedOptions": [["name": "size", "value": "1 KG"], ["name": "Grind", "value": "Espresso"], ["name": "Colour", "value": "x"]]])
            let product = try #require(data["product"] as? [String: Any])
            #expect(product["onlineStoreUrl"] as? String == "https://kestrel-and-co.example/products/house-espresso-blend")
            #expect(product["isGiftCard"] as? Bool == false && product["trackingParameters"] is NSNull)
            #expect((product["totalInventory"] as? Int ?? 0) > 0)
            #expect((product["seo"] as? [String: Any])?["title"] is NSNull)
            let selected = try #require(product["selectedOrFirstAvailableVariant"] as? [String: Any])
            let options = try #require(selected["selectedOptions"] as? [[String: String]])
            #expect(options.map { $0["value"] ?? "" } == ["1 kg", "Espresso"], "case-insensitive, the unknown option ignored")
            #expect(selected["weightUnit"] as? String == "KILOGRAMS" && selected["requiresShipping"] as? Bool == true)
            #expect(selected["unitPrice"] is NSNull && selected["weight"] is NSNull)
            let adjacent = try #require(product["adjacentVariants"] as? [[String: Any]])
            #expect(adjacent.count == 4, "the other size, and the three other grinds of this size")
            #expect(product["variantBySelectedOptions"] is NSNull, "an unknown option matches nothing unless ignored")
            #expect((product["metafields"] as? [Any])?.count == 2, "one entry per identifier")
            let sizes = try #require((product["options"] as? [[String: Any]])?.first?["optionValues"] as? [[String: Any]])
            #expect(sizes.allSatisfy { $0["firstSelectableVariant"] is [String: Any] && $0["swatch"] is NSNull })
            #expect(((data["legacy"] as? [String: Any])?["id"] as? String) == product["id"] as? String)
        }
    }

    static let collectionPage = """
        query Collection($handle: String!, $first: Int) {
          collection(handle: $handle) {
            id handle title onlineStoreUrl trackingParameters
            seo { description title }
            ... @defer(label: "details") { description }
            image { id url width height altText }
            metafield(namespace: "custom", key: "hero") { value }
            products(first: $first) {
              nodes { id handle title featuredImage { url } priceRange { minVariantPrice { amount currencyCode } } }
              pageInfo { hasPreviousPage hasNextPage endCursor startCursor }
            }
          }
          legacy: collectionByHandle(handle: $handle) { handle }
        }
        """

    @Test func collectionPage() async throws {
        try await withServer { server async throws in
            let data = try await run(server, Self.collectionPage, ["handle": "coffee", "first": 4])
            let collection = try #require(data["collection"] as? [String: Any])
            #expect(collection["onlineStoreUrl"] as? String == "https://kestrel-and-co.example/collections/coffee")
            #expect((collection["description"] as? String)?.isEmpty == false, "the deferred part comes with the rest")
            #expect(((collection["products"] as? [String: Any])?["nodes"] as? [Any])?.count == 4)
            #expect((data["legacy"] as? [String: Any])?["handle"] as? String == "coffee")
        }
    }

    @Test func nodeFindsEveryKindByItsId() async throws {
        try await withServer { server async throws in
            let product = try #require(try await server.embedded.product(handle: "house-espresso-blend"))
            let collection = try #require(try await server.embedded.collection(handle: "coffee"))
            let shop = try await server.embedded.shop()
            let cart = try #require(try await server.embedded.cartCreate(CartInput(lines: [CartLineInput(merchandiseId: product.variants[5].id)])).cart)
            let query = """
                query Node($id: ID!) {
                  node(id: $id) {
                    __typename id
                    ... on Product { handle }
                    ... on ProductVariant { title product { handle } }
                    ... on Collection { handle }
                    ... on Cart { totalQuantity }
                    ... on ShopPolicy { title }
                    ... on Shop { name }
                  }
                }
                """
            let cases: [(String, String, String, Any)] = [
                (product.id, "Product", "handle", "house-espresso-blend"),
                (product.variants[5].id, "ProductVariant", "title", product.variants[5].title),
                (collection.id, "Collection", "handle", "coffee"),
                (cart.id, "Cart", "totalQuantity", 1),
                (try #require(shop.policy(.privacy)).id, "ShopPolicy", "title", "Privacy policy"),
                ("gid://shopify/Shop/kestrel-and-co.example", "Shop", "name", "Kestrel & Co."),
            ]
            for (id, typename, field, value) in cases {
                let node = try #require(try await run(server, query, ["id": id])["node"] as? [String: Any], "\(id)")
                #expect(node["__typename"] as? String == typename && node["id"] as? String == id)
                #expect("\(node[field] ?? "")" == "\(value)", "\(id)")
            }
            for id in ["gid://shopify/Product/1", "gid://shopify/ProductVariant/9", "gid://shopify/Article/1"] {
                #expect(try await run(server, query, ["id": id])["node"] is NSNull, "\(id)")
            }
        }
    }

    static let search = """
        query PredictiveSearch($term: String!, $limit: Int!, $limitScope: PredictiveSearchLimitScope!) {
          predictiveSearch(query: $term, limit: $limit, limitScope: $limitScope, types: [PRODUCT, COLLECTION, QUERY]) {
            products { id title handle selectedOrFirstAvailableVariant { price { amount currencyCode } } }
            collections { id title handle onlineStoreUrl }
            queries { text styledText trackingParameters }
          }
          search(query: $term, first: 4, types: [PRODUCT, PAGE, ARTICLE]) {
            nodes { ... on Product { handle } }
            pageInfo { hasNextPage endCursor }
          }
        }
        """

    @Test func searchAndPredictiveSearch() async throws {
        try await withServer { server async throws in
            let each = try await run(server, Self.search, ["term": "co", "limit": 3, "limitScope": "EACH"])
            let result = try #require(each["predictiveSearch"] as? [String: Any])
            let products = try #require(result["products"] as? [[String: Any]])
            let collections = try #require(result["collections"] as? [[String: Any]])
            let queries = try #require(result["queries"] as? [[String: Any]])
            #expect(products.count == 3 && !queries.isEmpty && queries.count <= 3)
            #expect(collections.contains { $0["handle"] as? String == "coffee" })
            for query in queries {
                let text = try #require(query["text"] as? String)
                #expect(text.hasPrefix("co") && text.count > 2)
                #expect(query["styledText"] as? String == "co<mark>\(text.dropFirst(2))</mark>")
            }
            let all = try await run(server, Self.search, ["term": "co", "limit": 3, "limitScope": "ALL"])
            let shared = try #require(all["predictiveSearch"] as? [String: Any])
            let total = ["products", "collections", "queries"].map { (shared[$0] as? [Any])?.count ?? 0 }.reduce(0, +)
            #expect(total == 3, "ALL shares the limit")
            #expect(((all["search"] as? [String: Any])?["nodes"] as? [Any])?.isEmpty == false)
        }
    }

    static let cartFragment = """
        fragment CartApiQuery on Cart {
          id checkoutUrl totalQuantity note updatedAt
          buyerIdentity {
            countryCode email phone customer { id email firstName lastName displayName }
            preferences { delivery { coordinates { countryCode latitude longitude } deliveryMethod pickupHandle } wallet }
          }
          giftWrap: metafield(namespace: "custom", key: "gift_wrap") { id namespace key type value }
          metafields(identifiers: [{namespace: "custom", key: "gift_wrap"}, {key: "loyalty_points"}]) { key type value }
          lines(first: 100) {
            nodes {
              id quantity
              attributes { key value }
              discountAllocations { discountedAmount { amount } }
              cost { totalAmount { amount currencyCode } amountPerQuantity { amount currencyCode } compareAtAmountPerQuantity { amount } }
              merchandise {
                ... on ProductVariant {
                  id availableForSale requiresShipping title
                  compareAtPrice { amount currencyCode } price { amount currencyCode }
                  image { id url altText width height }
                  product { handle title id vendor }
                  selectedOptions { name value }
                }
              }
            }
          }
          cost { subtotalAmount { amount currencyCode } totalAmount { amount currencyCode } checkoutChargeAmount { amount } }
          attributes { key value }
          discountCodes { code applicable }
          discountAllocations {
            discountedAmount { amount currencyCode } targetType
            ... on CartCodeDiscountAllocation { code }
            discountApplication { allocationMethod targetSelection targetType value { ... on MoneyV2 { amount } ... on PricingPercentageValue { percentage } } }
          }
          appliedGiftCards { id lastCharacters amountUsed { amount currencyCode } balance { amount currencyCode } presentmentAmountUsed { amount } }
          delivery {
            addresses {
              id selected oneTimeUse
              address {
                ... on CartDeliveryAddress {
                  address1 address2 city company countryCode firstName lastName name phone provinceCode zip
                  formatted(withName: true) formattedArea latitude longitude
                }
              }
            }
          }
          deliveryGroups(first: 10, withCarrierRates: true) {
            nodes {
              id groupType
              cartLines(first: 10) { nodes { id quantity } }
              deliveryAddress { id address1 city country countryCodeV2 zip formatted formattedArea company name province provinceCode }
              deliveryOptions { handle code title description deliveryMethodType estimatedCost { amount currencyCode } }
              selectedDeliveryOption { handle title estimatedCost { amount } }
            }
          }
        }
        """
    static let payload = "cart { ...CartApiQuery } userErrors { code field message } warnings { code message target }"

    /// The cart page and every cart mutation `serve` has, written as a starter storefront writes them.
    @Test func cartPageAndEveryCartMutation() async throws {
        try await withServer { server async throws in
            let product = try #require(try await server.embedded.product(handle: "house-espresso-blend"))
            func mutate(_ name: String, _ arguments: String, _ variables: [String: Any]) async throws -> [String: Any] {
                let variables = variables.merging(["country": "NL"]) { $1 }
                let declarations = variables.keys.sorted().map { key in
                    "$\(key): " + ["cartId": "ID!", "lines": name == "cartLinesAdd" || name == "cartCreate" ? "[CartLineInput!]!" : "[CartLineUpdateInput!]!",
                                    "lineIds": "[ID!]!", "buyerIdentity": "CartBuyerIdentityInput!", "discountCodes": "[String!]!",
                                    "note": "String!", "input": "CartInput", "country": "CountryCode", "attributes": "[AttributeInput!]!",
                                    "addresses": name == "cartDeliveryAddressesUpdate" ? "[CartSelectableAddressUpdateInput!]!" : "[CartSelectableAddressInput!]!",
                                    "addressIds": "[ID!]!", "selectedDeliveryOptions": "[CartSelectedDeliveryOptionInput!]!",
                                    "giftCardCodes": "[String!]!", "appliedGiftCardIds": "[ID!]!"][key, default: "String"]
                }.joined(separator: ", ")
                let document = "mutation M(\(declarations)) @inContext(country: $country) { \(name)(\(arguments)) { \(Self.payload) } }\n"
                    + Self.cartFragment
                let data = try await run(server, document, variables)
                let payload = try #require(data[name] as? [String: Any], "\(name)")
                #expect((payload["userErrors"] as? [Any])?.isEmpty == true, "\(name): \(payload["userErrors"] ?? "")")
                return try #require(payload["cart"] as? [String: Any], "\(name)")
            }
            func lines(_ cart: [String: Any]) -> [[String: Any]] { ((cart["lines"] as? [String: Any])?["nodes"] as? [[String: Any]]) ?? [] }

            var cart = try await mutate("cartCreate", "input: $input", ["input": [
                "lines": [["merchandiseId": product.variants[0].id, "quantity": 1, "attributes": [["key": "gift", "value": "yes"]]]],
                "buyerIdentity": ["countryCode": "NL"]]])
            let cartId = try #require(cart["id"] as? String)
            cart = try await mutate("cartLinesAdd", "cartId: $cartId, lines: $lines",
                                    ["cartId": cartId, "lines": [["merchandiseId": product.variants[4].id, "quantity": 2]]])
            #expect(cart["totalQuantity"] as? Int == 3 && lines(cart).count == 2)
            let first = try #require(lines(cart).first?["id"] as? String)
            cart = try await mutate("cartLinesUpdate", "cartId: $cartId, lines: $lines", ["cartId": cartId, "lines": [["id": first, "quantity": 3]]])
            #expect(cart["totalQuantity"] as? Int == 5)
            cart = try await mutate("cartLinesRemove", "cartId: $cartId, lineIds: $lineIds", ["cartId": cartId, "lineIds": [first]])
            #expect(lines(cart).count == 1)
            cart = try await mutate("cartBuyerIdentityUpdate", "cartId: $cartId, buyerIdentity: $buyerIdentity",
                                    ["cartId": cartId, "buyerIdentity": ["email": "ada@example.com", "countryCode": "NL"]])
            #expect((cart["buyerIdentity"] as? [String: Any])?["email"] as? String == "ada@example.com")
            cart = try await mutate("cartDiscountCodesUpdate", "cartId: $cartId, discountCodes: $discountCodes",
                                    ["cartId": cartId, "discountCodes": ["WELCOME10"]])
            #expect((cart["discountCodes"] as? [[String: Any]])?.first?["applicable"] as? Bool == true)
            let allocation = try #require((cart["discountAllocations"] as? [[String: Any]])?.first)
            #expect(allocation["code"] as? String == "WELCOME10" && allocation["targetType"] as? String == "LINE_ITEM")
            let application = try #require(allocation["discountApplication"] as? [String: Any])
            #expect((application["value"] as? [String: Any])?["percentage"] as? Double == 10 && application["allocationMethod"] as? String == "ACROSS")
            let costs = try #require(cart["cost"] as? [String: Any])
            let off = try #require(((allocation["discountedAmount"] as? [String: Any])?["amount"] as? String).flatMap { Decimal(string: $0) })
            let before = try #require(((costs["subtotalAmount"] as? [String: Any])?["amount"] as? String).flatMap { Decimal(string: $0) })
            #expect(((costs["totalAmount"] as? [String: Any])?["amount"] as? String).flatMap { Decimal(string: $0) } == before - off)
            #expect(lines(cart).allSatisfy { ($0["discountAllocations"] as? [Any])?.isEmpty == true })
            cart = try await mutate("cartNoteUpdate", "cartId: $cartId, note: $note", ["cartId": cartId, "note": "Ring twice"])
            #expect(cart["note"] as? String == "Ring twice")
            cart = try await mutate("cartAttributesUpdate", "attributes: $attributes, cartId: $cartId",
                                    ["cartId": cartId, "attributes": [["key": "gift-message", "value": "Enjoy"]]])
            #expect(cart["attributes"] as? [[String: String]] == [["key": "gift-message", "value": "Enjoy"]])

            // Metafields: set on the cart its ownerId names, read by namespace and key, deleted by "namespace.key".
            let setMetafields = """
                mutation Set($metafields: [CartMetafieldsSetInput!]!) {
                  cartMetafieldsSet(metafields: $metafields) { metafields { id namespace key type value } userErrors { code elementIndex field message } }
                }
                """
            let deleteMetafield = """
                mutation Delete($input: CartMetafieldDeleteInput!) { cartMetafieldDelete(input: $input) { deletedId userErrors { code field } } }
                """
            var set = try #require(try await run(server, setMetafields, ["metafields": [
                ["ownerId": cartId, "key": "custom.gift_wrap", "type": "single_line_text_field", "value": "Kraft paper"],
                ["ownerId": cartId, "key": "loyalty_points", "type": "number_integer", "value": "120"]]])["cartMetafieldsSet"] as? [String: Any])
            #expect((set["userErrors"] as? [Any])?.isEmpty == true, "\(set["userErrors"] ?? "")")
            let madeFields = try #require(set["metafields"] as? [[String: Any]])
            #expect(madeFields.map { "\($0["namespace"] ?? "").\($0["key"] ?? "")=\($0["value"] ?? "")" }
                    == ["custom.gift_wrap=Kraft paper", "$app.loyalty_points=120"])
            cart = try await mutate("cartNoteUpdate", "cartId: $cartId, note: $note", ["cartId": cartId, "note": "Ring twice"])
            #expect((cart["giftWrap"] as? [String: Any])?["value"] as? String == "Kraft paper")
            #expect((cart["giftWrap"] as? [String: Any])?["id"] as? String == madeFields.first?["id"] as? String)
            #expect((cart["metafields"] as? [[String: Any]])?.map { $0["value"] as? String } == ["Kraft paper", "120"])
            set = try #require(try await run(server, setMetafields, ["metafields": [
                ["ownerId": cartId, "key": "custom.gift_wrap", "type": "single_line_text_field", "value": "Linen"],
                ["ownerId": "gid://shopify/Cart/nope?key=nope", "key": "custom.other", "type": "boolean", "value": "true"],
                ["ownerId": cartId, "key": "custom.count", "type": "number_integer", "value": "many"]]])["cartMetafieldsSet"] as? [String: Any])
            #expect(set["metafields"] is NSNull)
            let refused = try #require(set["userErrors"] as? [[String: Any]])
            #expect(refused.map { $0["code"] as? String } == ["INVALID_OWNER", "INVALID_VALUE"])
            #expect(refused.map { $0["elementIndex"] as? Int } == [1, 2] && refused.last?["field"] as? [String] == ["metafields", "2", "value"])
            #expect(try await server.embedded.cart(id: cartId)?.metafield(namespace: "custom", key: "gift_wrap")?.value == "Kraft paper",
                    "a refused request sets nothing")
            let deleted = try await run(server, deleteMetafield, ["input": ["ownerId": cartId, "key": "loyalty_points"]])
            #expect((deleted["cartMetafieldDelete"] as? [String: Any])?["deletedId"] as? String == madeFields.last?["id"] as? String)
            let again = try await run(server, deleteMetafield, ["input": ["ownerId": cartId, "key": "loyalty_points"]])
            #expect(((again["cartMetafieldDelete"] as? [String: Any])?["userErrors"] as? [[String: Any]])?.first?["code"] as? String
                    == "METAFIELD_DOES_NOT_EXIST")

            // Buyer preferences are kept as given, for checkout to start from.
            cart = try await mutate("cartBuyerIdentityUpdate", "cartId: $cartId, buyerIdentity: $buyerIdentity", ["cartId": cartId, "buyerIdentity": [
                "email": "ada@example.com", "countryCode": "NL", "preferences": [
                    "delivery": ["deliveryMethod": ["PICK_UP", "SHIPPING"], "pickupHandle": ["amsterdam-roastery"],
                                 "coordinates": ["countryCode": "NL", "latitude": 52.37, "longitude": 4.89]],
                    "wallet": ["shop_pay"]]]])
            // The deleted metafield is answered as null in its place, as the API does.
            let kept = try #require(cart["metafields"] as? [Any])
            #expect(kept.count == 2 && (kept[0] as? [String: Any])?["value"] as? String == "Kraft paper" && kept[1] is NSNull)
            let preferences = try #require((cart["buyerIdentity"] as? [String: Any])?["preferences"] as? [String: Any])
            let delivery = try #require(preferences["delivery"] as? [String: Any])
            #expect(delivery["deliveryMethod"] as? [String] == ["PICK_UP", "SHIPPING"] && delivery["pickupHandle"] as? [String] == ["amsterdam-roastery"])
            #expect((delivery["coordinates"] as? [String: Any])?["latitude"] as? Double == 52.37 && preferences["wallet"] as? [String] == ["shop_pay"])
            #expect(try await server.embedded.cart(id: cartId)?.buyerIdentity.preferences?.delivery?.pickupHandle == ["amsterdam-roastery"])

            // Gift cards pay what is left after discounts, up to their balance.
            func amount(_ money: Any?) -> Decimal? { ((money as? [String: Any])?["amount"] as? String).flatMap { Decimal(string: $0) } }
            cart = try await mutate("cartGiftCardCodesAdd", "cartId: $cartId, giftCardCodes: $giftCardCodes",
                                    ["cartId": cartId, "giftCardCodes": ["kestrel-gift-2500"]])
            var cards = try #require(cart["appliedGiftCards"] as? [[String: Any]])
            let cost = try #require(cart["cost"] as? [String: Any])
            let due = try #require(amount(cost["totalAmount"])), used = try #require(amount(cards.first?["amountUsed"]))
            #expect(cards.count == 1 && cards.first?["lastCharacters"] as? String == "2500" && used == min(due, 25))
            #expect(amount(cost["checkoutChargeAmount"]) == amount(cost["subtotalAmount"]) && amount(cards.first?["balance"]) == 25 - used)
            cart = try await mutate("cartGiftCardCodesUpdate", "cartId: $cartId, giftCardCodes: $giftCardCodes",
                                    ["cartId": cartId, "giftCardCodes": ["KESTREL-GIFT-10K0"]])
            cards = try #require(cart["appliedGiftCards"] as? [[String: Any]])
            #expect(cards.map { $0["lastCharacters"] as? String } == ["10K0"])
            cart = try await mutate("cartGiftCardCodesRemove", "appliedGiftCardIds: $appliedGiftCardIds, cartId: $cartId",
                                    ["cartId": cartId, "appliedGiftCardIds": [try #require(cards.first?["id"] as? String)]])
            #expect((cart["appliedGiftCards"] as? [Any])?.isEmpty == true)
            #expect(amount((cart["cost"] as? [String: Any])?["totalAmount"]) == due)

            // The delivery step: the buyer's addresses, one selected, then an option for its group.
            let home: [String: Any] = ["firstName": "Ada", "lastName": "Lovelace", "address1": "Keizersgracht 1", "city": "Amsterdam",
                                       "zip": "1015 CJ", "countryCode": "NL", "company": "Analytical"]
            cart = try await mutate("cartDeliveryAddressesAdd", "addresses: $addresses, cartId: $cartId", ["cartId": cartId, "addresses": [
                ["address": ["deliveryAddress": home], "selected": true, "validationStrategy": "STRICT"],
                ["address": ["deliveryAddress": ["lastName": "Babbage", "countryCode": "GB", "city": "London"]], "oneTimeUse": true]]])
            var addresses = try #require((cart["delivery"] as? [String: Any])?["addresses"] as? [[String: Any]])
            #expect(addresses.map { $0["selected"] as? Bool } == [true, false] && addresses.map { $0["oneTimeUse"] as? Bool } == [false, true])
            let address = try #require(addresses.first?["address"] as? [String: Any])
            #expect(address["name"] as? String == "Ada Lovelace" && address["zip"] as? String == "1015 CJ")
            #expect(address["formatted"] as? [String] == ["Analytical", "Ada Lovelace", "Keizersgracht 1", "Amsterdam 1015 CJ", "Netherlands"])
            #expect(address["formattedArea"] as? String == "Amsterdam, Netherlands" && address["latitude"] is NSNull)
            func groups(_ cart: [String: Any]) -> [[String: Any]] { ((cart["deliveryGroups"] as? [String: Any])?["nodes"] as? [[String: Any]]) ?? [] }
            let group = try #require(groups(cart).first)
            #expect(groups(cart).count == 1 && group["groupType"] as? String == "ONE_TIME_PURCHASE")
            #expect(((group["cartLines"] as? [String: Any])?["nodes"] as? [Any])?.count == lines(cart).count)
            let shipTo = try #require(group["deliveryAddress"] as? [String: Any])
            #expect(shipTo["country"] as? String == "Netherlands" && shipTo["countryCodeV2"] as? String == "NL")
            #expect((shipTo["id"] as? String)?.hasPrefix("gid://shopify/MailingAddress/") == true)
            let options = try #require(group["deliveryOptions"] as? [[String: Any]])
            #expect(options.map { $0["handle"] as? String } == ["standard", "express", "pickup"])
            #expect(options.map { $0["deliveryMethodType"] as? String } == ["SHIPPING", "SHIPPING", "PICK_UP"])
            #expect((options[1]["estimatedCost"] as? [String: Any])?["amount"] as? String == "14.9")
            #expect((group["selectedDeliveryOption"] as? [String: Any])?["handle"] as? String == "standard", "the default option")
            let groupId = try #require(group["id"] as? String)
            cart = try await mutate("cartSelectedDeliveryOptionsUpdate", "cartId: $cartId, selectedDeliveryOptions: $selectedDeliveryOptions",
                                    ["cartId": cartId, "selectedDeliveryOptions": [["deliveryGroupId": groupId, "deliveryOptionHandle": "express"]]])
            #expect((groups(cart).first?["selectedDeliveryOption"] as? [String: Any])?["title"] as? String == "Express")
            // The option's cost is its own: the cart's cost leaves shipping to checkout.
            #expect(amount((cart["cost"] as? [String: Any])?["totalAmount"]) == due)
            let london = try #require(addresses.last?["id"] as? String)
            cart = try await mutate("cartDeliveryAddressesUpdate", "addresses: $addresses, cartId: $cartId",
                                    ["cartId": cartId, "addresses": [["id": london, "selected": true]]])
            addresses = try #require((cart["delivery"] as? [String: Any])?["addresses"] as? [[String: Any]])
            #expect(addresses.map { $0["selected"] as? Bool } == [false, true])
            cart = try await mutate("cartDeliveryAddressesRemove", "addressIds: $addressIds, cartId: $cartId", ["cartId": cartId, "addressIds": [london]])
            #expect(((cart["delivery"] as? [String: Any])?["addresses"] as? [Any])?.count == 1 && groups(cart).isEmpty)
            cart = try await mutate("cartDeliveryAddressesReplace", "addresses: $addresses, cartId: $cartId",
                                    ["cartId": cartId, "addresses": [["address": ["deliveryAddress": home], "selected": true]]])
            #expect(groups(cart).count == 1)

            let page = try await run(server, "query CartQuery($cartId: ID!) { cart(id: $cartId) { ...CartApiQuery } }\n" + Self.cartFragment,
                                     ["cartId": cartId])
            let read = try #require(page["cart"] as? [String: Any])
            #expect(read["totalQuantity"] as? Int == 2 && read["note"] as? String == "Ring twice")
            let merchandise = try #require(lines(read).first?["merchandise"] as? [String: Any])
            #expect(merchandise["requiresShipping"] as? Bool == true && (merchandise["product"] as? [String: Any])?["handle"] as? String == product.handle)
            let total = try #require(((read["cost"] as? [String: Any])?["totalAmount"] as? [String: Any])?["amount"] as? String)
            #expect(!total.hasSuffix("0") || total.hasSuffix(".0"), "amounts as the API writes them: \(total)")
        }
    }

    /// Every free text a client can keep on a cart has a bound in bytes: the buyer's email and
    /// phone, each field of a delivery address, metafield values and how many metafields a cart
    /// keeps. Past it, a user error with the API's code, and nothing is kept.
    @Test func everyFreeTextOnACartIsBounded() async throws {
        try await withServer { server async throws in
            let create = """
                mutation Create($input: CartInput) {
                  cartCreate(input: $input) { cart { id } userErrors { code field message } }
                }
                """
            func created(_ input: [String: Any]) async throws -> (cart: [String: Any]?, errors: [[String: Any]]) {
                let payload = try #require(try await run(server, create, ["input": input])["cartCreate"] as? [String: Any])
                return (payload["cart"] as? [String: Any], payload["userErrors"] as? [[String: Any]] ?? [])
            }
            let long = String(repeating: "é", count: 200) // 400 bytes, 200 characters
            let email = try await created(["buyerIdentity": ["email": long + "@example.com"]])
            #expect(email.cart == nil && email.errors.first?["code"] as? String == "INVALID")
            #expect(email.errors.first?["field"] as? [String] == ["buyerIdentity", "email"])
            #expect((email.errors.first?["message"] as? String)?.contains(long) == false, "the refusal does not repeat the input")
            let phone = try await created(["buyerIdentity": ["phone": "+31 " + String(repeating: "5", count: 40)]])
            #expect(phone.cart == nil && phone.errors.first?["field"] as? [String] == ["buyerIdentity", "phone"])
            let address = try await created(["delivery": ["addresses": [["address": ["deliveryAddress": [
                "address1": long, "city": "Amsterdam", "countryCode": "NL", "zip": "1015 CJ", "lastName": "Lovelace"]]]]]])
            #expect(address.cart == nil && address.errors.first?["code"] as? String == "ADDRESS_FIELD_IS_TOO_LONG")
            #expect((address.errors.first?["field"] as? [String])?.suffix(2) == ["deliveryAddress", "address1"])
            // A value of few characters and many bytes: one character with 40,000 combining marks.
            let marks = "e" + String(repeating: "\u{0301}", count: 40_000)
            let value = try await created(["metafields": [["key": "custom.note", "type": "multi_line_text_field", "value": marks]]])
            #expect(value.cart == nil && value.errors.first?["code"] as? String == "INVALID_METAFIELDS")

            let set = """
                mutation Set($metafields: [CartMetafieldsSetInput!]!) {
                  cartMetafieldsSet(metafields: $metafields) { metafields { key } userErrors { code field message } }
                }
                """
            let id = try #require(try await created([:]).cart?["id"] as? String)
            for batch in 0..<4 {
                let inputs = (0..<25).map { ["ownerId": id, "key": "custom.k\(batch)x\($0)", "type": "single_line_text_field", "value": "v"] }
                let kept = try #require(try await run(server, set, ["metafields": inputs])["cartMetafieldsSet"] as? [String: Any])
                #expect((kept["userErrors"] as? [Any])?.isEmpty == true)
            }
            let oneMore = [["ownerId": id, "key": "custom.one-more", "type": "single_line_text_field", "value": "v"]]
            let past = try #require(try await run(server, set, ["metafields": oneMore])["cartMetafieldsSet"] as? [String: Any])
            #expect((past["userErrors"] as? [[String: Any]])?.first?["code"] as? String == "LESS_THAN_OR_EQUAL_TO")
        }
    }

    /// A signed-in customer's cart copies one of their addresses by the id the API gave it, and
    /// keeps metafields given to cartCreate.
    @Test func aSignedInCartCopiesTheCustomersAddress() async throws {
        try await withServer { server async throws in
            let account = await AccountEndpoint.serving(server.embedded, configuration: AccountAuthority.Configuration())
            let token = await account.authority.issueForCustomer(DemoCustomer.customer, clientId: "starter", scope: "openid").accessToken.rawValue
            let create = """
                mutation Create($input: CartInput) {
                  cartCreate(input: $input) {
                    cart {
                      id buyerIdentity { customer { defaultAddress { id } } }
                      delivery { addresses { selected address { ... on CartDeliveryAddress { address1 city zip countryCode } } } }
                      metafield(namespace: "custom", key: "source") { type value }
                    }
                    userErrors { code field message }
                  }
                }
                """
            let signedIn = try #require(try await run(server, create, ["input": ["buyerIdentity": ["customerAccessToken": token]]])["cartCreate"]
                as? [String: Any])
            let addressId = try #require(((((signedIn["cart"] as? [String: Any])?["buyerIdentity"] as? [String: Any])?["customer"]
                as? [String: Any])?["defaultAddress"] as? [String: Any])?["id"] as? String)
            let data = try await run(server, create, ["input": [
                "buyerIdentity": ["customerAccessToken": token],
                "delivery": ["addresses": [["address": ["copyFromCustomerAddressId": addressId], "selected": true]]],
                "metafields": [["key": "custom.source", "type": "single_line_text_field", "value": "starter"]]]])
            let payload = try #require(data["cartCreate"] as? [String: Any])
            #expect((payload["userErrors"] as? [Any])?.isEmpty == true, "\(payload["userErrors"] ?? "")")
            let cart = try #require(payload["cart"] as? [String: Any])
            let address = try #require(((cart["delivery"] as? [String: Any])?["addresses"] as? [[String: Any]])?.first)
            #expect(address["selected"] as? Bool == true)
            #expect(address["address"] as? [String: String] == ["address1": "Keizersgracht 123", "city": "Amsterdam", "zip": "1015 CJ", "countryCode": "NL"])
            #expect(cart["metafield"] as? [String: String] == ["type": "single_line_text_field", "value": "starter"])
        }
    }

    /// Wrong delivery input answers `cart: null` with the user errors, as every cart mutation does;
    /// a value outside an enum is refused before anything runs.
    @Test func wrongDeliveryInputAnswersNoCart() async throws {
        try await withServer { server async throws in
            let product = try #require(try await server.embedded.product(handle: "house-espresso-blend"))
            let cart = try #require(try await server.embedded.cartCreate(CartInput(lines: [CartLineInput(merchandiseId: product.variants[0].id)])).cart)
            let add = """
                mutation Add($cartId: ID!, $addresses: [CartSelectableAddressInput!]!) {
                  cartDeliveryAddressesAdd(cartId: $cartId, addresses: $addresses) { cart { id } userErrors { code field message } }
                }
                """
            let data = try await run(server, add, ["cartId": cart.id, "addresses": [
                ["address": ["deliveryAddress": ["countryCode": "NL"]], "validationStrategy": "STRICT"]]])
            let payload = try #require(data["cartDeliveryAddressesAdd"] as? [String: Any])
            #expect(payload["cart"] is NSNull)
            let errors = try #require(payload["userErrors"] as? [[String: Any]])
            #expect(errors.map { $0["code"] as? String } == Array(repeating: "ADDRESS_FIELD_IS_REQUIRED", count: 4))
            #expect(errors.first?["field"] as? [String] == ["addresses", "0", "address", "deliveryAddress", "address1"])
            let options = try await run(server, """
                mutation Pick($cartId: ID!) {
                  cartSelectedDeliveryOptionsUpdate(cartId: $cartId, selectedDeliveryOptions: [
                    {deliveryGroupId: "gid://shopify/CartDeliveryGroup/1", deliveryOptionHandle: "standard"}]) { cart { id } userErrors { code } }
                }
                """, ["cartId": cart.id])
            #expect((options["cartSelectedDeliveryOptionsUpdate"] as? [String: Any])?["cart"] is NSNull)
            #expect(((options["cartSelectedDeliveryOptionsUpdate"] as? [String: Any])?["userErrors"] as? [[String: Any]])?.first?["code"] as? String
                    == "INVALID_DELIVERY_GROUP")
            #expect(try await server.embedded.cart(id: cart.id) == cart, "nothing changed")

            // A guest cart has no customer whose address could be copied.
            let copy = try await run(server, add, ["cartId": cart.id, "addresses": [
                ["address": ["copyFromCustomerAddressId": "gid://shopify/MailingAddress/1"], "selected": true]]])
            let copied = try #require(copy["cartDeliveryAddressesAdd"] as? [String: Any])
            #expect(copied["cart"] is NSNull)
            #expect((copied["userErrors"] as? [[String: Any]])?.map { $0["code"] as? String } == ["MISSING_CUSTOMER_ACCESS_TOKEN"])
            #expect((copied["userErrors"] as? [[String: Any]])?.first?["field"] as? [String]
                    == ["addresses", "0", "address", "copyFromCustomerAddressId"])

            let created = try await run(server, """
                mutation Create($input: CartInput) {
                  cartCreate(input: $input) { cart { appliedGiftCards { lastCharacters } delivery { addresses { selected } } } userErrors { code } }
                }
                """, ["input": ["lines": [["merchandiseId": product.variants[0].id]], "giftCardCodes": ["KESTREL-GIFT-2500"],
                                  "delivery": ["addresses": [["address": ["deliveryAddress": ["countryCode": "NL"]], "selected": true]]]]])
            let made = try #require((created["cartCreate"] as? [String: Any])?["cart"] as? [String: Any])
            #expect((made["appliedGiftCards"] as? [[String: Any]])?.first?["lastCharacters"] as? String == "2500")
            #expect(((made["delivery"] as? [String: Any])?["addresses"] as? [[String: Any]])?.first?["selected"] as? Bool == true)

            let json = try await post(server, add, ["cartId": cart.id, "addresses": [
                ["address": ["deliveryAddress": ["countryCode": "NL"]], "validationStrategy": "LOOSE"]]])
            #expect(json["data"] == nil && (json["errors"] as? [Any])?.isEmpty == false, "an unknown validation strategy")
        }
    }
}

/// What a starter storefront and Shopify's JS clients send besides: the cart page of a shopper who
/// is not logged in, the country selector, sitemap-like paging, lists written with edges.
extension StarterStorefrontTests {
    static let cartPage = """
        query CartPage($cartId: ID!, $numCartLines: Int = 100, $country: CountryCode, $language: LanguageCode)
          @inContext(country: $country, language: $language) {
          cart(id: $cartId) {
            id checkoutUrl totalQuantity note updatedAt
            buyerIdentity { countryCode email phone customer { id email } }
            lines(first: $numCartLines) {
              nodes { ...CartLine }
              nodes { ...CartLineComponent }
            }
            cost { subtotalAmount { ...Money } totalAmount { ...Money } totalDutyAmount { ...Money } totalTaxAmount { ...Money } }
            attributes { key value }
            discountCodes { code applicable }
            appliedGiftCards { lastCharacters amountUsed { ...Money } }
          }
        }
        fragment Money on MoneyV2 { currencyCode amount }
        fragment CartLine on CartLine {
          ... on Node { id }
          id quantity
          attributes { key value }
          cost { totalAmount { ...Money } amountPerQuantity { ...Money } compareAtAmountPerQuantity { ...Money } }
          merchandise { __typename ...Variant }
        }
        fragment CartLineComponent on ComponentizableCartLine {
          id quantity
          attributes { key value }
          cost { totalAmount { ...Money } amountPerQuantity { ...Money } compareAtAmountPerQuantity { ...Money } }
          merchandise { __typename ...Variant }
          lineComponents { ...CartLine }
        }
        fragment Variant on ProductVariant {
          id availableForSale requiresShipping title
          compareAtPrice { ...Money } price { ...Money }
          image { id url altText width height }
          product { handle title id vendor }
          selectedOptions { name value }
        }
        """

    @Test func cartPageOfAShopperNotLoggedIn() async throws {
        try await withServer { server async throws in
            let product = try #require(try await server.embedded.product(handle: "house-espresso-blend"))
            let created = try await run(server, """
                mutation cartCreate($input: CartInput!, $country: CountryCode = ZZ) @inContext(country: $country) {
                  cartCreate(input: $input) { cart { id } userErrors { message field code } warnings { message code target } }
                }
                """, ["input": ["lines": [["merchandiseId": product.variants[0].id, "quantity": 2], ["merchandiseId": product.variants[5].id]]],
                      "country": "NL"])
            let cartId = try #require(((created["cartCreate"] as? [String: Any])?["cart"] as? [String: Any])?["id"] as? String)
            let cart = try #require(try await run(server, Self.cartPage, ["cartId": cartId, "country": "NL", "language": "EN"])["cart"] as? [String: Any])
            #expect((cart["buyerIdentity"] as? [String: Any])?["customer"] is NSNull)
            let lines = try #require((cart["lines"] as? [String: Any])?["nodes"] as? [[String: Any]])
            #expect(lines.map { $0["quantity"] as? Int } == [2, 1] && cart["totalQuantity"] as? Int == 3)
            #expect(lines.allSatisfy { ($0["merchandise"] as? [String: Any])?["__typename"] as? String == "ProductVariant" })
            let cost = try #require(cart["cost"] as? [String: Any])
            #expect(cost["totalTaxAmount"] is NSNull && cost["totalDutyAmount"] is NSNull, "no longer given by the API")
            func amount(_ money: Any?) -> Decimal? { ((money as? [String: Any])?["amount"] as? String).flatMap { Decimal(string: $0) } }
            let lineTotals = lines.compactMap { amount(($0["cost"] as? [String: Any])?["totalAmount"]) }
            #expect(lineTotals.count == 2 && amount(cost["subtotalAmount"]) == lineTotals.reduce(0, +))
            #expect((cost["totalAmount"] as? [String: Any])?["currencyCode"] as? String == "EUR")
        }
    }

    static let countrySelector = """
        query Localization($language: LanguageCode, $country: CountryCode) @inContext(language: $language, country: $country) {
          localization {
            availableCountries { isoCode name currency { isoCode name symbol } availableLanguages { isoCode endonymName name } }
            availableLanguages { isoCode endonymName name }
            country { isoCode name currency { isoCode symbol } }
            language { isoCode name endonymName }
          }
        }
        """

    @Test func countrySelector() async throws {
        try await withServer { server async throws in
            let localization = try #require(try await run(server, Self.countrySelector, ["country": "JP"])["localization"] as? [String: Any])
            let countries = try #require(localization["availableCountries"] as? [[String: Any]])
            let currencies = Dictionary(uniqueKeysWithValues: countries.compactMap { country -> (String, String)? in
                guard let code = country["isoCode"] as? String, let currency = (country["currency"] as? [String: Any])?["isoCode"] as? String else {
                    return nil
                }
                return (code, currency)
            })
            #expect(currencies == ["NL": "EUR", "US": "USD", "GB": "GBP", "JP": "JPY"])
            #expect((localization["country"] as? [String: Any])?["isoCode"] as? String == "JP")
            #expect(((localization["country"] as? [String: Any])?["currency"] as? [String: Any])?["symbol"] as? String == "¥")
        }
    }

    /// Every product and collection, a page at a time, as a sitemap or a static build reads them.
    @Test func sitemapPagesThroughEverything() async throws {
        try await withServer { server async throws in
            for root in ["products", "collections"] {
                let query = """
                    query Sitemap($first: Int!, $after: String) {
                      \(root)(first: $first, after: $after, sortKey: ID) {
                        nodes { id handle updatedAt onlineStoreUrl }
                        pageInfo { hasNextPage hasPreviousPage endCursor startCursor }
                      }
                    }
                    """
                var handles: [String] = [], after: Any = NSNull(), pages = 0
                while true {
                    let connection = try #require(try await run(server, query, ["first": 7, "after": after])[root] as? [String: Any])
                    let pageInfo = try #require(connection["pageInfo"] as? [String: Any])
                    handles += (connection["nodes"] as? [[String: Any]] ?? []).compactMap { $0["handle"] as? String }
                    pages += 1
                    #expect(pageInfo["hasPreviousPage"] as? Bool == (pages > 1), "\(root) page \(pages)")
                    guard pageInfo["hasNextPage"] as? Bool == true, let cursor = pageInfo["endCursor"] as? String, pages < 100 else { break }
                    after = cursor
                }
                let all = root == "products"
                    ? try await server.embedded.products(.first(250), query: nil, sortKey: .id, reverse: false).nodes.map(\.handle)
                    : try await server.embedded.collections(.first(250), sortKey: .id, productPreview: 0).nodes.map(\.handle)
                #expect(handles == all && pages == (all.count + 6) / 7, "\(root)")
            }
        }
    }

    /// A product grid as Shopify's JS clients write it: connections with edges and cursors.
    @Test func productGridWithEdges() async throws {
        try await withServer { server async throws in
            let data = try await run(server, """
                query ProductGrid($first: Int, $query: String) {
                  products(first: $first, query: $query, sortKey: TITLE, reverse: true) {
                    edges {
                      cursor
                      node {
                        id title handle availableForSale
                        priceRange { minVariantPrice { amount currencyCode } maxVariantPrice { amount currencyCode } }
                        images(first: 1) { edges { node { url altText } } }
                        variants(first: 1) { edges { cursor node { id price { amount currencyCode } } } }
                      }
                    }
                    pageInfo { hasNextPage hasPreviousPage }
                  }
                  predictiveSearch(query: "tea", limit: 4) { products { handle } collections { handle } queries { text } }
                }
                """, ["first": 5, "query": "tag:tea"])
            let edges = try #require((data["products"] as? [String: Any])?["edges"] as? [[String: Any]])
            let titles = edges.compactMap { ($0["node"] as? [String: Any])?["title"] as? String }
            #expect(!titles.isEmpty && titles == titles.sorted(by: >))
            #expect(edges.allSatisfy { ($0["cursor"] as? String)?.isEmpty == false })
            let suggestions = try #require(data["predictiveSearch"] as? [String: Any])
            let count = ["products", "collections", "queries"].map { (suggestions[$0] as? [Any])?.count ?? 0 }.reduce(0, +)
            #expect(count == 4, "without limitScope the limit is shared, as with ALL")
        }
    }

    /// A product's variants and images in the orders the API's sort keys name.
    @Test func variantsAndImagesInTheAPIsOrders() async throws {
        try await withServer { server async throws in
            let data = try await run(server, """
                query Variants($handle: String!) {
                  product(handle: $handle) {
                    shop: variants(first: 250) { nodes { id title sku } }
                    byTitle: variants(first: 250, sortKey: TITLE) { nodes { title } }
                    bySku: variants(first: 250, sortKey: SKU, reverse: true) { nodes { sku } }
                    byId: variants(first: 2, sortKey: ID) { nodes { id } pageInfo { hasNextPage endCursor } }
                    images(first: 5, sortKey: POSITION) { nodes { url } }
                  }
                }
                """, ["handle": "house-espresso-blend"])
            let product = try #require(data["product"] as? [String: Any])
            func column(_ alias: String, _ key: String) -> [String] {
                ((product[alias] as? [String: Any])?["nodes"] as? [[String: Any]] ?? []).map { $0[key] as? String ?? "" }
            }
            #expect(column("shop", "title").count == 8 && column("byTitle", "title") == column("shop", "title").sorted())
            #expect(column("bySku", "sku") == column("shop", "sku").sorted(by: >))
            let numbers = column("shop", "id").compactMap { Int($0.split(separator: "/").last ?? "") }
            #expect(column("byId", "id").compactMap { Int($0.split(separator: "/").last ?? "") } == Array(numbers.sorted().prefix(2)))
            #expect(((product["images"] as? [String: Any])?["nodes"] as? [Any])?.isEmpty == false)
        }
    }

    /// Products not for sale, hidden or after the others, in search results and suggestions.
    @Test func unavailableProductsHiddenOrLast() async throws {
        try await withServer { server async throws in
            let all = try await server.embedded.products(.first(250), query: nil, sortKey: .id, reverse: false).nodes
            let unavailable = try #require(all.first { !$0.availableForSale }, "the catalog has a product not for sale")
            let query = "product_type:\"\(unavailable.productType)\""
            let search = """
                query Search($query: String!, $after: String, $rule: SearchUnavailableProductsType) {
                  search(query: $query, first: 2, after: $after, unavailableProducts: $rule) {
                    nodes { ... on Product { handle availableForSale } }
                    pageInfo { hasNextPage endCursor }
                  }
                }
                """
            func every(_ rule: Any) async throws -> [(String, Bool)] {
                var found: [(String, Bool)] = [], after: Any = NSNull()
                for _ in 0..<100 {
                    let connection = try #require(try await run(server, search, ["query": query, "after": after, "rule": rule])["search"] as? [String: Any])
                    found += (connection["nodes"] as? [[String: Any]] ?? []).map { ($0["handle"] as? String ?? "", $0["availableForSale"] as? Bool ?? false) }
                    let pageInfo = try #require(connection["pageInfo"] as? [String: Any])
                    guard pageInfo["hasNextPage"] as? Bool == true, let cursor = pageInfo["endCursor"] as? String else { break }
                    after = cursor
                }
                return found
            }
            let shown = try await every("SHOW")
            #expect(shown.contains { $0.0 == unavailable.handle } && shown.contains { $0.1 })
            #expect(try await every("HIDE").map(\.0) == shown.filter(\.1).map(\.0))
            let last = shown.filter(\.1).map(\.0) + shown.filter { !$0.1 }.map(\.0)
            #expect(try await every("LAST").map(\.0) == last)
            // Without the argument, as the API documents: LAST.
            #expect(try await every(NSNull()).map(\.0) == last)
            let suggestions = try await run(server, """
                query Suggest($term: String!) {
                  predictiveSearch(query: $term, limit: 10, types: [PRODUCT], unavailableProducts: HIDE) { products { handle availableForSale } }
                }
                """, ["term": String(unavailable.title.prefix(3))])
            let products = try #require((suggestions["predictiveSearch"] as? [String: Any])?["products"] as? [[String: Any]])
            #expect(products.allSatisfy { $0["availableForSale"] as? Bool == true } && !products.contains { $0["handle"] as? String == unavailable.handle })
        }
    }
}
