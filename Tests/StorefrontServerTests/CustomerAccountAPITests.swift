import CustomerAccount
import Foundation
@testable import Storefront
@testable import StorefrontServer
import Testing

/// The Customer Account API on `serve`, over HTTP on loopback: found from the discovery document
/// beside the OpenID configuration, answered for the signed-in customer's access token, from the
/// shop's own books. The app's documents run as written, and each answer has the shape the
/// document and the served schema say.
struct CustomerAccountAPITests {
    /// A signed-in customer of a shop that takes orders, and where their API is.
    struct SignedIn {
        let server: LoopbackServer
        let authority: AccountAuthority
        let token: String
        let api: URL
    }

    func withSignedIn<T>(_ body: (SignedIn) async throws -> T) async throws -> T {
        let server = try await LoopbackServer.start(takesOrders: true, accounts: true)
        do {
            let account = try #require(server.account)
            let token = await account.authority.issueForCustomer(DemoCustomer.customer, clientId: "storefront-cli",
                                                                 scope: "openid customer-account-api:full").accessToken.rawValue
            let discovery = try await get(server, AccountEndpoint.Path.base + AccountEndpoint.Path.customerAccountDiscovery)
            let address = try #require(discovery["graphql_api"] as? String)
            let api = try #require(URL(string: address))
            let result = try await body(SignedIn(server: server, authority: account.authority, token: token, api: api))
            await server.stop()
            return result
        } catch {
            await server.stop()
            throw error
        }
    }

    func get(_ server: LoopbackServer, _ path: String) async throws -> [String: Any] {
        let url = try #require(URL(string: path, relativeTo: server.url)?.absoluteURL)
        let response = try await HTTPClientTransport().send(TransportRequest(url: url, method: "GET", headers: [], body: Data()))
        #expect(response.status == 200)
        return try #require(try JSONSerialization.jsonObject(with: response.body) as? [String: Any])
    }

    func post(_ url: URL, authorization: String?, _ query: String, _ variables: [String: Any] = [:]) async throws -> (Int, [String: Any]) {
        let body = try JSONSerialization.data(withJSONObject: ["query": query, "variables": variables])
        var headers: [(name: String, value: String)] = [("Content-Type", "application/json")]
        if let authorization { headers.append(("Authorization", authorization)) }
        let response = try await HTTPClientTransport().send(TransportRequest(url: url, headers: headers, body: body))
        return (response.status, try #require(try JSONSerialization.jsonObject(with: response.body) as? [String: Any]))
    }

    /// The operation over HTTP with the customer's token; no errors, and the operation's shape.
    func run(_ signedIn: SignedIn, _ operation: CustomerAccountOperation, _ variables: [String: Any] = [:]) async throws -> [String: Any] {
        let (status, json) = try await post(signedIn.api, authorization: signedIn.token, operation.document, variables)
        #expect(status == 200)
        #expect(json["errors"] == nil, "\(json["errors"] ?? "")")
        let data = try #require(json["data"] as? [String: Any])
        let schema = try await ServedSchema.customerAccountIntrospected()
        let problems = try ResponseShape(schema: schema).problems(data, document: operation.document, variables: variables)
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
        return data
    }

    /// Places an order for the customer: a cart carrying their token, checked out; `subscribing`
    /// buys the product on its first selling plan.
    func placeOrder(_ signedIn: SignedIn, handle: String, quantity: Int, session: String, subscribing: Bool = false) async throws -> Order {
        let shop = signedIn.server.embedded
        let product = try #require(try await shop.product(handle: handle))
        let variant = try #require(product.variants.first)
        var plan: String?
        if subscribing { plan = try #require(product.sellingPlanGroups.first?.sellingPlans.first).id }
        let line = CartLineInput(merchandiseId: variant.id, quantity: quantity, sellingPlanId: plan)
        let cart = try #require(try await shop.cartCreate(CartInput(lines: [line],
                                                                    buyerIdentity: BuyerIdentity(customerAccessToken: signedIn.token))).cart)
        return try await shop.placeOrder(CheckoutCompletion(
            checkoutSessionId: session, cartId: cart.id, email: "ada@example.com",
            shippingAddress: MailingAddress(firstName: "Ada", lastName: "Lovelace", address1: "Keizersgracht 123", city: "Amsterdam",
                                            countryCode: "NL", postalCode: "1015 CJ"),
            payment: PaymentToken(vaultToken: "vault-test", brand: "Visa", lastFourDigits: "4242")))
    }

    @Test func theDiscoveryDocumentNamesTheAPIBesideTheIssuer() async throws {
        try await withSignedIn { signedIn in
            #expect(signedIn.api.path == AccountEndpoint.Path.base + "/customer/api/2026-04/graphql")
            #expect(signedIn.api.host == signedIn.server.url.host && signedIn.api.port == signedIn.server.url.port)
        }
    }

    /// No token, the Storefront API's token, a made-up one, a revoked one: 401, nothing answered.
    @Test func onlyTheCustomersAccessTokenIsAccepted() async throws {
        try await withSignedIn { signedIn in
            let query = CustomerAccountOperation.customerDetails.document
            for authorization in [nil, LoopbackServer.token, "shcat_made-up", "Bearer "] as [String?] {
                let (status, json) = try await post(signedIn.api, authorization: authorization, query)
                #expect(status == 401, "\(authorization ?? "none")")
                #expect(json["data"] == nil)
                let errors = try #require(json["errors"] as? [[String: Any]])
                #expect((errors.first?["extensions"] as? [String: Any])?["code"] as? String == "UNAUTHORIZED")
            }
            let (status, _) = try await post(signedIn.api, authorization: "Bearer " + signedIn.token, query)
            #expect(status == 200)
            await signedIn.authority.revoke(token: signedIn.token)
            let (revoked, _) = try await post(signedIn.api, authorization: signedIn.token, query)
            #expect(revoked == 401)
        }
    }

    @Test func theCustomersDetailsComeFromTheDirectory() async throws {
        try await withSignedIn { signedIn in
            let customer = try #require(try await run(signedIn, .customerDetails)["customer"] as? [String: Any])
            #expect(customer["firstName"] as? String == "Ada" && customer["lastName"] as? String == "Lovelace")
            #expect(customer["displayName"] as? String == "Ada Lovelace")
            #expect((customer["emailAddress"] as? [String: Any])?["emailAddress"] as? String == DemoCustomer.customer.email)
            let address = try #require(customer["defaultAddress"] as? [String: Any])
            #expect(address["address1"] as? String == "Keizersgracht 123")
            #expect(address["territoryCode"] as? String == DemoCustomer.customer.defaultAddress?.countryCode)
            let addresses = try #require((customer["addresses"] as? [String: Any])?["nodes"] as? [[String: Any]])
            #expect(addresses.map { $0["id"] as? String } == [address["id"] as? String])
        }
    }

    /// "Your orders" and one order, from the shop's ledger: lines with pictures and prices, and
    /// the order's subtotal, shipping, taxes and total as the shop priced them.
    @Test func ordersAndOneOrderComeFromTheLedger() async throws {
        try await withSignedIn { signedIn in
            let first = try await placeOrder(signedIn, handle: "house-espresso-blend", quantity: 2, session: "s1")
            let second = try await placeOrder(signedIn, handle: "house-espresso-blend", quantity: 1, session: "s2")
            let data = try await run(signedIn, .customerOrders, ["first": 10])
            let orders = try #require(((data["customer"] as? [String: Any])?["orders"] as? [String: Any])?["nodes"] as? [[String: Any]])
            #expect(orders.map { $0["name"] as? String } == [second.name, first.name])
            #expect(orders.first?["financialStatus"] as? String == "PAID" && orders.first?["fulfillmentStatus"] as? String == "UNFULFILLED")
            let total = try #require(orders.last?["totalPrice"] as? [String: Any])
            #expect(Decimal(string: total["amount"] as? String ?? "") == first.draft.total.amount)

            let paged = try await run(signedIn, .customerOrders, ["first": 1])
            let page = try #require((paged["customer"] as? [String: Any])?["orders"] as? [String: Any])
            #expect((page["nodes"] as? [[String: Any]])?.count == 1 && (page["pageInfo"] as? [String: Any])?["hasNextPage"] as? Bool == true)

            let id = try #require(orders.last?["id"] as? String)
            let order = try #require(try await run(signedIn, .customerOrder, ["orderId": id])["order"] as? [String: Any])
            func amount(_ field: String) -> Decimal? {
                Decimal(string: (order[field] as? [String: Any])?["amount"] as? String ?? "")
            }
            #expect(amount("subtotal") == first.draft.subtotal.amount && amount("totalShipping") == first.draft.shipping.amount)
            #expect(amount("totalTax") == first.draft.taxes.amount && amount("totalPrice") == first.draft.total.amount)
            let lines = try #require((order["lineItems"] as? [String: Any])?["nodes"] as? [[String: Any]])
            #expect(lines.count == 1 && lines.first?["quantity"] as? Int == 2)
            #expect(lines.first?["title"] as? String == first.draft.lineItems.first?.title)
            let lineTotal = Decimal(string: (lines.first?["totalPrice"] as? [String: Any])?["amount"] as? String ?? "")
            #expect(lineTotal == first.draft.lineItems.first.map { ($0.price * 2).amount })
            #expect(((lines.first?["image"] as? [String: Any])?["url"] as? String)?.isEmpty == false)
            #expect((order["shippingAddress"] as? [String: Any])?["formattedArea"] as? String == "Amsterdam, Netherlands")

            // Another customer's order, or an id of something else, is nothing.
            for other in ["gid://shopify/Order/999999", "gid://shopify/Product/1"] {
                #expect(try await run(signedIn, .customerOrder, ["orderId": other])["order"] is NSNull)
            }
        }
    }

    /// The app's "your orders": the API found from the issuer's discovery document, the orders read
    /// with `CustomerOrders`; a refused token asks for a login.
    @Test func theAppReadsTheOrdersFromTheAPI() async throws {
        try await withSignedIn { signedIn in
            let placed = try await placeOrder(signedIn, handle: "house-espresso-blend", quantity: 3, session: "app")
            let client = AccountServerClient()
            let api = try await client.customerAccountAPI(issuer: await signedIn.authority.issuer)
            #expect(api == signedIn.api)
            let orders = try await client.orders(accessToken: SecretToken(signedIn.token), api: api)
            #expect(orders.map(\.name) == [placed.name])
            #expect(orders.first?.totalPrice == placed.draft.total && orders.first?.lineItems.first?.quantity == 3)
            #expect(orders.first?.financialStatus == "PAID")
            await #expect(throws: AccountError.self) { try await client.orders(accessToken: SecretToken("shcat_unknown"), api: api) }
        }
    }

    /// The app's account screen: the customer read with `CustomerDetails` is the one the login is
    /// for (the same id, so the app takes it), with a name changed since the login.
    @Test func theAppReadsTheCustomerFromTheAPI() async throws {
        try await withSignedIn { signedIn in
            let client = AccountServerClient()
            let api = try await client.customerAccountAPI(issuer: await signedIn.authority.issuer)
            let token = SecretToken(signedIn.token)
            let before = try await client.customerDetails(accessToken: token, api: api)
            let known = try #require(await signedIn.authority.customer(for: signedIn.token))
            #expect(before.id == known.id && before.email == known.email && before.firstName == known.firstName)
            #expect(before.defaultAddress?.city == known.defaultAddress?.city && before.defaultAddress?.countryCode == known.defaultAddress?.countryCode)
            _ = try await run(signedIn, .customerUpdate, ["customer": ["firstName": "Augusta Ada"]])
            #expect(try await client.customerDetails(accessToken: token, api: api).firstName == "Augusta Ada")
            await #expect(throws: AccountError.self) { try await client.customerDetails(accessToken: SecretToken("shcat_unknown"), api: api) }
        }
    }

    /// Addresses created, changed, made default and deleted are the directory's: the customer the
    /// checkout pre-fills from has the new default address and name.
    @Test func addressAndProfileChangesReachTheShopsCustomer() async throws {
        try await withSignedIn { signedIn in
            let created = try await run(signedIn, .customerAddressCreate, [
                "address": ["firstName": "Ada", "lastName": "Lovelace", "address1": "12 St James's Square", "city": "London",
                            "territoryCode": "GB", "zip": "SW1Y 4JH"],
                "defaultAddress": true,
            ])
            let payload = try #require(created["customerAddressCreate"] as? [String: Any])
            #expect((payload["userErrors"] as? [Any])?.isEmpty == true)
            let newId = try #require((payload["customerAddress"] as? [String: Any])?["id"] as? String)
            #expect(await signedIn.authority.customer(for: signedIn.token)?.defaultAddress?.city == "London")

            let details = try #require(try await run(signedIn, .customerDetails)["customer"] as? [String: Any])
            let ids = try #require(((details["addresses"] as? [String: Any])?["nodes"] as? [[String: Any]])?.compactMap { $0["id"] as? String })
            #expect(ids.count == 2 && ids.last == newId)
            let oldId = try #require(ids.first)

            let updated = try await run(signedIn, .customerAddressUpdate, ["addressId": newId, "address": ["zip": "SW1Y 4JU"]])
            #expect(((updated["customerAddressUpdate"] as? [String: Any])?["userErrors"] as? [Any])?.isEmpty == true)
            #expect(await signedIn.authority.customer(for: signedIn.token)?.defaultAddress?.postalCode == "SW1Y 4JU")

            func errorCodes(_ data: [String: Any], _ field: String) -> [String] {
                ((data[field] as? [String: Any])?["userErrors"] as? [[String: Any]])?.compactMap { $0["code"] as? String } ?? []
            }
            let deleteDefault = try await run(signedIn, .customerAddressDelete, ["addressId": newId])
            #expect(errorCodes(deleteDefault, "customerAddressDelete") == ["DELETING_CUSTOMER_DEFAULT_ADDRESS_NOT_ALLOWED"])
            let deleted = try await run(signedIn, .customerAddressDelete, ["addressId": oldId])
            #expect((deleted["customerAddressDelete"] as? [String: Any])?["deletedAddressId"] as? String == oldId)
            let deletedAgain = try await run(signedIn, .customerAddressDelete, ["addressId": oldId])
            #expect(errorCodes(deletedAgain, "customerAddressDelete") == ["ADDRESS_ID_DOES_NOT_EXIST"])

            let renamed = try await run(signedIn, .customerUpdate, ["customer": ["firstName": "Augusta Ada"]])
            #expect(((renamed["customerUpdate"] as? [String: Any])?["customer"] as? [String: Any])?["firstName"] as? String == "Augusta Ada")
            #expect(await signedIn.authority.customer(for: signedIn.token)?.firstName == "Augusta Ada")
            #expect(await signedIn.authority.customer(for: signedIn.token)?.lastName == "Lovelace")
        }
    }

    /// Bad input is a user error and changes nothing.
    @Test func badInputIsAUserErrorAndChangesNothing() async throws {
        try await withSignedIn { signedIn in
            let before = await signedIn.authority.customer(for: signedIn.token)
            let cases: [(CustomerAccountOperation, [String: Any], String, String)] = [
                (.customerAddressCreate, ["address": ["address1": "1 Main St", "territoryCode": "XX"]], "customerAddressCreate", "INVALID_TERRITORY_CODE"),
                (.customerAddressCreate, ["address": ["address1": "1 Main St"]], "customerAddressCreate", "TERRITORY_CODE_MISSING"),
                (.customerAddressCreate, ["address": ["address1": String(repeating: "a", count: 256), "territoryCode": "NL"]],
                 "customerAddressCreate", "TOO_LONG"),
                (.customerAddressCreate, ["address": ["city": "<b>Amsterdam</b>", "territoryCode": "NL"]], "customerAddressCreate",
                 "CONTAINS_HTML_TAGS"),
                (.customerAddressCreate, ["address": ["city": "Amster\ndam", "territoryCode": "NL"]], "customerAddressCreate", "INVALID"),
                (.customerAddressCreate, ["address": [String: Any]()], "customerAddressCreate", "ADDRESS_ARGUMENT_EMPTY"),
                (.customerAddressUpdate, ["addressId": "gid://shopify/CustomerAddress/424242", "address": ["city": "Utrecht"]],
                 "customerAddressUpdate", "ADDRESS_ID_DOES_NOT_EXIST"),
                (.customerUpdate, ["customer": ["firstName": "Visit https://example.com"]], "customerUpdate", "CONTAINS_URL"),
                (.customerUpdate, ["customer": [String: Any]()], "customerUpdate", "CUSTOMER_INPUT_ARGUMENT_EMPTY"),
            ]
            for (operation, variables, field, code) in cases {
                let data = try await run(signedIn, operation, variables)
                let errors = ((data[field] as? [String: Any])?["userErrors"] as? [[String: Any]]) ?? []
                #expect(errors.map { $0["code"] as? String } == [code], "\(variables)")
            }
            #expect(await signedIn.authority.customer(for: signedIn.token) == before)
            let details = try #require(try await run(signedIn, .customerDetails)["customer"] as? [String: Any])
            #expect(((details["addresses"] as? [String: Any])?["nodes"] as? [Any])?.count == 1)
        }
    }

    /// The Storefront API's guards hold here too: an over-deep document is refused before it runs.
    @Test func theStorefrontGuardsApply() async throws {
        try await withSignedIn { signedIn in
            let deep = "query { customer { " + String(repeating: "orders(first: 1) { nodes { id ", count: 1) + "} } } }"
            let (status, json) = try await post(signedIn.api, authorization: signedIn.token, deep)
            #expect(status == 200 && json["errors"] == nil)
            let nested = "{" + String(repeating: "\"a\":{", count: 200) + String(repeating: "}", count: 200) + "}"
            let (refused, answer) = try await post(signedIn.api, authorization: signedIn.token, "query { customer { id } }", ["v": try #require(
                try JSONSerialization.jsonObject(with: Data(nested.utf8)))])
            #expect(refused == 200)
            let errors = try #require(answer["errors"] as? [[String: Any]])
            #expect((errors.first?["extensions"] as? [String: Any])?["code"] as? String == "MAX_DEPTH_EXCEEDED")
        }
    }
}

/// The served Customer Account API held against the real API's types for the fields it answers
/// (checked in full by `storefront-bench schema --api customer-account --reference PATH`).
struct CustomerAccountSchemaTests {
    /// The API's types (nullability and list wrapping as written in its 2026-04 schema).
    static let fieldTypes: [(type: String, field: String, apiType: String)] = [
        ("QueryRoot", "customer", "Customer!"),
        ("QueryRoot", "order", "Order"),
        ("Customer", "addresses", "CustomerAddressConnection!"),
        ("Customer", "defaultAddress", "CustomerAddress"),
        ("Customer", "displayName", "String!"),
        ("Customer", "emailAddress", "CustomerEmailAddress"),
        ("Customer", "orders", "OrderConnection!"),
        ("Customer", "phoneNumber", "CustomerPhoneNumber"),
        ("CustomerPhoneNumber", "phoneNumber", "String!"),
        ("CustomerAddress", "formatted", "[String!]!"),
        ("CustomerAddress", "territoryCode", "CountryCode"),
        ("Order", "fulfillmentStatus", "OrderFulfillmentStatus!"),
        ("Order", "financialStatus", "OrderFinancialStatus"),
        ("Order", "lineItems", "LineItemConnection!"),
        ("Order", "number", "Int!"),
        ("Order", "subtotal", "MoneyV2"),
        ("Order", "totalPrice", "MoneyV2!"),
        ("Order", "totalShipping", "MoneyV2!"),
        ("Order", "totalTax", "MoneyV2"),
        ("LineItem", "image", "Image"),
        ("LineItem", "price", "MoneyV2"),
        ("LineItem", "quantity", "Int!"),
        ("LineItem", "title", "String!"),
        ("LineItem", "variantTitle", "String"),
        ("Mutation", "customerAddressCreate", "CustomerAddressCreatePayload"),
        ("Mutation", "customerUpdate", "CustomerUpdatePayload"),
        ("CustomerAddressCreatePayload", "userErrors", "[UserErrorsCustomerAddressUserErrors!]!"),
        ("CustomerAddressDeletePayload", "deletedAddressId", "ID"),
        ("UserErrorsCustomerAddressUserErrors", "code", "UserErrorsCustomerAddressUserErrorsCode"),
        ("UserErrorsCustomerUserErrors", "field", "[String!]"),
    ]

    @Test func fieldsHaveTheAPIsTypes() async throws {
        let schema = try await ServedSchema.customerAccountIntrospected()
        for row in Self.fieldTypes {
            let field = try #require(schema.types[row.type]?.field(row.field), "\(row.type).\(row.field)")
            #expect(field.type.description == row.apiType, "\(row.type).\(row.field)")
        }
        let update = try #require(schema.types["Mutation"]?.field("customerAddressUpdate"))
        #expect(update.arguments.map(\.name).sorted() == ["address", "addressId", "defaultAddress"])
        #expect(update.arguments.first { $0.name == "addressId" }?.type.description == "ID!")
        #expect(schema.types["UserErrorsCustomerAddressUserErrors"]?.interfaces == ["DisplayableError"])
        #expect(schema.types["Order"]?.interfaces.contains("Node") == true)
    }

    /// Nothing of the Storefront API's schema slipped into the customer's.
    @Test func onlyTheCustomerAccountAPIsTypesAreServed() async throws {
        let schema = try await ServedSchema.customerAccountIntrospected()
        for storefrontOnly in ["Cart", "Product", "Collection", "Shop", "CartErrorCode"] {
            #expect(schema.types[storefrontOnly] == nil, "\(storefrontOnly)")
        }
    }
}
