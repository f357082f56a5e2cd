import Foundation
import MCP
@_exported import ServerSettings
import Storefront

/// One tool an agent may call: its description and input schema (JSON Schema, draft 2020-12),
/// and what it does with the shop.
struct AgentTool: Sendable {
    var tool: Tool
    var run: @Sendable (AgentShop, ToolArguments) async throws -> Value
}

/// The tool sets the shop answers (`AgentToolSet`), both over the same `AgentShop`.
extension AgentToolSet {
    var tools: [AgentTool] {
        switch self {
        case .storefront: return StorefrontMCPTools.all
        case .ucp: return UCPTools.all
        }
    }

    /// The tools' names, in the order they are listed.
    public var toolNames: [String] { tools.map(\.tool.name) }

    /// The tools as `tools/list` answers them.
    public var listed: [Tool] { tools.map(\.tool) }
}

/// Calls a tool of a set for a caller. A call the shop refuses is a tool error (`isError`, the
/// message in the text and `structuredContent.errors`); a tool the set does not have is a
/// JSON-RPC error (invalid params), as the MCP specification has it.
public struct AgentTools: Sendable {
    public let shop: AgentShop
    public let set: AgentToolSet
    private let byName: [String: AgentTool]

    public init(shop: AgentShop, set: AgentToolSet) {
        self.shop = shop; self.set = set
        self.byName = Dictionary(set.tools.map { ($0.tool.name, $0) }, uniquingKeysWith: { a, _ in a })
    }

    public func call(_ name: String, arguments: [String: Value]?, as caller: AgentCaller) async throws -> CallTool.Result {
        guard let tool = byName[name] else {
            throw MCPError.invalidParams("Unknown tool: \(AgentShop.quoted(name))")
        }
        do {
            let reader = try ToolArguments(arguments)
            let result = try await AgentCallContext.$caller.withValue(caller) {
                try await tool.run(shop, reader)
            }
            return CallTool.Result(content: [.text(text: Self.text(result), annotations: nil, _meta: nil)], structuredContent: Optional(result), isError: false)
        } catch {
            let failure = AgentShop.failure(error)
            let body: Value = ["errors": [["code": .string(failure.code), "message": .string(failure.message), "severity": "recoverable"]]]
            return CallTool.Result(content: [.text(text: failure.message, annotations: nil, _meta: nil)], structuredContent: Optional(body), isError: true)
        }
    }

    /// The result as JSON text, for clients that read only the text content.
    static func text(_ value: Value) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(value) else { return "{}" }
        return String(decoding: data, as: UTF8.self)
    }
}

/// Building blocks of the tools' input schemas.
enum Schema {
    static func object(_ properties: [String: Value], required: [String] = [], description: String? = nil) -> Value {
        var fields: [String: Value] = ["type": "object", "properties": .object(properties), "additionalProperties": false]
        if !required.isEmpty { fields["required"] = .array(required.map(Value.string)) }
        if let description { fields["description"] = .string(description) }
        return .object(fields)
    }

    static func string(_ description: String, maxLength: Int = ToolArguments.maximumTextLength) -> Value {
        ["type": "string", "description": .string(description), "maxLength": .int(maxLength)]
    }

    static func integer(_ description: String, _ range: ClosedRange<Int>) -> Value {
        ["type": "integer", "description": .string(description), "minimum": .int(range.lowerBound), "maximum": .int(range.upperBound)]
    }

    static func array(_ items: Value, description: String, maxItems: Int = ToolArguments.maximumListLength) -> Value {
        ["type": "array", "items": items, "description": .string(description), "maxItems": .int(maxItems)]
    }

    static func stringMap(_ description: String) -> Value {
        ["type": "object", "description": .string(description), "additionalProperties": ["type": "string", "maxLength": 255],
         "maxProperties": 16]
    }

    static let quantity = integer("Units of the variant", 1...10_000)
    static let country = ["type": "string", "description": "ISO 3166-1 alpha-2 country the buyer shops from (prices and what is sold follow it)",
                          "pattern": "^[A-Za-z]{2}$"] as Value
}
