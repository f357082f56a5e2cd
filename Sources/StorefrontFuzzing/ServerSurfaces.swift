import Foundation
import Storefront
import StorefrontServer

extension FuzzTarget {
    /// GraphQL request bodies, answered by `handle`: status 200 or 400 with a JSON object holding
    /// `data` or `errors`.
    public static func graphql(surface: FuzzSurface = .graphql,
                               handle: @escaping @Sendable (Data) async -> (status: Int, body: Data)?) -> FuzzTarget {
        FuzzTarget(surface: surface, generate: { random in
            var request: [String: Any] = ["query": document(&random)]
            if random.chance(0.3) { request["variables"] = variables(&random) }
            if random.chance(0.2) { request["operationName"] = random.pick(["A", "B", "", HostileText.string(&random)]) }
            let data = (try? JSONSerialization.data(withJSONObject: request)) ?? Data()
            return String(decoding: data, as: UTF8.self)
        }, check: { body in
            guard let (status, answer) = await handle(Data(body.utf8)) else { return "no answer (the connection failed)" }
            guard [200, 400, 413].contains(status) else { return "status \(status)" }
            guard let object = (try? JSONSerialization.jsonObject(with: answer)) as? [String: Any],
                  object["data"] != nil || object["errors"] != nil else {
                return "the answer is not a GraphQL result: \(String(decoding: answer.prefix(200), as: UTF8.self))"
            }
            return nil
        })
    }

    /// The in-process endpoint as `graphql`'s handler.
    public static func graphql(endpoint: GraphQLEndpoint) -> FuzzTarget {
        graphql { body in
            let answer = await endpoint.handle(token: endpoint.accessToken, body: body)
            return (answer.status, answer.body)
        }
    }

    static func document(_ random: inout FuzzRandom) -> String {
        let fields = ["id", "title", "handle", "name", "edges", "node", "nodes", "variants(first: 250)", "product",
                      "products(first: 250)", "collections(first: 250)", "pages(first: 250)", "articles(first: 250)",
                      "search(query: \"a\", first: 250)", "page(handle: \"about-us\")", "blog(handle: \"journal\")", "images(first: 10)", "shop", "__typename",
                      "__schema", "types", "fields", "type", "ofType", "priceRange", "minVariantPrice", "amount"]
        switch random.int(0...14) {
        case 0:   // selections nested thousands deep
            let depth = random.int(1...3_000)
            return "{" + String(repeating: "shop {", count: depth) + "name" + String(repeating: "}", count: random.int(0...depth + 1)) + "}"
        case 1:   // arguments nested thousands deep
            let depth = random.int(1...6_000)
            return "{ products(first: 1, query: " + String(repeating: "[", count: depth) + "\"x\"" + String(repeating: "]", count: depth) + ") { nodes { id } } }"
        case 2:   // operations (or fragments) sharing a name
            let name = random.pick(["A", "Q", "dup"])
            return random.chance(0.5)
                ? "query \(name) { shop { name } } query \(name) { shop { name } }"
                : "fragment \(name) on Shop { name } fragment \(name) on Shop { name } { shop { ...\(name) } }"
        case 3:   // many aliases of a large connection
            let count = random.int(1...1_500)
            return "{" + (0..<count).map { "a\($0): products(first: 250) { nodes { id title } }" }.joined(separator: " ") + "}"
        case 4:   // connections inside connections
            return "{ products(first: 250) { nodes { variants(first: 250) { nodes { product { variants(first: 250) { nodes { product { title } } } } } } } } }"
        case 5:   // search syntax inside products(query:)
            let query = random.chance(0.5) ? String(repeating: random.pick(["(", "-(", "NOT "]), count: random.int(1...3_000)) : HostileText.string(&random)
            return "{ products(first: 5, query: \"\(query.jsonEscaped)\") { nodes { id } } }"
        case 6:   // many mutations
            let count = random.int(1...200)
            return "mutation {" + (0..<count).map { "c\($0): cartCreate(input: {}) { cart { id } }" }.joined(separator: " ") + "}"
        case 7:   // introspection, aliased
            let count = random.int(1...1_000)
            return "{" + (0..<count).map { "i\($0): __schema { types { fields { type { ofType { name } } } } }" }.joined(separator: " ") + "}"
        case 8:   // fragments spreading fragments (and themselves)
            let count = random.int(1...40)
            let fragments = (0..<count).map { "fragment F\($0) on Shop { name ...F\($0 + 1) ...F\($0 + 1) }" }.joined(separator: " ")
            return fragments + " fragment F\(count) on Shop { name \(random.chance(0.3) ? "...F0" : "") } { shop { ...F0 } }"
        case 9:   // variables used deep
            return "query Q($input: CartInput, $first: Int) { products(first: $first) { nodes { id } } cartCreate: shop { name } }"
        case 10:  // random tokens
            var text = random.chance(0.5) ? "{" : ""
            for _ in 0..<random.length(upTo: 400) {
                text += random.pick(fields + ["{", "}", "(", ")", ":", "...", "on", "query", "mutation", "fragment", "$v", "\"", "#", "\n", "@include(if: true)", "first: 9999999999999999999", "first: -1"])
                text += " "
            }
            return text
        case 11:  // names written with what the lexer skips between tokens: the same names
            let gap = String((0..<random.int(1...3)).map { _ in random.pick(Self.ignoredByLexer) }.joined())
            let name = random.pick(["A", "Q", "dup"])
            return random.chance(0.5)
                ? "query\(gap)\(name) { shop { name } } query\(random.chance(0.5) ? gap : " ")\(name) { shop { name } }"
                : "fragment\(gap)\(name) on Shop { name } fragment \(name)\(gap)on Shop { name } { shop { ...\(name) } }"
        case 12:  // lists that lead back to lists, nested
            var inner = "id title"
            for _ in 0..<random.int(1...8) {
                inner = random.pick(["adjacentVariants { id product { id \(inner) } }",
                                     "variants(first: 250) { nodes { id product { \(inner) } } }",
                                     "collections(first: 250) { nodes { products(first: 250) { nodes { \(inner) } } } }"])
            }
            return "{ products(first: \(random.pick([1, 10, 250]))) { nodes { \(inner) } } }"
        case 13:  // sizes from variables' defaults, not sent
            let levels = random.int(1...6)
            var inner = "id"
            for _ in 0..<levels { inner = "variants(first: $n) { nodes { product { id \(inner) } } }" }
            return "query D($n: Int = \(random.pick([1, 250, 25_000, -1])), $m: Int = 250) { products(first: $m) { nodes { \(inner) } } }"
        default:
            return HostileText.string(&random)
        }
    }

    /// What the GraphQL lexer skips between tokens: a byte-order mark, whitespace, commas, line
    /// ends of every kind and comments.
    static let ignoredByLexer = ["\u{FEFF}", " ", "\t", ",", "\n", "\r", "\r\n", "#x\n", "#\u{FEFF}\r"]

    static func variables(_ random: inout FuzzRandom) -> Any {
        switch random.int(0...3) {
        case 0:
            var value: Any = ["note": "x"]
            for _ in 0..<random.int(0...200) { value = ["attributes": [value]] }
            return ["input": value, "first": random.pick([1, 250, 100_000, -5])]
        case 1: return ["first": random.pick([Int.max, Int.min, 0, 250])]
        case 2: return "not an object"
        default: return ["input": ["lines": (0..<random.int(0...2_000)).map { _ in ["merchandiseId": "gid://shopify/ProductVariant/1", "quantity": Int.max] }]]
        }
    }

    /// Requests to the customer account server (authorize, token, revoke, userinfo, …) with
    /// hostile form bodies and query strings: no 5xx, no control byte in an answer.
    public static func oauth(account: AccountEndpoint) -> FuzzTarget {
        FuzzTarget(surface: .oauth, generate: { random in
            let route = random.pick(AccountEndpoint.Path.routes)
            let method = random.chance(0.9) ? random.pick(route.methods) : random.pick(["PUT", "DELETE", "GET", "POST"])
            let keys = ["grant_type", "code", "code_verifier", "redirect_uri", "client_id", "refresh_token", "token", "state",
                        "scope", "response_type", "code_challenge", "code_challenge_method", "nonce", "approve", "id_token_hint"]
            func form(_ random: inout FuzzRandom) -> String {
                (0..<random.length(upTo: 40)).map { _ in
                    let key = random.chance(0.8) ? random.pick(keys) : HostileText.string(&random)
                    let value = random.pick(["authorization_code", "refresh_token", "S256", "plain", "http://127.0.0.1:1/cb", "storefront-cli",
                                             "openid email", HostileText.string(&random), String(repeating: "A", count: random.int(0...70_000)), "%zz", "%00", "%E2%80%AE"])
                    return key + (random.chance(0.9) ? "=" + value : "")
                }.joined(separator: random.chance(0.9) ? "&" : ";")
            }
            let authorization = random.chance(0.3) ? "\nBearer " + random.pick(["x", "eyJhbGciOiJub25lIn0.e30.", HostileText.string(&random)]) : ""
            return "\(method) \(route.path)?\(form(&random))\(authorization)\n\n\(form(&random))"
        }, check: { input in
            let (head, body) = input.split(separator: "\n\n", maxSplits: 1, omittingEmptySubsequences: false).map(String.init).pairOrEmpty
            let headLines = head.split(separator: "\n", maxSplits: 1).map(String.init)
            let requestLine = headLines.first ?? ""
            let method = String(requestLine.prefix { $0 != " " })
            let target = String(requestLine.dropFirst(method.count + 1))
            let path = String(target.prefix { $0 != "?" })
            let query = target.contains("?") ? String(target.drop { $0 != "?" }.dropFirst()) : ""
            let answer = await account.handle(AccountEndpoint.Request(method: method, path: path, query: query,
                                                                      authorization: headLines.count > 1 ? headLines[1] : nil,
                                                                      body: Data(body.utf8)))
            if answer.status >= 500 { return "status \(answer.status)" }
            if answer.body.contains(0x1B) { return "an escape byte in the answer" }
            return nil
        })
    }
}

private extension Array where Element == String {
    var pairOrEmpty: (String, String) { (first ?? "", count > 1 ? self[1] : "") }
}
