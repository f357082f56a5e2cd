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
    /// `\b \f \n \r \t` or `\u00XX`, everything else as its UTF-8. The text is copied in runs
    /// between the bytes that need escaping, from its contiguous UTF-8.
    static func writeString(_ text: String, into bytes: inout [UInt8]) {
        var text = text
        bytes.append(UInt8(ascii: "\""))
        text.withUTF8 { utf8 in
            var run = 0
            for index in utf8.indices {
                let byte = utf8[index]
                guard byte < 32 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte == UInt8(ascii: "/") else { continue }
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[run..<index]))
                run = index + 1
                bytes.append(UInt8(ascii: "\\"))
                switch byte {
                case 0x08: bytes.append(UInt8(ascii: "b"))
                case 0x0C: bytes.append(UInt8(ascii: "f"))
                case 0x0A: bytes.append(UInt8(ascii: "n"))
                case 0x0D: bytes.append(UInt8(ascii: "r"))
                case 0x09: bytes.append(UInt8(ascii: "t"))
                case 0..<32:
                    let hex = "0123456789abcdef".utf8
                    bytes.append(UInt8(ascii: "u")); bytes.append(UInt8(ascii: "0")); bytes.append(UInt8(ascii: "0"))
                    bytes.append(hex[hex.index(hex.startIndex, offsetBy: Int(byte >> 4))])
                    bytes.append(hex[hex.index(hex.startIndex, offsetBy: Int(byte & 0xF))])
                default: bytes.append(byte)
                }
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[run...]))
        }
        bytes.append(UInt8(ascii: "\""))
    }
}
