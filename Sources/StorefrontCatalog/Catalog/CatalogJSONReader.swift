import Foundation
import StorefrontModels

/// A pull parser for the catalog file: reads JSON straight into the document's structs, without
/// an intermediate tree, at a few hundred megabytes a second (a generic decoder takes seconds for
/// a large catalog). It knows where it is, so every error says where: `line 3, column 14` for
/// broken syntax, a path such as `products[12].variants[0].price` for a value of the wrong kind.
struct CatalogJSONReader {
    fileprivate enum PathComponent: Sendable { case key(Key), index(Int) }

    /// A field name, read without making a String: its bytes in the file, or its text when it
    /// has escapes. `switch key { case "title": ... }` compares the bytes. Unchecked Sendable for
    /// the same reason as `Shared`: the bytes are the file's, only read, and outlive every reader.
    struct Key: @unchecked Sendable {
        fileprivate let bytes: UnsafeBufferPointer<UInt8>
        fileprivate let unescaped: String?

        var text: String { unescaped ?? String(decoding: bytes, as: UTF8.self) }

        static func ~= (pattern: StaticString, key: Key) -> Bool {
            if let unescaped = key.unescaped { return unescaped == pattern.description }
            let count = pattern.utf8CodeUnitCount
            return count == key.bytes.count && (count == 0 || memcmp(pattern.utf8Start, key.bytes.baseAddress!, count) == 0)
        }
    }

    /// The elements of an array, found by `elements(of:)` and read later, one reader each.
    struct Elements: Sendable {
        fileprivate let path: [PathComponent]
        /// Element i is `bytes[starts[i] ..< ends[i]]` (with any whitespace after it).
        fileprivate let starts: [Int]
        fileprivate let ends: [Int]

        var count: Int { starts.count }
    }

    private let bytes: UnsafeBufferPointer<UInt8>
    private let file: String
    private var i = 0
    private var path: [PathComponent] = []

    init(bytes: UnsafeBufferPointer<UInt8>, file: String) {
        self.bytes = bytes
        self.file = file
    }

    /// The file's bytes, to hand to other threads: they are only read, and stay alive for as long
    /// as `read` runs (unchecked: a buffer pointer is not Sendable).
    struct Shared: @unchecked Sendable {
        fileprivate let bytes: UnsafeBufferPointer<UInt8>
        fileprivate let file: String
    }

    var shared: Shared { Shared(bytes: bytes, file: file) }

    /// A reader for the elements of `elements`, on any thread; `seek` picks one.
    init(_ shared: Shared, for elements: Elements) {
        self.init(bytes: shared.bytes, file: shared.file)
        path.reserveCapacity(elements.path.count + 8)
    }

    /// Moves to element `index` of `elements` (the path's storage is kept: no allocation).
    mutating func seek(toElement index: Int, of elements: Elements) {
        i = elements.starts[index]
        path.removeAll(keepingCapacity: true)
        path.append(contentsOf: elements.path)
        path.append(.index(index))
    }

    /// Reads element `index` of `elements` with `body`, which must read all of it.
    mutating func readElement<T>(_ index: Int, of elements: Elements, _ body: (inout CatalogJSONReader) throws -> T) throws -> T {
        let value = try body(&self)
        path.removeLast()
        skipWhitespace()
        // What the array itself would say if the element stopped short.
        if i != elements.ends[index] { throw syntaxError(peek() == nil ? "unexpected end of file (an array is not closed)" : "expected ',' or ']'") }
        return value
    }

    /// Parses `data` with `body`, then insists that nothing but whitespace follows.
    static func read<T>(_ data: Data, file: String, _ body: (inout CatalogJSONReader) throws -> T) throws -> T {
        try data.withUnsafeBytes { raw in
            var reader = CatalogJSONReader(bytes: raw.bindMemory(to: UInt8.self), file: file)
            // A UTF-8 byte order mark is tolerated.
            if raw.count >= 3, raw[0] == 0xEF, raw[1] == 0xBB, raw[2] == 0xBF { reader.i = 3 }
            let value = try body(&reader)
            reader.skipWhitespace()
            if reader.i < reader.bytes.count { throw reader.syntaxError("unexpected text after the end of the catalog") }
            return value
        }
    }

    // MARK: Structure

    /// Reads an object, calling `body` with each key; `body` must read or `skip()` the value.
    mutating func object(_ body: (inout CatalogJSONReader, Key) throws -> Void) throws {
        try expect("an object") { $0 == UInt8(ascii: "{") }
        i += 1
        skipWhitespace()
        if peek() == UInt8(ascii: "}") { i += 1; return }
        while true {
            skipWhitespace()
            guard peek() == UInt8(ascii: "\"") else { throw syntaxError("expected a field name in quotes") }
            let key = try rawKey()
            skipWhitespace()
            guard peek() == UInt8(ascii: ":") else { throw syntaxError("expected ':' after the field name") }
            i += 1
            path.append(.key(key))
            try body(&self, key)
            path.removeLast()
            skipWhitespace()
            switch peek() {
            case UInt8(ascii: ","): i += 1
            case UInt8(ascii: "}"): i += 1; return
            case nil: throw syntaxError("unexpected end of file (an object is not closed)")
            default: throw syntaxError("expected ',' or '}'")
            }
        }
    }

    /// Reads an array, calling `body` with each index; `body` reads the element.
    mutating func array(_ body: (inout CatalogJSONReader, Int) throws -> Void) throws {
        try expect("an array") { $0 == UInt8(ascii: "[") }
        i += 1
        skipWhitespace()
        if peek() == UInt8(ascii: "]") { i += 1; return }
        var index = 0
        while true {
            path.append(.index(index))
            try body(&self, index)
            path.removeLast()
            index += 1
            skipWhitespace()
            switch peek() {
            case UInt8(ascii: ","): i += 1
            case UInt8(ascii: "]"): i += 1; return
            case nil: throw syntaxError("unexpected end of file (an array is not closed)")
            default: throw syntaxError("expected ',' or ']'")
            }
        }
    }

    /// A small first capacity: catalogs' lists are short, and growing one from nothing
    /// allocates two or three times.
    private static let listCapacity = 4

    mutating func list<Entry: CatalogEntry>(of type: Entry.Type) throws -> [Entry] {
        var values: [Entry] = []
        values.reserveCapacity(Self.listCapacity)
        try array { reader, _ in values.append(try Entry(reading: &reader)) }
        return values
    }

    /// Finds where each element of an array starts and ends, to be read later (on any thread) with
    /// `readElement`. A quick scan finds them; if it meets anything amiss, the elements are read
    /// here one after another with `Entry`, so that a broken file fails exactly as it would then.
    mutating func elements<Entry: CatalogEntry>(of type: Entry.Type) throws -> Elements {
        try expect("an array") { $0 == UInt8(ascii: "[") }
        if let found = scanElements() { return found }
        var starts: [Int] = [], ends: [Int] = []
        let arrayPath = path
        try array { reader, _ in
            reader.skipWhitespace()
            starts.append(reader.i)
            _ = try Entry(reading: &reader)
            reader.skipWhitespace()
            ends.append(reader.i)
        }
        return Elements(path: arrayPath, starts: starts, ends: ends)
    }

    /// The elements of the array at `i` by brackets, commas and quotes alone; nil (and `i`
    /// unchanged) when the brackets do not pair up, nest more than 63 deep, or the file ends first.
    private mutating func scanElements() -> Elements? {
        let open = i
        var k = i + 1
        var starts: [Int] = [], ends: [Int] = []
        // The open brackets as bits (1 for "{", 0 for "["), innermost lowest, and how many.
        var stack: UInt64 = 0, depth = 0
        @inline(__always) func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x0A || b == 0x0D || b == 0x09 }
        while k < bytes.count, isSpace(bytes[k]) { k += 1 }
        if k < bytes.count, bytes[k] == UInt8(ascii: "]") { i = k + 1; return Elements(path: path, starts: [], ends: []) }
        var start = k
        while k < bytes.count {
            let b = bytes[k]
            switch b {
            case UInt8(ascii: "\""):
                guard let end = Self.stringEnd(bytes, from: k + 1) else { i = open; return nil }
                k = end
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                guard depth < 63 else { i = open; return nil }
                stack = stack << 1 | (b == UInt8(ascii: "{") ? 1 : 0)
                depth += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                if depth > 0 {
                    guard stack & 1 == (b == UInt8(ascii: "}") ? 1 : 0) else { i = open; return nil }
                    stack >>= 1
                    depth -= 1
                } else {
                    guard b == UInt8(ascii: "]") else { i = open; return nil }
                    starts.append(start); ends.append(k)
                    i = k + 1
                    return Elements(path: path, starts: starts, ends: ends)
                }
            case UInt8(ascii: ",") where depth == 0:
                starts.append(start); ends.append(k)
                k += 1
                while k < bytes.count, isSpace(bytes[k]) { k += 1 }
                start = k
                continue
            default: break
            }
            k += 1
        }
        i = open
        return nil
    }

    /// The index of the quote that closes a string whose text starts at `start`, if it closes.
    private static func stringEnd(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        var k = start
        while let hit = nextQuoteOrBackslash(bytes, from: k) {
            if bytes[hit] == UInt8(ascii: "\"") { return hit }
            k = hit + 2   // a backslash escapes the byte after it
        }
        return nil
    }

    /// The first quote or backslash at or after `k` (or, when `controls`, byte below a space),
    /// eight bytes at a time: a word-wide "has this byte" test, whose lowest hit is exact.
    @inline(__always)
    private static func nextQuoteOrBackslash(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, controls: Bool = false) -> Int? {
        let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
        let quotes = 0x22 &* ones, backslashes = 0x5C &* ones, spaces = 0x20 &* ones
        var k = start
        while k + 8 <= bytes.count {
            let word = UnsafeRawPointer(bytes.baseAddress! + k).loadUnaligned(as: UInt64.self)
            let q = word ^ quotes, b = word ^ backslashes
            var hits = (q &- ones) & ~q | (b &- ones) & ~b
            if controls { hits |= (word &- spaces) & ~word }
            hits &= highs
            if hits != 0 { return k + hits.trailingZeroBitCount >> 3 }
            k += 8
        }
        while k < bytes.count {
            let b = bytes[k]
            if b == 0x22 || b == 0x5C || (controls && b < 0x20) { return k }
            k += 1
        }
        return nil
    }

    mutating func strings() throws -> [String] {
        var values: [String] = []
        values.reserveCapacity(Self.listCapacity)
        try array { reader, _ in values.append(try reader.string()) }
        return values
    }

    // MARK: Values

    mutating func string() throws -> String {
        try expect("a string") { $0 == UInt8(ascii: "\"") }
        return try rawString()
    }

    mutating func int() throws -> Int {
        try expect("an integer") { $0 == UInt8(ascii: "-") || ($0 >= 48 && $0 <= 57) }
        let start = i
        var negative = false
        if peek() == UInt8(ascii: "-") { negative = true; i += 1 }
        var value = 0
        var digits = 0
        while let b = peek(), b >= 48, b <= 57 {
            let (m, o1) = value.multipliedReportingOverflow(by: 10)
            let (s, o2) = m.addingReportingOverflow(Int(b - 48))
            if o1 || o2 { i = start; throw typeError("an integer", found: "a number too large") }
            value = s; digits += 1; i += 1
        }
        if let b = peek(), b == UInt8(ascii: ".") || b == UInt8(ascii: "e") || b == UInt8(ascii: "E") {
            i = start
            throw typeError("an integer", found: "a number with a fraction or exponent")
        }
        guard digits > 0 else { i = start; throw syntaxError("invalid number") }
        return negative ? -value : value
    }

    mutating func bool() throws -> Bool {
        try expect("true or false") { $0 == UInt8(ascii: "t") || $0 == UInt8(ascii: "f") }
        if literal("true") { return true }
        if literal("false") { return false }
        throw syntaxError("invalid value")
    }

    /// Consumes a `null` if one is next.
    mutating func null() -> Bool {
        skipWhitespace()
        return peek() == UInt8(ascii: "n") && literal("null")
    }

    /// Skips any value.
    mutating func skip() throws {
        skipWhitespace()
        switch peek() {
        case UInt8(ascii: "{"): try object { reader, _ in try reader.skip() }
        case UInt8(ascii: "["): try array { reader, _ in try reader.skip() }
        case UInt8(ascii: "\""): _ = try rawString()
        case UInt8(ascii: "t"), UInt8(ascii: "f"): _ = try bool()
        case UInt8(ascii: "n"): guard literal("null") else { throw syntaxError("invalid value") }
        case nil: throw syntaxError("unexpected end of file")
        default:
            let start = i
            while let b = peek(), (b >= 48 && b <= 57) || b == UInt8(ascii: "-") || b == UInt8(ascii: "+")
                    || b == UInt8(ascii: ".") || b == UInt8(ascii: "e") || b == UInt8(ascii: "E") { i += 1 }
            if i == start { throw syntaxError("invalid value") }
        }
    }

    // MARK: Errors

    /// An error at the current path (for a missing field: the object holding it).
    func error(_ message: String) -> StorefrontError {
        .catalog(CatalogError(file: file, message: message, location: pathText))
    }

    func missing(_ field: String) -> StorefrontError { error("missing field \"\(field)\"") }

    func unknownField(_ field: Key) -> StorefrontError {
        .catalog(CatalogError(file: file, message: "unknown field \"\(TextSanitizer.cleanLine(field.text))\"", location: pathText))
    }

    private var pathText: String {
        var text = ""
        for component in path {
            switch component {
            case .key(let key): text += text.isEmpty ? key.text : ".\(key.text)"
            case .index(let index): text += "[\(index)]"
            }
        }
        return text.isEmpty ? "the top level" : TextSanitizer.cleanLine(text)
    }

    private func typeError(_ expected: String, found: String) -> StorefrontError {
        error("expected \(expected) but found \(found)")
    }

    private func syntaxError(_ message: String) -> StorefrontError {
        var line = 1, column = 1
        for k in 0..<min(i, bytes.count) {
            if bytes[k] == 0x0A { line += 1; column = 1 } else if bytes[k] & 0xC0 != 0x80 { column += 1 }
        }
        return .catalog(CatalogError(file: file, message: "is not valid JSON (\(message))", location: "line \(line), column \(column)"))
    }

    private func foundKind() -> String {
        switch peek() {
        case UInt8(ascii: "{"): return "an object"
        case UInt8(ascii: "["): return "an array"
        case UInt8(ascii: "\""): return "a string"
        case UInt8(ascii: "t"), UInt8(ascii: "f"): return "a boolean"
        case UInt8(ascii: "n"): return "null"
        case let b? where (b >= 48 && b <= 57) || b == UInt8(ascii: "-"): return "a number"
        default: return "something else"
        }
    }

    // MARK: Bytes

    @inline(__always) private func peek() -> UInt8? { i < bytes.count ? bytes[i] : nil }

    @inline(__always) private mutating func skipWhitespace() {
        while i < bytes.count {
            let b = bytes[i]
            guard b == 0x20 || b == 0x0A || b == 0x0D || b == 0x09 else { return }
            i += 1
        }
    }

    /// Checks that the next value is of the wanted kind (without consuming it): a value of
    /// another kind is reported by path, anything else as broken syntax.
    private mutating func expect(_ kind: String, _ starts: (UInt8) -> Bool) throws {
        skipWhitespace()
        guard let next = peek() else { throw syntaxError("unexpected end of file") }
        if starts(next) { return }
        if "{[\"tfn-0123456789".utf8.contains(next) { throw typeError(kind, found: foundKind()) }
        throw syntaxError("invalid value")
    }

    private mutating func literal(_ word: StaticString) -> Bool {
        let count = word.utf8CodeUnitCount
        guard i + count <= bytes.count else { return false }
        for k in 0..<count where bytes[i + k] != word.utf8Start[k] { return false }
        if i + count < bytes.count {
            let after = bytes[i + count]
            if (after >= 97 && after <= 122) || (after >= 48 && after <= 57) { return false }
        }
        i += count
        return true
    }

    /// A field name at `i` (which is a quote), as bytes in the file when it has no escapes.
    private mutating func rawKey() throws -> Key {
        guard let end = plainStringEnd() else {
            return Key(bytes: UnsafeBufferPointer(start: nil, count: 0), unescaped: try rawString())
        }
        let key = Key(bytes: UnsafeBufferPointer(rebasing: bytes[(i + 1)..<end]), unescaped: nil)
        i = end + 1
        return key
    }

    /// A date (a string): its instant, parsed from the file's bytes, or its text if it is not one.
    mutating func date() throws -> CatalogDocument.DateEntry {
        try expect("a string") { $0 == UInt8(ascii: "\"") }
        guard let end = plainStringEnd() else {
            let text = try rawString()
            return ISODate.parse(text).map { .instant($0.seconds) } ?? .text(text)
        }
        let text = UnsafeBufferPointer(rebasing: bytes[(i + 1)..<end])
        i = end + 1
        return ISODate.parse(bytes: text).map { .instant($0.seconds) } ?? .text(String(decoding: text, as: UTF8.self))
    }

    /// Where the string at `i` (a quote) ends, if it has neither escapes nor control characters
    /// (which `rawString` reads, or reports).
    private func plainStringEnd() -> Int? {
        guard let hit = Self.nextQuoteOrBackslash(bytes, from: i + 1, controls: true), bytes[hit] == UInt8(ascii: "\"") else { return nil }
        return hit
    }

    /// A string at `i` (which is a quote): fast when it has no escapes.
    private mutating func rawString() throws -> String {
        if let end = plainStringEnd() {
            let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[(i + 1)..<end]), as: UTF8.self)
            i = end + 1
            return text
        }
        let open = i
        i += 1
        let start = i
        while i < bytes.count {
            let b = bytes[i]
            if b == UInt8(ascii: "\"") {
                let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<i]), as: UTF8.self)
                i += 1
                return text
            }
            if b == UInt8(ascii: "\\") { return try escapedString(from: start) }
            if b < 0x20 { throw syntaxError("unescaped control character in a string") }
            i += 1
        }
        i = open
        throw syntaxError("unterminated string")
    }

    private mutating func escapedString(from start: Int) throws -> String {
        var out: [UInt8] = Array(bytes[start..<i])
        while i < bytes.count {
            let b = bytes[i]
            if b == UInt8(ascii: "\"") { i += 1; return String(decoding: out, as: UTF8.self) }
            if b < 0x20 { throw syntaxError("unescaped control character in a string") }
            guard b == UInt8(ascii: "\\") else { out.append(b); i += 1; continue }
            guard i + 1 < bytes.count else { break }
            let e = bytes[i + 1]
            i += 2
            if let unescaped = JSONEscape.byte(for: e) {
                out.append(unescaped)
                continue
            }
            switch e {
            case UInt8(ascii: "u"):
                var scalar = try hex4()
                if (0xD800...0xDBFF).contains(scalar) {
                    // A surrogate pair, or a lone high surrogate that becomes U+FFFD.
                    if i + 1 < bytes.count, bytes[i] == UInt8(ascii: "\\"), bytes[i + 1] == UInt8(ascii: "u") {
                        i += 2
                        let low = try hex4()
                        scalar = (0xDC00...0xDFFF).contains(low) ? 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00) : 0xFFFD
                    } else {
                        scalar = 0xFFFD
                    }
                } else if (0xDC00...0xDFFF).contains(scalar) {
                    scalar = 0xFFFD
                }
                out.append(contentsOf: String(Character(Unicode.Scalar(scalar) ?? "\u{FFFD}")).utf8)
            default:
                i -= 1
                throw syntaxError("invalid escape '\\\(Character(Unicode.Scalar(e)))'")
            }
        }
        throw syntaxError("unterminated string")
    }

    private mutating func hex4() throws -> UInt32 {
        guard i + 4 <= bytes.count else { throw syntaxError("unterminated \\u escape") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let b = bytes[i]
            let digit: UInt32
            switch b {
            case 48...57: digit = UInt32(b - 48)
            case 97...102: digit = UInt32(b - 87)
            case 65...70: digit = UInt32(b - 55)
            default: throw syntaxError("invalid \\u escape")
            }
            value = value << 4 | digit
            i += 1
        }
        return value
    }
}
