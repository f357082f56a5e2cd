import Foundation
import Synchronization
import GraphQL
import Graphiti
@testable import Storefront
@testable import StorefrontServer
import Testing

/// `serve`'s own executor answers every document with the bytes the GraphQL library's executor
/// answers: the app's documents, a starter storefront's, fragments on interfaces and unions,
/// aliases, `@skip`/`@include`, nulls in lists and in non-null fields, errors, and what it leaves to
/// the library (introspection, a missing operation, bad variables).
struct SerialExecutionTests {
    static let shop = Result { () throws -> EmbeddedStorefront in
        let state = FileManager.default.temporaryDirectory.appendingPathComponent("serial-\(UUID().uuidString)")
        return try EmbeddedStorefront(catalog: try CatalogLoader.bundled(), stateDirectory: state)
    }

    /// Both executors' answers to one request, on one shop, keeping no answers.
    func answers(_ query: String, _ variables: [String: Any] = [:], operationName: String? = nil,
                 shop: (any StorefrontClient)? = nil, second: (any StorefrontClient)? = nil,
                 scopes: AccessScopes = .all) async throws -> (serial: String, library: String) {
        var object: [String: Any] = ["query": query, "variables": variables]
        if let operationName { object["operationName"] = operationName }
        let body = try JSONSerialization.data(withJSONObject: object)
        let first = try shop ?? Self.shop.get()
        let serial = try GraphQLEndpoint(storefront: first, accessToken: "t", limits: .unhurried, scopes: scopes, cachedAnswers: 0,
                                         executor: .serial)
        let library = try GraphQLEndpoint(storefront: second ?? first, accessToken: "t", limits: .unhurried, scopes: scopes,
                                          cachedAnswers: 0, executor: .library)
        let a = await serial.handle(token: "t", body: body)
        let b = await library.handle(token: "t", body: body)
        #expect(a.status == b.status)
        return (String(decoding: a.body, as: UTF8.self), String(decoding: b.body, as: UTF8.self))
    }

    /// Both answers are the same bytes; the answer is returned for what the case is about.
    @discardableResult
    func expectSame(_ query: String, _ variables: [String: Any] = [:], operationName: String? = nil,
                    sourceLocation: Testing.SourceLocation = #_sourceLocation) async throws -> String {
        let (serial, library) = try await answers(query, variables, operationName: operationName)
        #expect(serial == library, sourceLocation: sourceLocation)
        #expect(serial.count > 2, sourceLocation: sourceLocation)
        return serial
    }

    static let handle = "house-espresso-blend"

    @Test func theAppsQueries() async throws {
        let product = try #require(try Self.shop.get().catalog.products.first { $0.handle == Self.handle })
        let collection = try #require(try Self.shop.get().catalog.collections.first)
        let cases: [(StorefrontOperation, [String: Any])] = [
            (.shop, [:]), (.collections, ["first": 10]), (.collection, ["handle": collection.handle]),
            (.collectionProducts, ["handle": collection.handle, "first": 5]), (.products, ["first": 8]),
            (.product, ["handle": Self.handle]), (.product, ["handle": Self.handle, "country": "JP", "language": "JA"]),
            (.product, ["handle": "no-such-product"]), (.productRecommendations, ["productId": product.id]),
            (.search, ["query": "tea", "first": 5]), (.search, ["query": "tea AND (", "first": 5]),
            (.predictiveSearch, ["query": "te"]), (.localization, [:]), (.cart, ["id": "gid://shopify/Cart/none"]),
        ]
        for (operation, variables) in cases {
            let (serial, library) = try await answers(operation.document, variables, operationName: operation.name)
            #expect(serial == library, "\(operation.name) \(variables)")
            #expect(serial.contains("\"data\"") || serial.contains("\"errors\""))
        }
    }

    @Test func aStarterStorefrontsQueries() async throws {
        try await expectSame(StarterStorefrontTests.header, ["country": "NL", "language": "EN"])
        try await expectSame(StarterStorefrontTests.productPage, ["handle": Self.handle, "selectedOptions": [["name": "Size", "value": "1kg"]]])
        let collection = try #require(try Self.shop.get().catalog.collections.first)
        try await expectSame(StarterStorefrontTests.collectionPage, ["handle": collection.handle, "first": 4])
        try await expectSame(StarterStorefrontTests.search, ["query": "coffee", "first": 4])
        try await expectSame(StarterStorefrontTests.countrySelector)
    }

    @Test func fragmentsAliasesAndDirectives() async throws {
        let product = try #require(try Self.shop.get().catalog.products.first { $0.handle == Self.handle })
        let answer = try await expectSame("""
            query N($ids: [ID!]!, $withTitle: Boolean!, $skipHandle: Boolean = true) {
              nodes(ids: $ids) {
                __typename id
                ... on Product { t: title @include(if: $withTitle) handle @skip(if: $skipHandle) ...P }
                ... on Node { again: id }
                ...P ...P
              }
              a: product(handle: "\(Self.handle)") { __typename x: title y: title variants(first: 2) { nodes { id } } }
              b: product(handle: "\(Self.handle)") @skip(if: true) { id }
              c: product(handle: "\(Self.handle)") @include(if: false) { id }
              search(query: "tea", first: 3) { nodes { __typename ... on Product { handle } ... on Page { title } ... on Article { title } } }
            }
            fragment P on Product { vendor options { name } }
            """, ["ids": [product.id, "gid://shopify/Product/0", "gid://shopify/Collection/999999"], "withTitle": true])
        // The missing nodes are nulls in the list, the aliases and fragments are there, the skipped are not.
        #expect(answer.contains(#"},null,null]"#) && answer.contains(#""t":""#) && answer.contains(#""x":""#))
        #expect(answer.contains(#""__typename":"Product""#) && !answer.contains(#""b":"#) && !answer.contains(#""c":"#))
        try await expectSame("{ __typename shop { __typename name } }")
        try await expectSame("query A { shop { name } } query B { shop { id } }", operationName: "B")
    }

    /// A document's plan is kept with it and answers the next requests alike with other variables:
    /// other arguments, and a `@skip` that names a variable (whose collections are then not kept).
    @Test func aKeptPlanAnswersOtherVariables() async throws {
        let handles = try Self.shop.get().catalog.products.prefix(3).map(\.handle) + ["no-such-product"]
        for handle in handles + handles {
            try await expectSame(StorefrontOperation.product.document, ["handle": handle], operationName: "Product")
        }
        let page = try #require(GraphQLEndpoint.validated.known(StorefrontOperation.product.document)?.plans.plan("Product")?.plan)
        // The handle is a variable; the images' sizes, the first so many variants are not.
        #expect(page.keepsCollections && !page.variableArguments.isEmpty && page.constantArguments.count > page.variableArguments.count)
        let query = """
            query S($skip: Boolean!, $n: Int!) {
              products(first: $n) { nodes { handle title @skip(if: $skip) ... on Product @include(if: true) { vendor } } }
            }
            """
        for (skip, count) in [(true, 2), (false, 3), (true, 1), (false, 2), (true, 3)] {
            let answer = try await expectSame(query, ["skip": skip, "n": count])
            #expect(answer.contains(#""title""#) == !skip && answer.contains(#""vendor""#))
            #expect(answer.components(separatedBy: #""handle""#).count - 1 == count)
        }
        let kept = try #require(GraphQLEndpoint.validated.known(query)?.plans.plan(nil)?.plan, "sent without an operation name")
        #expect(!kept.keepsCollections && kept.variableDirectives.count == 1)
        // Introspection is the library's, and that is kept too.
        for _ in 0..<2 { try await expectSame("query I { __schema { queryType { name } } }") }
        #expect(GraphQLEndpoint.validated.known("query I { __schema { queryType { name } } }")?.plans.plan(nil)?.unsupported == true)
    }

    /// A request may name any operation: a document keeps the plans of a few names, not of every one.
    @Test func aDocumentKeepsFewPlans() {
        let plans = ExecutionPlans()
        for index in 0..<(ExecutionPlans.maximumCount * 2) { plans.keep(.unsupported, "Op\(index)") }
        #expect(plans.plan("Op0") != nil && plans.plan("Op\(ExecutionPlans.maximumCount)") == nil)
    }

    /// Only a value whose type is an optional is unwrapped, told from the type's metadata.
    @Test func optionalsAreToldFromTheirType() {
        let none: Int? = nil
        let some: String? = "a"
        let nested: Int?? = .some(nil)
        #expect(OptionalValues.isOptional(none as Any) && OptionalValues.isOptional(some as Any) && OptionalValues.isOptional(nested as Any))
        #expect(!OptionalValues.isOptional(1) && !OptionalValues.isOptional("a") && !OptionalValues.isOptional([Int?]()))
        #expect(!OptionalValues.isOptional(ValidatedDocuments()) && !OptionalValues.isOptional(Map.null))
    }

    /// Graphiti's resolvers get the decoder that answers `NoArguments` at once and keeps what
    /// small maps decoded to; the rest is the library's decoding (every case above runs through it).
    @Test func argumentsAreDecodedOnce() throws {
        #expect(ArgumentCoders.usesArgumentDecoder(ArgumentCoders.make()))
        let decoder = try #require(ArgumentCoders.make().decoder as? ArgumentDecoder)
        _ = try decoder.decode(NoArguments.self, from: ["anything": "ignored"])
        struct First: Decodable { let first: Int }
        struct Query: Decodable { let query: String }
        #expect(try decoder.decode(First.self, from: ["first": 3]).first == 3)
        #expect(try decoder.decode(First.self, from: ["first": 3]).first == 3 && decoder.keptCount == 1)
        #expect(try decoder.decode(First.self, from: ["first": 4]).first == 4 && decoder.keptCount == 2)
        #expect(throws: DecodingError.self) { try decoder.decode(First.self, from: ["first": "x"]) }
        #expect(decoder.keptCount == 2, "a failure is not kept")
        let long = String(repeating: "t", count: ArgumentDecoder.maximumStringBytes + 1)
        #expect(try decoder.decode(Query.self, from: ["query": .string(long)]).query == long && decoder.keptCount == 2, "too long to keep")
        for index in 0..<ArgumentDecoder.maximumCount { _ = try decoder.decode(First.self, from: ["first": .number(Number(index + 10))]) }
        #expect(decoder.keptCount <= ArgumentDecoder.maximumCount)
    }

    @Test func nullsAndErrors() async throws {
        // A field error in a nullable field, one reaching the root through non-null fields, an
        // argument the storefront refuses, a null element among non-null ones.
        for query in [
            #"{ a: search(query: "((", first: 2) { nodes { __typename } } shop { name } }"#,
            #"{ products(first: 2, query: "tag:(") { nodes { id } } }"#,
            #"{ products(first: -1) { nodes { id } } }"#,
            #"{ nodes(ids: ["gid://shopify/Product/0"]) { id } product(id: "bad") { id } }"#,
            #"query M { shop { metafields(identifiers: [{namespace: "a", key: "b"}]) { key } } }"#,
        ] {
            let answer = try await expectSame(query)
            #expect(answer.contains(#""errors""#) || answer.contains("null"), "\(query): \(answer)")
        }
    }

    /// A scalar's resolver that throws (stock refused to a token without the inventory scope):
    /// each variant's error located at its own path, the value null, the rest answered.
    @Test func aScalarsErrorIsLocatedAtItsField() async throws {
        let query = "{ product(handle: \"\(Self.handle)\") { title variants(first: 3) { nodes { id quantityAvailable sku } } } }"
        let (serial, library) = try await answers(query, scopes: AccessScopes(withholding: [.productInventory]))
        // The same but for the order of each error's `extensions`, a dictionary in both executors.
        let parsed = try [serial, library].map { try JSONSerialization.jsonObject(with: Data($0.utf8)) as? NSDictionary }
        #expect(parsed[0] != nil && parsed[0] == parsed[1])
        #expect(serial.contains(#""path":["product","variants","nodes",2,"quantityAvailable"]"#), "\(serial)")
        #expect(serial.contains(#""quantityAvailable":null"#), "\(serial)")
    }

    /// A list of nullable elements answers one element per entry, null in place where there is
    /// none and where an element failed (the library's executor cannot answer the latter at all).
    @Test func aListWithNullsAndAFailingElement() async throws {
        let shop = try Self.shop.get()
        let product = try #require(shop.catalog.products.first { $0.handle == Self.handle })
        let collection = try #require(shop.catalog.collections.first)
        let missing = "gid://shopify/Product/0"
        let escaped = { (id: String) in id.replacingOccurrences(of: "/", with: #"\/"#) }
        let full = try await expectSame(#"query N($ids: [ID!]!) { nodes(ids: $ids) { id } }"#, ["ids": [missing, collection.id, missing]])
        #expect(full == #"{"data":{"nodes":[null,{"id":""# + escaped(collection.id) + #""},null]}}"#)
        let (failing, library) = try await answers(#"query N($ids: [ID!]!) { nodes(ids: $ids) { id ... on Product { variants(first: -1) { nodes { id } } } } }"#,
                                                  ["ids": [missing, product.id, collection.id]])
        #expect(failing.hasPrefix(#"{"data":{"nodes":[null,null,{"id":""# + escaped(collection.id) + #""}]},"errors":[{"message":"A page holds"#),
                "\(failing)")
        #expect(failing.contains(#""path":["nodes",1,"variants"]"#), "\(failing)")
        #expect(library.contains("INTERNAL_SERVER_ERROR"), "\(library)")
    }

    /// A scalar JSON cannot hold (a number that is not finite, an undefined list element) makes
    /// the answer one the library's encoder refuses, unless a null propagated to a nullable field
    /// took it back with its field; an undefined field is left out, as the encoder leaves it out.
    @Test func aValueJSONCannotHoldIsRefusedUnlessTakenBack() async throws {
        let raw = try GraphQLScalarType(name: "Raw", serialize: { value in value as? Map ?? .null })
        let inner = try GraphQLObjectType(name: "Inner", fields: [
            "nan": GraphQLField(type: raw, resolve: { _, _, _, _ in Map.number(Number(Double.nan)) }),
            "undefined": GraphQLField(type: raw, resolve: { _, _, _, _ in Map.undefined }),
            "list": GraphQLField(type: GraphQLList(raw), resolve: { _, _, _, _ in [Map.number(1), Map.undefined] }),
            "boom": GraphQLField(type: GraphQLNonNull(GraphQLString), resolve: { _, _, _, _ in throw GraphQLError(message: "boom") }),
        ])
        let query = try GraphQLObjectType(name: "Query", fields: [
            "inner": GraphQLField(type: inner, resolve: { _, _, _, _ in "inner" }),
            "n": GraphQLField(type: GraphQLFloat, resolve: { _, _, _, _ in 1.5 }),
        ])
        let schema = try GraphQLSchema(query: query).notingServedFields()
        let context = RequestContext(storefront: try Self.shop.get())
        let cases = [("{ n inner { nan } }", false), ("{ n inner { list } }", false), ("{ n inner { nan list boom } }", true),
                     ("{ n inner { undefined } n2: n }", true), ("{ n }", true)]
        for (text, encodable) in cases {
            let document = try parse(source: Source(body: text))
            let serial = try #require(await SerialExecution.execute(schema: schema, document: document, context: context, variables: [:],
                                                                    operationName: nil))
            let library = try await GraphQL.execute(schema: schema, documentAST: document, rootValue: (), context: context)
            let written = serial.json(errors: serial.errors)
            #expect((written != nil) == encodable, "\(text)")
            #expect(written == (try? GraphQLJSONEncoder().encode(library)), "\(text)")
        }
    }

    @Test func whatIsLeftToTheLibrary() async throws {
        #expect(try await expectSame("{ __schema { queryType { name } } shop { name } }").contains("QueryRoot"))
        try await expectSame(#"{ __type(name: "Product") { name fields { name } } }"#)
        try await expectSame("query A { shop { name } } query B { shop { id } }")
        try await expectSame("query A { shop { name } }", operationName: "C")
        try await expectSame("query P($h: String!) { product(handle: $h) { id } }")
        try await expectSame("query P($n: Int!) { products(first: $n) { nodes { id } } }", ["n": "many"])
    }

    /// A mutation on two shops alike: the same answer but for the new cart's own identity and times.
    @Test func cartCreate() async throws {
        let product = try #require(try Self.shop.get().catalog.products.first { $0.handle == Self.handle })
        let variant = try #require(product.variants.first)
        let stores = try (0..<2).map { index in
            try EmbeddedStorefront(catalog: try CatalogLoader.bundled(), stateDirectory: FileManager.default.temporaryDirectory
                .appendingPathComponent("serial-cart-\(index)-\(UUID().uuidString)"))
        }
        let input: [String: Any] = ["lines": [["merchandiseId": variant.id, "quantity": 2]], "note": "a / note"]
        let (serial, library) = try await answers(StorefrontOperation.cartCreate.document, ["input": input], operationName: "CartCreate",
                                                  shop: stores[0], second: stores[1])
        #expect(Self.withoutIdentity(serial) == Self.withoutIdentity(library))
        #expect(serial.contains("\"quantity\":2"))
        let (badSerial, badLibrary) = try await answers(StorefrontOperation.cartCreate.document,
                                                        ["input": ["lines": [["merchandiseId": "gid://shopify/ProductVariant/0", "quantity": 1]]]],
                                                        operationName: "CartCreate", shop: stores[0], second: stores[1])
        #expect(Self.withoutIdentity(badSerial) == Self.withoutIdentity(badLibrary))
    }

    /// Variables are coerced, refused and defaulted as the library's executor does it, through
    /// lists, input objects, enums, non-null types and custom scalars: the same answer, or the same
    /// error, for each of these inputs.
    @Test func variablesAreCoercedAsTheLibraryCoercesThem() async throws {
        let product = try #require(try Self.shop.get().catalog.products.first { $0.handle == Self.handle })
        let variant = try #require(product.variants.first).id
        let address: [String: Any] = ["address1": "Keizersgracht 1", "city": "Amsterdam", "countryCode": "NL", "zip": "1015 CJ"]
        let inputs: [[String: Any]] = [
            ["lines": [["merchandiseId": variant, "quantity": 2]], "note": "n", "attributes": [["key": "gift", "value": "yes"]],
             "discountCodes": ["WELCOME10"], "buyerIdentity": ["countryCode": "DE", "email": "a@example.com"]],
            ["lines": ["merchandiseId": variant]],                       // one object where a list is asked for
            ["discountCodes": "WELCOME10"],                              // one string for a list
            ["lines": [["merchandiseId": variant, "quantity": NSNull()]]],
            ["lines": [["quantity": 1]]],                                // a non-null field missing
            ["lines": [["merchandiseId": variant, "quantity": "2"]]],    // a string for an Int
            ["lines": [["merchandiseId": 5]]],                           // an Int for an ID
            ["bogus": 1],                                                // a field the type does not have
            ["note": 12],
            ["attributes": [["key": "k", "value": NSNull()]]],
            ["buyerIdentity": ["countryCode": "ZZ"]],                    // not a country code
            ["buyerIdentity": ["countryCode": "de"]],
            ["delivery": ["addresses": [["address": ["deliveryAddress": address], "selected": true]]]],
            ["delivery": ["addresses": [["address": ["deliveryAddress": address, "copyFromCustomerAddressId": "gid://shopify/MailingAddress/1"]]]]],
            ["delivery": ["addresses": [["selected": true]]]],
            [:],
        ]
        for (index, input) in inputs.enumerated() {
            let stores = try (0..<2).map { store in
                try EmbeddedStorefront(catalog: try CatalogLoader.bundled(), stateDirectory: FileManager.default.temporaryDirectory
                    .appendingPathComponent("serial-variables-\(store)-\(UUID().uuidString)"))
            }
            let (serial, library) = try await answers(StorefrontOperation.cartCreate.document, ["input": input], operationName: "CartCreate",
                                                      shop: stores[0], second: stores[1])
            #expect(Self.withoutIdentity(serial) == Self.withoutIdentity(library), "input \(index): \(input)")
        }
        for variables in [[:], ["input": NSNull()]] as [[String: Any]] {
            try await expectSame(StorefrontOperation.cartCreate.document, variables, operationName: "CartCreate")
        }
        // Queries: a list given one id, enums, a default, non-null arguments left out.
        let query = """
            query Q($ids: [ID!]!, $first: Int = 3, $key: ProductSortKeys, $reverse: Boolean, $country: CountryCode)
              @inContext(country: $country) {
              nodes(ids: $ids) { id }
              products(first: $first, sortKey: $key, reverse: $reverse) { nodes { handle } }
            }
            """
        let cases: [[String: Any]] = [
            ["ids": [product.id]], ["ids": product.id], ["ids": [product.id, NSNull()]], ["ids": NSNull()], [:],
            ["ids": [], "first": 2, "key": "TITLE", "reverse": true, "country": "JP"],
            ["ids": [], "key": "title"], ["ids": [], "first": "2"], ["ids": [], "first": NSNull()], ["ids": [], "country": "XX"],
            ["ids": [], "reverse": "yes"], ["ids": [], "first": 2.0], ["ids": [], "first": 2.5],
        ]
        for variables in cases { try await expectSame(query, variables) }
    }

    static func withoutIdentity(_ answer: String) -> String {
        var text = answer
        for pattern in [#"Cart(Line)?\\/[A-Za-z0-9?=_\-]+"#, #"\?cart=[A-Za-z0-9]+"#, #""(createdAt|updatedAt)":"[^"]*""#, #""checkoutUrl":"[^"]*""#] {
            text = text.replacingOccurrences(of: pattern, with: "…", options: .regularExpression)
        }
        return text
    }

    /// The executor runs the app's product page itself, and leaves introspection to the library.
    @Test func itRunsWhatItCan() async throws {
        let schema = try StorefrontSchema.shared.get()
        let context = RequestContext(storefront: try Self.shop.get())
        let page = try parse(source: Source(body: StorefrontOperation.product.document))
        let ran = await SerialExecution.execute(schema: schema, document: page, context: context, variables: ["handle": .string(Self.handle)],
                                                operationName: "Product")
        let result = try #require(ran).result
        #expect(result.errors.isEmpty && result.data != nil)
        let introspection = try parse(source: Source(body: "{ __schema { types { name } } }"))
        #expect(await SerialExecution.execute(schema: schema, document: introspection, context: context, variables: [:], operationName: nil) == nil)
    }

    /// A field declared as a property of its object is read off the object (the comparisons above
    /// with the library's executor, which calls Graphiti's resolvers, cover the values); one that
    /// computes its value has no direct reader for its own type.
    @Test func propertiesAreReadDirectly() throws {
        let schema = try StorefrontSchema.shared.get()
        let served = try #require(ServedFields.of(schema))
        let product = try #require(schema.typeMap["Product"] as? GraphQLObjectType)
        let title = try #require(served.field("title", of: product))
        #expect(title.direct.contains { $0.root == ObjectIdentifier(Product.self) })
        let description = try #require(served.field("description", of: product))
        #expect(!description.direct.contains { $0.root == ObjectIdentifier(Product.self) })
    }

    private struct Probe: Sendable {
        var one = 1
        var two = 2
    }

    /// Each schema notes its own properties: a type and a name may be another property in another
    /// schema, and a field made outside a schema's building is noted nowhere.
    @Test func eachSchemaNotesItsOwnProperties() throws {
        let first = DirectFields(), second = DirectFields()
        _ = DirectFields.$collecting.withValue(first) { keyField("x", at: \Probe.one) }
        _ = DirectFields.$collecting.withValue(second) { keyField("x", at: \Probe.two) }
        _ = keyField("y", at: \Probe.one)
        #expect(first.getters(named: "x").map { $0.read(Probe()) as? Int } == [1])
        #expect(second.getters(named: "x").map { $0.read(Probe()) as? Int } == [2])
        #expect(first.getters(named: "y").isEmpty && second.getters(named: "y").isEmpty)
    }

    private struct Written: Sendable {
        var text = "a \"quoted\" é"
        var number = 42
        var large = Int(Int32.max) + 1
        var flag = true
        var none: String? = nil
        var id = GraphID(unchecked: "gid://shopify/Product/1")
        var list = ["a"]
    }

    /// A property that is a string, a number, a flag or a custom scalar's text is written straight
    /// into the answer, as its field's serializer writes it, and charged as the budget charges it
    /// (a string's bytes); one holding nothing, or a number past 32 bits, writes nothing and is
    /// left to the walk's other path.
    @Test func scalarPropertiesAreWrittenDirectly() throws {
        let table = DirectFields()
        _ = DirectFields.$collecting.withValue(table) {
            (keyField("text", at: \Written.text), keyField("number", at: \Written.number), keyField("large", at: \Written.large),
             keyField("flag", at: \Written.flag), keyField("none", at: \Written.none), keyField("id", at: \Written.id),
             keyField("list", at: \Written.list))
        }
        func write(_ name: String) -> (kind: DirectFields.ScalarWriter.Kind?, charged: Int?, json: String) {
            let writer = table.getters(named: name).first?.writer
            var out: [UInt8] = []
            let charged = writer?.write(Written(), &out)
            return (writer?.kind, charged, String(decoding: out, as: UTF8.self))
        }
        let text = write("text")
        #expect(text.kind == .text && text.charged == Written().text.utf8.count && text.json == #""a \"quoted\" é""#)
        #expect(write("number").kind == .int && write("number").charged == 0 && write("number").json == "42")
        #expect(write("large").kind == .int && write("large").charged == nil && write("large").json.isEmpty)
        #expect(write("flag").kind == .boolean && write("flag").json == "true")
        #expect(write("none").kind == .text && write("none").charged == nil && write("none").json.isEmpty)
        // As the answer writes any string (the walk's other path writes it so too).
        var id: [UInt8] = []
        JSONText.appendString(Written().id.text, into: &id)
        #expect(write("id").kind == .scalar("ID") && write("id").charged == 0 && write("id").json == String(decoding: id, as: UTF8.self))
        #expect(write("list").kind == nil)
        // A field keeps its property's writer only when its type writes the value so.
        let schema = try StorefrontSchema.shared.get()
        let served = try #require(ServedFields.of(schema))
        let product = try #require(schema.typeMap["Product"] as? GraphQLObjectType)
        let own = ObjectIdentifier(Product.self)
        func kind(_ name: String) throws -> DirectFields.ScalarWriter.Kind? {
            try #require(served.field(name, of: product)).direct.first { $0.root == own }?.writer?.kind
        }
        #expect(try kind("title") == .text && kind("id") == .scalar("ID") && kind("createdAt") == .scalar("DateTime"))
        #expect(try kind("availableForSale") == .boolean && kind("tags") == nil && kind("priceRange") == nil)
        // An enum's raw value is written for a field of an enum that has it, and only then.
        let sort = DirectFields()
        _ = DirectFields.$collecting.withValue(sort) { keyField("key", at: \WrittenSort.key) }
        let raw = try #require(sort.getters(named: "key").first?.writer)
        #expect(raw.kind == .enumeration)
        var out: [UInt8] = []
        #expect(raw.named(["TITLE", "ID"])?.write(WrittenSort(), &out) == 0 && String(decoding: out, as: UTF8.self) == #""TITLE""#)
        out = []
        #expect(raw.named(["ID"])?.write(WrittenSort(), &out) == nil && out.isEmpty)
        let policy = try #require(schema.typeMap["SellingPlanRecurringBillingPolicy"] as? GraphQLObjectType)
        #expect(try #require(served.field("interval", of: policy)).direct.first?.writer?.kind == .enumeration)
    }

    private struct WrittenSort: Sendable {
        var key = ProductSortKeys.title
    }

    /// A large operation lets other tasks run once it has run a slice of time, looking at the clock
    /// every 128 fields: the resolvers seldom suspend, and on two cores the task pool has two
    /// threads, which one operation must not hold to its end. One shorter than its slice never does.
    @Test func aLargeOperationLetsOthersRun() async throws {
        let schema = try StorefrontSchema.shared.get()
        let context = RequestContext(storefront: try Self.shop.get())
        let document = try parse(source: Source(body: "{ products(first: 50) { nodes { id title handle variants(first: 10) { nodes { id title } } } } }"))
        func yields(slice: Duration) async throws -> (yields: Int, fields: Int) {
            let yields = Atomic<Int>(0)
            let ran = await SerialExecution.execute(schema: schema, document: document, context: context, variables: [:], operationName: nil,
                                                    slice: slice, onYield: { yields.add(1, ordering: .relaxed) })
            let answer = try #require(ran).result
            #expect(answer.errors.isEmpty)
            let products = answer.data?["products", "nodes"].array ?? []
            let variants = products.reduce(0) { $0 + ($1["variants", "nodes"].array?.count ?? 0) }
            #expect(products.count > 10)
            return (yields.load(ordering: .relaxed), 1 + 1 + products.count * 5 + variants * 2)
        }
        // A slice already over at every look: it lets others run at each.
        let every = try await yields(slice: .zero)
        #expect(every.yields == every.fields / SerialExecution.fieldsBetweenYields, "\(every.fields) fields")
        #expect(every.yields > 2)
        // A slice no operation here reaches: never.
        #expect(try await yields(slice: .seconds(3600)).yields == 0)
    }

    /// What names no variable is worked out once per document: of the product page, only the
    /// arguments that name its variables are worked out for each request.
    @Test func theProductPagesPlanLeavesOnlyItsVariableArgumentsToEachRequest() throws {
        let schema = try StorefrontSchema.shared.get()
        let served = try #require(ServedFields.of(schema))
        let document = try parse(source: Source(body: StorefrontOperation.product.document))
        let plan = try #require(OperationPlan.make(schema: schema, served: served, document: document, operationName: "Product"))
        #expect(plan.variableArguments.map(\.name).sorted() == ["images", "product", "variants"])
    }

    /// A field's arguments are worked out of the document once, and each request fills in its
    /// variables: given directly, inside an input object, left out (the argument's default), null,
    /// or of a kind the library refuses (it answers then).
    @Test func argumentsNamingVariablesAreFilledInForEachRequest() async throws {
        let query = """
            query R($w: Int, $n: Int = 2, $rev: Boolean, $key: ProductImageSortKeys, $handle: String!) {
              product(handle: $handle) {
                images(first: $n, reverse: $rev, sortKey: $key) { nodes { id url(transform: {maxWidth: $w, maxHeight: 100}) } }
                variants(first: $n, sortKey: TITLE) { nodes { id } }
                other: variants(last: 1, reverse: $rev) { nodes { id } }
              }
            }
            """
        let cases: [[String: Any]] = [
            ["handle": Self.handle], ["handle": Self.handle, "w": 50, "n": 1, "rev": true, "key": "ID"],
            ["handle": Self.handle, "w": NSNull(), "n": NSNull(), "rev": NSNull()], ["handle": Self.handle, "n": "x"],
            ["handle": Self.handle, "key": "NOPE"], ["handle": Self.handle, "w": 2.5], ["handle": NSNull()], [:],
        ]
        for variables in cases + cases { try await expectSame(query, variables) }
        let plan = try #require(GraphQLEndpoint.validated.known(query)?.plans.plan(nil)?.plan)
        #expect(plan.variableArguments.map(\.name).sorted() == ["images", "product", "url", "variants", "variants"])
    }

    /// The walk charges properties in batches, and everything before a resolver runs; by the end it
    /// has charged what the library's executor charges, field for field and byte for byte.
    @Test func theBudgetIsChargedAsTheLibraryCharges() async throws {
        let schema = try StorefrontSchema.shared.get()
        let document = try parse(source: Source(body: StorefrontOperation.product.document))
        let variables: [String: Map] = ["handle": .string(Self.handle), "variantCount": 100, "imageCount": 10]
        var used: [[Int]] = []
        for serial in [true, false] {
            let budget = ExecutionBudget(RequestLimits.unhurried.executionBudget)
            let context = RequestContext(storefront: try Self.shop.get(), country: nil, language: nil, scopes: .all, budget: budget, customer: nil)
            let result = if serial {
                try #require(await SerialExecution.execute(schema: schema, document: document, context: context, variables: variables,
                                                           operationName: "Product")).result
            } else {
                try await GraphQL.execute(schema: schema, documentAST: document, rootValue: StorefrontResolver(), context: context,
                                          variableValues: variables, operationName: "Product")
            }
            #expect(result.errors.isEmpty && result.data?["product", "title"] != .null)
            let counts = budget.used
            used.append([counts.fields, counts.listElements, counts.responseBytes])
        }
        #expect(used[0] == used[1])
        #expect(used[0][0] > SerialExecution.fieldsBetweenCharges * 3, "\(used[0])")
    }

    /// A list of nullable elements is charged for the elements that are there, as the library's
    /// executor (given only those) charges it.
    @Test func aListWithNullsIsChargedAsTheLibraryCharges() async throws {
        let schema = try StorefrontSchema.shared.get()
        let collection = try #require(try Self.shop.get().catalog.collections.first)
        let document = try parse(source: Source(body: "query N($ids: [ID!]!) { nodes(ids: $ids) { id } }"))
        let ids: Map = .array([.string("gid://shopify/Product/0"), .string(collection.id), .string("gid://shopify/Product/0")])
        var used: [[Int]] = []
        for serial in [true, false] {
            let budget = ExecutionBudget(RequestLimits.unhurried.executionBudget)
            let context = RequestContext(storefront: try Self.shop.get(), country: nil, language: nil, scopes: .all, budget: budget, customer: nil)
            if serial {
                _ = try #require(await SerialExecution.execute(schema: schema, document: document, context: context, variables: ["ids": ids],
                                                               operationName: "N"))
            } else {
                _ = try await GraphQL.execute(schema: schema, documentAST: document, rootValue: StorefrontResolver(), context: context,
                                              variableValues: ["ids": ids], operationName: "N")
            }
            let counts = budget.used
            used.append([counts.fields, counts.listElements, counts.responseBytes])
        }
        #expect(used[0] == used[1])
        #expect(used[0][1] == 1, "\(used[0])")
    }

    /// An optional property reads as what it holds, or nil: never as an optional for the walk to open.
    @Test func anOptionalPropertyReadsAsWhatItHolds() throws {
        struct Held: Sendable {
            var some: String? = "a"
            var none: Int? = nil
        }
        let table = DirectFields()
        _ = DirectFields.$collecting.withValue(table) { (keyField("some", at: \Held.some), keyField("none", at: \Held.none)) }
        let some = try #require(table.getters(named: "some").first?.read(Held()))
        #expect(!OptionalValues.isOptional(some) && some as? String == "a")
        #expect(table.getters(named: "none").first?.read(Held()) == nil)
    }
}

extension SerialAnswer {
    /// The answer read back as the library's result (its data and its errors' messages and paths).
    var result: GraphQLResult {
        get throws {
            try JSONDecoder().decode(GraphQLResult.self, from: #require(json(errors: errors)))
        }
    }
}
