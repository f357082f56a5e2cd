extension JSONValue {
    /// Parses JSON text, keeping number literals and member order (see `JSONParser`).
    package init(parsing text: String) throws(JSONParseError) {
        self = try JSONParser.parse(text)
    }

    /// Compact JSON text: members in their stored order, numbers as their literal text, no
    /// whitespace. Control characters are escaped; other characters are written as UTF-8.
    package var serialized: String {
        var out: [UInt8] = []
        out.reserveCapacity(64)
        write(into: &out)
        return String(decoding: out, as: UTF8.self)
    }

    private func write(into out: inout [UInt8]) {
        switch self {
        case .null: out.append(contentsOf: "null".utf8)
        case .bool(let b): out.append(contentsOf: (b ? "true" : "false").utf8)
        case .number(let literal): out.append(contentsOf: literal.utf8)
        case .string(let s): JSONValue.writeString(s, into: &out)
        case .array(let elements):
            out.append(UInt8(ascii: "["))
            for (i, element) in elements.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                element.write(into: &out)
            }
            out.append(UInt8(ascii: "]"))
        case .object(let members):
            out.append(UInt8(ascii: "{"))
            for (i, (key, value)) in members.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                JSONValue.writeString(key, into: &out)
                out.append(UInt8(ascii: ":"))
                value.write(into: &out)
            }
            out.append(UInt8(ascii: "}"))
        }
    }

    private static func writeString(_ s: String, into out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        for byte in s.utf8 {
            switch byte {
            case UInt8(ascii: "\""): out.append(contentsOf: #"\""#.utf8)
            case UInt8(ascii: "\\"): out.append(contentsOf: #"\\"#.utf8)
            case 0x0A: out.append(contentsOf: #"\n"#.utf8)
            case 0x0D: out.append(contentsOf: #"\r"#.utf8)
            case 0x09: out.append(contentsOf: #"\t"#.utf8)
            case 0x08: out.append(contentsOf: #"\b"#.utf8)
            case 0x0C: out.append(contentsOf: #"\f"#.utf8)
            case 0x00..<0x20, 0x7F:
                let hex = Array("0123456789abcdef".utf8)
                out.append(contentsOf: #"\u00"#.utf8)
                out.append(hex[Int(byte >> 4)])
                out.append(hex[Int(byte & 0x0F)])
            default: out.append(byte)
            }
        }
        out.append(UInt8(ascii: "\""))
    }
}

extension JSONValue {
    /// An object member list, skipping members whose value is nil (optional fields left out).
    package static func compactObject(_ members: [(String, JSONValue?)]) -> JSONValue {
        .object(members.compactMap { key, value in value.map { (key, $0) } })
    }

    /// The number literal, when this is a number.
    package var numberLiteral: String? { if case .number(let n) = self { return n }; return nil }

    /// The members, when this is an object.
    package var objectMembers: [(String, JSONValue)]? { if case .object(let m) = self { return m }; return nil }

    /// Every string (member names included) passed through `transform`: used to sanitise data that
    /// arrives from the page before it reaches the app.
    package func mapStrings(_ transform: (String) -> String) -> JSONValue {
        switch self {
        case .null, .bool, .number: return self
        case .string(let s): return .string(transform(s))
        case .array(let elements): return .array(elements.map { $0.mapStrings(transform) })
        case .object(let members): return .object(members.map { (transform($0.0), $0.1.mapStrings(transform)) })
        }
    }
}
