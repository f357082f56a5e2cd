import Foundation
import GraphQL

/// An answer's JSON written straight from its `Map`, byte for byte as `GraphQLJSONEncoder` writes
/// it (keys in order, "/" escaped, numbers as their shortest double without ".0"), without the
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
            let double = number.doubleValue
            guard double.isFinite else { return false }
            var text = double.description
            if text.hasSuffix(".0") { text.removeLast(2) }
            bytes.append(contentsOf: text.utf8)
        case .string(let text):
            writeString(text, into: &bytes)
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
                writeString(key, into: &bytes)
                bytes.append(UInt8(ascii: ":"))
                guard write(field, into: &bytes) else { return false }
            }
            bytes.append(UInt8(ascii: "}"))
        }
        return true
    }

    /// A JSON string: quotation mark, reverse solidus and solidus escaped, control characters as
    /// `\b \f \n \r \t` or `\u00XX`, everything else as its UTF-8.
    static func writeString(_ text: String, into bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "\""))
        guard text.utf8.contains(where: { $0 < 32 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") || $0 == UInt8(ascii: "/") }) else {
            bytes.append(contentsOf: text.utf8)
            bytes.append(UInt8(ascii: "\""))
            return
        }
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\"")])
            case UInt8(ascii: "\\"): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\\")])
            case UInt8(ascii: "/"): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "/")])
            case 0x08: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "b")])
            case 0x0C: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "f")])
            case 0x0A: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
            case 0x0D: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "r")])
            case 0x09: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "t")])
            case 0..<32:
                let hex = Array("0123456789abcdef".utf8)
                bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"),
                                          hex[Int(byte >> 4)], hex[Int(byte & 0xF)]])
            default: bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }
}
