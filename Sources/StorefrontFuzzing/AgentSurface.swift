import Foundation
import StorefrontAgents

/// One request to an agents' endpoint: where, with what authorization, and the body.
public struct AgentRequest: Sendable {
    public var path: String
    public var authorization: String?
    public var body: Data
}

extension FuzzTarget {
    /// Agents' requests to `/api/mcp` and `/api/ucp/mcp`: tools of both sets and made-up ones,
    /// arguments of every type, huge and deep, mistyped quantities and ids, payment with junk
    /// tokens, JSON-RPC that is not, batches, notifications, and bodies past the limit. Each is
    /// answered by `handle` with a status an HTTP client can act on and, for 200, a JSON-RPC
    /// message (a tool call's result has content); never no answer.
    public static func mcp(handle: @escaping @Sendable (AgentRequest) async -> (status: Int, body: Data)?) -> FuzzTarget {
        FuzzTarget(surface: .mcp, generate: { random in
            let path = random.pick(["/api/mcp", "/api/ucp/mcp"])
            let auth = random.chance(0.1) ? random.pick(["Bearer nope", "Basic eA==", "Bearer ", HostileText.string(&random)]) : "-"
            // A header value carries no control characters: an HTTP client will not send them.
            let header = String(String.UnicodeScalarView(auth.unicodeScalars.filter { $0.value >= 0x20 && $0.value != 0x7F }))
            return path + " " + (header.trimmingCharacters(in: .whitespaces).isEmpty ? "-" : header) + "\n" + body(&random)
        }, check: { input in
            // Shrinking may cut the request line off: such an input is no request, and no finding.
            guard let newline = input.firstIndex(of: "\n") else { return nil }
            let head = input[..<newline].split(separator: " ", maxSplits: 1)
            let path = String(head.first ?? "")
            guard ["/api/mcp", "/api/ucp/mcp"].contains(path) else { return nil }
            let auth = head.count > 1 && head[1] != "-" ? String(head[1]) : nil
            let body = Data(input[input.index(after: newline)...].utf8)
            guard let (status, answer) = await handle(AgentRequest(path: path, authorization: auth, body: body)) else {
                return "no answer (the connection failed)"
            }
            guard [200, 202, 400, 401, 404, 406, 413, 415].contains(status) else { return "status \(status)" }
            guard status == 200 else { return nil }
            let message = try? JSONSerialization.jsonObject(with: answer)
            let messages = (message as? [[String: Any]]) ?? [(message as? [String: Any])].compactMap { $0 }
            guard !messages.isEmpty, messages.allSatisfy({ $0["jsonrpc"] as? String == "2.0" && ($0["result"] != nil || $0["error"] != nil) }) else {
                return "the answer is not JSON-RPC: \(String(decoding: answer.prefix(200), as: UTF8.self))"
            }
            for result in messages.compactMap({ $0["result"] as? [String: Any] }) where result["isError"] != nil {
                guard result["content"] is [Any] else { return "a tool result without content" }
            }
            return nil
        })
    }

    static let toolNames = AgentToolSet.allCases.flatMap(\.toolNames) + ["", "drop_tables", "tools/call", "SEARCH_CATALOG", "get_cart\u{0}"]

    static func body(_ random: inout FuzzRandom) -> String {
        switch random.int(0...9) {
        case 0:   // not JSON, or cut short
            return random.pick(["", "{", "[]", "null", "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/call\",\"params\":{\"name\":\"get_cart\"",
                                HostileText.string(&random)])
        case 1:   // past the body limit
            return "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/call\",\"params\":{\"name\":\"search_catalog\",\"arguments\":{\"q\":\""
                + String(repeating: "x", count: (1 << 20) + random.int(1...4_096)) + "\"}}}"
        case 2:   // other methods, batches, notifications
            let method = random.pick(["initialize", "tools/list", "ping", "resources/list", "prompts/get", "notifications/initialized", "x"])
            let message = random.chance(0.3) ? "{\"jsonrpc\":\"2.0\",\"method\":\"\(method)\"}"
                : "{\"jsonrpc\":\"2.0\",\"id\":\(random.int(-5...5)),\"method\":\"\(method)\",\"params\":{}}"
            return random.chance(0.2) ? "[\(message),\(message)]" : message
        default:  // a tool call
            let name = random.pick(toolNames)
            let arguments = random.chance(0.6) ? plausibleArguments(&random) : value(&random, depth: 0)
            let id: Any = random.chance(0.8) ? random.int(0...1_000_000) : "id-\(random.int(0...9))"
            let call: [String: Any] = ["jsonrpc": "2.0", "id": id, "method": "tools/call", "params": ["name": name, "arguments": arguments]]
            let data = (try? JSONSerialization.data(withJSONObject: call)) ?? Data("{}".utf8)
            return String(decoding: data, as: UTF8.self)
        }
    }

    /// Arguments shaped like the tools' own, with values of the wrong type, size or range.
    static func plausibleArguments(_ random: inout FuzzRandom) -> [String: Any] {
        func any(_ random: inout FuzzRandom) -> Any {
            random.pick([1, -1, 0, 10_001, Int.max, 1e300, 2.5, "two", "", true, NSNull(), [1], ["a": 1],
                         String(repeating: "é", count: random.int(0...20_000)), "gid://shopify/ProductVariant/\(random.int(0...100_000))",
                         "gid://shopify/Cart/\(random.int(0...9))?key=x", HostileText.string(&random)] as [Any])
        }
        var line: [String: Any] = ["item": ["id": any(&random)], "quantity": any(&random), "price": any(&random)]
        if random.chance(0.5) { line["product_variant_id"] = any(&random) }
        var arguments: [String: Any] = [
            "meta": random.chance(0.8) ? ["ucp-agent": ["profile": any(&random)], "idempotency-key": any(&random)] : any(&random),
            "id": any(&random), "cart_id": any(&random), "query": any(&random), "product_id": any(&random),
            "add_items": random.chance(0.9) ? Array(repeating: line, count: random.int(0...300)) : any(&random),
            "catalog": ["query": any(&random), "ids": [any(&random), any(&random)], "id": any(&random),
                        "pagination": ["limit": any(&random), "cursor": any(&random)]],
            "cart": ["line_items": [line, line]],
            "checkout": ["line_items": [line], "cart_id": any(&random), "buyer": ["email": any(&random)],
                         "shipping_address": ["street_address": any(&random), "address_country": any(&random), "last_name": "X",
                                              "address_locality": "A", "postal_code": "1"],
                         "payment": ["instruments": [["handler_id": random.pick(["storefront_test_tokens", "x"]),
                                                      "credential": ["token": random.pick(TestPaymentTokens.all + ["tok_x", ""])]]]]],
        ]
        for key in arguments.keys where random.chance(0.3) { arguments[key] = nil }
        return arguments
    }

    /// Any JSON value, nested up to 40 deep, with long texts and wide lists.
    static func value(_ random: inout FuzzRandom, depth: Int) -> Any {
        switch depth > 40 ? random.int(0...3) : random.int(0...6) {
        case 0: return random.int(Int.min...Int.max)
        case 1: return random.chance(0.5) ? NSNull() : random.chance(0.5)
        case 2: return String(repeating: random.pick(["a", "\u{1B}[2J", "é", "\u{0}"]), count: random.length(upTo: 100_000))
        case 3: return HostileText.string(&random)
        case 4: return (0..<random.length(upTo: 600)).map { _ in random.int(0...9) }
        case 5: return [value(&random, depth: depth + 1)]
        default:
            var object: [String: Any] = [:]
            for _ in 0..<random.int(0...5) { object[random.pick(["id", "cart", "meta", "quantity", "query", "x"])] = value(&random, depth: depth + 1) }
            return object
        }
    }
}
