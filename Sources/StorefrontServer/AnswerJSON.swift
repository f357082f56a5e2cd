import Foundation
import GraphQL
import StorefrontModels

/// An answer's JSON written straight from its `Map`, byte for byte as `GraphQLJSONEncoder` writes
/// it (keys in order, strings and numbers as `JSONText` writes them), without the
/// encoder's intermediate tree of every value: the answer is written once. Only answers without
/// errors are written here; nil means the encoder must do it (errors, an undefined value, a number
/// JSON cannot hold), and it decides what such an answer is.
enum AnswerJSON {
    static func data(_ result: GraphQL.GraphQLResult) -> Data? {
        guard result.errors.isEmpty else { return nil }
        guard let data = result.data else { return Data("{}".utf8) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(4096)
        bytes.append(contentsOf: #"{"data":"#.utf8)
        guard write(data, into: &bytes) else { return nil }
        bytes.append(UInt8(ascii: "}"))
        return Data(bytes)
    }

    /// Appends `value`; false when it holds something only the encoder decides about.
    static func write(_ value: Map, into bytes: inout [UInt8]) -> Bool {
        switch value {
        case .undefined:
            return false
        case .null:
            bytes.append(contentsOf: "null".utf8)
        case .bool(let flag):
            bytes.append(contentsOf: (flag ? "true" : "false").utf8)
        case .number(let number):
            guard JSONText.appendNumber(number.doubleValue, into: &bytes) else { return false }
        case .string(let text):
            JSONText.appendString(text, into: &bytes)
        case .array(let elements):
            bytes.append(UInt8(ascii: "["))
            for (index, element) in elements.enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                guard write(element, into: &bytes) else { return false }
            }
            bytes.append(UInt8(ascii: "]"))
        case .dictionary(let fields):
            bytes.append(UInt8(ascii: "{"))
            var first = true
            for (key, field) in fields where !field.isUndefined {
                if !first { bytes.append(UInt8(ascii: ",")) }
                first = false
                JSONText.appendString(key, into: &bytes)
                bytes.append(UInt8(ascii: ":"))
                guard write(field, into: &bytes) else { return false }
            }
            bytes.append(UInt8(ascii: "}"))
        }
        return true
    }
}
