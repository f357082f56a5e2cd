import Foundation
import GraphQL
import StorefrontModels

/// Reads a request body's JSON (RFC 8259, UTF-8) straight into a `GraphQLRequest`, as
/// `GraphQLRequestBody` reads it through `JSONDecoder`, without the decoder's tree of the whole
/// body and its coding paths: the query is most of a body, and most of it is read as one run of
/// bytes. What it does not read as plainly (another encoding, a key given twice, a lone surrogate,
/// a number past a `Double`, anything that is not JSON) it answers nil for, and the decoder decides.
struct RequestBodyReader {
    private let bytes: UnsafeBufferPointer<UInt8>
    private var index = 0
    private static let maximumDepth = 512
    /// How deep its brackets nest (the body's own object is 1), counted as `JSONNesting` counts them.
    private var nesting = 1

    private struct Unread: Error {}

    private init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    /// The request, and how deep the body's brackets nest.
    static func read(_ body: Data) -> (request: GraphQLRequest, nesting: Int)? {
        body.withUnsafeBytes { raw in
            var reader = RequestBodyReader(raw.bindMemory(to: UInt8.self))
            guard let request = try? reader.request() else { return nil }
            return (request, reader.nesting)
        }
    }

    private mutating func request() throws -> GraphQLRequest {
        var query: String?, operationName: String??, variables: [String: Map]??
        try expect(UInt8(ascii: "{"))
        var first = true
        while true {
            skipSpace()
            if peek == UInt8(ascii: "}") && first { index += 1; break }
            if !first { try expect(UInt8(ascii: ",")); skipSpace() }
            first = false
            let key = try string()
            skipSpace()
            try expect(UInt8(ascii: ":"))
            skipSpace()
            switch key {
            case "query":
                guard query == nil else { throw Unread() }
                query = try string()
            case "operationName":
                guard operationName == nil else { throw Unread() }
                operationName = try takeNull() ? .some(nil) : try string()
            case "variables":
                guard variables == nil else { throw Unread() }
                if try takeNull() {
                    variables = .some(nil)
                } else {
                    guard peek == UInt8(ascii: "{"), case .dictionary(let fields) = try value(depth: 1) else { throw Unread() }
                    variables = .some(Dictionary(uniqueKeysWithValues: fields.map { ($0.key, $0.value) }))
                }
            default:
                _ = try value(depth: 1)
            }
            skipSpace()
            if peek == UInt8(ascii: "}") { index += 1; break }
        }
        skipSpace()
        guard index == bytes.count, let query else { throw Unread() }
        return GraphQLRequest(query: query, operationName: operationName ?? nil, variables: (variables ?? nil) ?? [:])
    }

    private var peek: UInt8? { index < bytes.count ? bytes[index] : nil }

    private mutating func expect(_ byte: UInt8) throws {
        guard peek == byte else { throw Unread() }
        index += 1
    }

    private mutating func skipSpace() {
        while let byte = peek, byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { index += 1 }
    }

    /// Reads `null` if it is next.
    private mutating func takeNull() throws -> Bool {
        guard peek == UInt8(ascii: "n") else { return false }
        try literal("null")
        return true
    }

    private mutating func literal(_ word: StaticString) throws {
        let count = word.utf8CodeUnitCount
        guard bytes.count - index >= count,
              memcmp(bytes.baseAddress! + index, word.utf8Start, count) == 0 else { throw Unread() }
        index += count
    }

    private mutating func value(depth: Int) throws -> Map {
        guard depth <= Self.maximumDepth, let byte = peek else { throw Unread() }
        switch byte {
        case UInt8(ascii: "\""):
            return .string(try string())
        case UInt8(ascii: "{"):
            index += 1
            nesting = max(nesting, depth + 1)
            // The library's ordered dictionary, as `Map` holds it.
            guard case .dictionary(var fields) = Map.dictionary([:]) else { throw Unread() }
            skipSpace()
            if peek == UInt8(ascii: "}") { index += 1; return .dictionary(fields) }
            while true {
                skipSpace()
                let key = try string()
                skipSpace()
                try expect(UInt8(ascii: ":"))
                skipSpace()
                let element = try value(depth: depth + 1)
                guard fields.updateValue(element, forKey: key) == nil else { throw Unread() }
                skipSpace()
                if peek == UInt8(ascii: "}") { index += 1; return .dictionary(fields) }
                try expect(UInt8(ascii: ","))
            }
        case UInt8(ascii: "["):
            index += 1
            nesting = max(nesting, depth + 1)
            var elements: [Map] = []
            skipSpace()
            if peek == UInt8(ascii: "]") { index += 1; return .array(elements) }
            while true {
                skipSpace()
                elements.append(try value(depth: depth + 1))
                skipSpace()
                if peek == UInt8(ascii: "]") { index += 1; return .array(elements) }
                try expect(UInt8(ascii: ","))
            }
        case UInt8(ascii: "t"):
            try literal("true")
            return .bool(true)
        case UInt8(ascii: "f"):
            try literal("false")
            return .bool(false)
        case UInt8(ascii: "n"):
            try literal("null")
            return .null
        default:
            return .number(Number(try number()))
        }
    }

    /// A JSON number, as a `Double` (as the decoder reads every number here).
    private mutating func number() throws -> Double {
        let start = index
        if peek == UInt8(ascii: "-") { index += 1 }
        guard let lead = peek, lead >= UInt8(ascii: "0"), lead <= UInt8(ascii: "9") else { throw Unread() }
        index += 1
        if lead != UInt8(ascii: "0") { skipDigits() }
        if peek == UInt8(ascii: ".") {
            index += 1
            guard try skipDigits() > 0 else { throw Unread() }
        }
        if peek == UInt8(ascii: "e") || peek == UInt8(ascii: "E") {
            index += 1
            if peek == UInt8(ascii: "+") || peek == UInt8(ascii: "-") { index += 1 }
            guard try skipDigits() > 0 else { throw Unread() }
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
        guard let number = Double(text), number.isFinite else { throw Unread() }
        return number
    }

    @discardableResult
    private mutating func skipDigits() -> Int {
        let start = index
        while let byte = peek, byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") { index += 1 }
        return index - start
    }

    /// A JSON string: a run without escapes is taken as it is; escapes are read into a copy.
    private mutating func string() throws -> String {
        try expect(UInt8(ascii: "\""))
        // Runs of plain bytes between escapes are copied whole (a document's every line ends in
        // one); a string without escapes is not copied at all.
        var copy: [UInt8] = []
        var escaped = false
        var run = index
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                let plain = UnsafeBufferPointer(rebasing: bytes[run..<index])
                index += 1
                guard escaped else { return try text(plain) }
                copy.append(contentsOf: plain)
                return try text(copy)
            }
            if byte == UInt8(ascii: "\\") {
                escaped = true
                copy.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[run..<index]))
                index += 1
                try escape(into: &copy)
                run = index
                continue
            }
            guard byte >= 0x20 else { throw Unread() }
            index += 1
        }
        throw Unread()
    }

    private func text<Bytes: Swift.Collection<UInt8>>(_ utf8: Bytes) throws -> String {
        guard let text = String(validating: utf8, as: UTF8.self) else { throw Unread() }
        return text
    }

    private mutating func escape(into copy: inout [UInt8]) throws {
        guard let byte = peek else { throw Unread() }
        index += 1
        if let unescaped = JSONEscape.byte(for: byte) {
            copy.append(unescaped)
            return
        }
        guard byte == UInt8(ascii: "u") else { throw Unread() }
        var scalar = try hex4()
        if (0xD800..<0xDC00).contains(scalar) {
            // A high surrogate is read only with the low one after it.
            try literal("\\u")
            let low = try hex4()
            guard (0xDC00..<0xE000).contains(low) else { throw Unread() }
            scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
        } else if (0xDC00..<0xE000).contains(scalar) {
            throw Unread()
        }
        guard let unicode = Unicode.Scalar(scalar) else { throw Unread() }
        copy.append(contentsOf: String(Character(unicode)).utf8)
    }

    private mutating func hex4() throws -> UInt32 {
        guard bytes.count - index >= 4 else { throw Unread() }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            index += 1
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw Unread()
            }
            value = value << 4 | UInt32(digit)
        }
        return value
    }
}
