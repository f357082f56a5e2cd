import Foundation
import Graphiti
import GraphQL
import Storefront

/// A value of one of the schema's custom scalars, carried as one JSON string. `Kind` names the
/// scalar and says which strings it accepts; each specialisation is registered under its name in
/// `ScalarSchema`.
struct ScalarText<Kind: ScalarKind>: Codable, Hashable, Sendable {
    var text: String

    init(unchecked text: String) { self.text = text }

    init(text: String) throws {
        guard Kind.accepts(text) else {
            throw StorefrontError.invalidArgument("\"\(TextSanitizer.cleanLine(text).prefix(60))\" is not a valid \(Kind.name)")
        }
        self.text = text
    }

    init(from decoder: any Decoder) throws {
        try self.init(text: try decoder.singleValueContainer().decode(String.self))
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(text)
    }

    /// A variable's value: a string the scalar accepts is its text, checked as `init(from:)`
    /// checks it (the same error for one it refuses), without a decoder and an encoder per value;
    /// anything else is decoded and encoded as Graphiti does, for the same errors.
    @Sendable static func parseValue(_ map: Map, _ coders: Coders) throws -> Map {
        guard case .string(let text) = map else { return try coders.encoder.encode(try coders.decoder.decode(Self.self, from: map)) }
        return .string(try Self(text: text).text)
    }

    /// The value in an answer: its text, as `encode(to:)` writes it, without an encoder per value.
    @Sendable static func serialize(_ value: Any, _: Coders) throws -> Map {
        guard let scalar = value as? Self else {
            throw GraphQLError(message: "Serialize expected type \(Self.self) but got \(type(of: value))")
        }
        return .string(scalar.text)
    }
}

extension ScalarText: TextScalarValue {
    static var scalarName: String { Kind.name }
}

protocol ScalarKind: Sendable {
    static var name: String { get }
    static func accepts(_ text: String) -> Bool
}

extension ScalarKind {
    static func accepts(_ text: String) -> Bool { true }
}

/// Upper-case letters, digits and underscores: what every value of an enum looks like.
private func isEnumValueName(_ text: String) -> Bool {
    !text.isEmpty && text.unicodeScalars.allSatisfy { ("A"..."Z").contains($0) || ("0"..."9").contains($0) || $0 == "_" }
}

/// `ID`: a global id such as "gid://shopify/Product/1": one that is not is refused before the
/// operation runs, as the API refuses it.
enum IDScalar: ScalarKind {
    static let name = "ID"
    static func accepts(_ text: String) -> Bool {
        // ASCII (every id a client means to send): its bytes are its characters, read as bytes.
        if let ascii = acceptsASCII(text) { return ascii }
        guard text.hasPrefix("gid://shopify/") else { return false }
        let parts = text.dropFirst("gid://shopify/".count).split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false)
        return parts.count == 2 && !parts[0].isEmpty && parts[0].allSatisfy { $0.isASCII && $0.isLetter } && !parts[1].isEmpty
    }

    private static let prefix = Array("gid://shopify/".utf8)

    /// What `accepts` answers for an ASCII text, from its bytes; nil for any other text.
    private static func acceptsASCII(_ text: String) -> Bool? {
        var text = text
        return text.withUTF8 { bytes -> Bool? in
            guard bytes.allSatisfy({ $0 < 0x80 }) else { return nil }
            guard bytes.starts(with: prefix) else { return false }
            let rest = bytes[prefix.count...]
            guard let slash = rest.firstIndex(of: UInt8(ascii: "/")) else { return false }
            let type = rest[..<slash]
            let isLetter = { (byte: UInt8) in (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) }
            return !type.isEmpty && type.allSatisfy(isLetter) && slash + 1 < rest.endIndex
        }
    }
}
/// `Decimal`: an exact amount written as a string ("5.15").
enum DecimalScalar: ScalarKind { static let name = "Decimal" }
/// `DateTime`: ISO 8601 in UTC.
enum DateTimeScalar: ScalarKind { static let name = "DateTime" }
enum URLScalar: ScalarKind { static let name = "URL" }
/// `JSON`: a JSON document written as a string (a filter value's `input`).
enum JSONScalar: ScalarKind { static let name = "JSON" }
/// `UnsignedInt64`: base-10 digits in a string, as the API writes counts that may be large.
enum UnsignedInt64Scalar: ScalarKind {
    static let name = "UnsignedInt64"
    static func accepts(_ text: String) -> Bool { !text.isEmpty && text.utf8.count <= 20 && text.allSatisfy(\.isASCII) && UInt64(text) != nil }
}
enum HTMLScalar: ScalarKind { static let name = "HTML" }
/// `Color`: a hexadecimal colour ("#6A8D48").
enum ColorScalar: ScalarKind { static let name = "Color" }

// The API's large or growing enums (`CountryCode`, `LanguageCode`, `CurrencyCode`,
// `CartErrorCode`, `CartWarningCode`) are served as scalars of the same name: documents and
// variables written for the real schema work unchanged, codes added in later versions still pass
// through, and the server does not carry hundreds of enum values. Introspection shows them as
// scalars, not enums.

enum CountryCodeScalar: ScalarKind {
    static let name = "CountryCode"
    static func accepts(_ text: String) -> Bool { EnumCodes.countries.contains(text) }
}

enum LanguageCodeScalar: ScalarKind {
    static let name = "LanguageCode"
    static func accepts(_ text: String) -> Bool { EnumCodes.languages.contains(text) }
}

enum CurrencyCodeScalar: ScalarKind {
    static let name = "CurrencyCode"
    static func accepts(_ text: String) -> Bool { EnumCodes.currencies.contains(text) }
}

enum CartErrorCodeScalar: ScalarKind {
    static let name = "CartErrorCode"
    static func accepts(_ text: String) -> Bool { isEnumValueName(text) }
}

enum CartWarningCodeScalar: ScalarKind {
    static let name = "CartWarningCode"
    static func accepts(_ text: String) -> Bool { isEnumValueName(text) }
}

typealias GraphID = ScalarText<IDScalar>
typealias DecimalAmount = ScalarText<DecimalScalar>
typealias DateTimeValue = ScalarText<DateTimeScalar>
typealias URLValue = ScalarText<URLScalar>
typealias JSONValue = ScalarText<JSONScalar>
typealias UnsignedInt64Value = ScalarText<UnsignedInt64Scalar>
typealias HTMLValue = ScalarText<HTMLScalar>
typealias ColorValue = ScalarText<ColorScalar>
typealias CountryCode = ScalarText<CountryCodeScalar>
typealias LanguageCode = ScalarText<LanguageCodeScalar>
typealias CurrencyCode = ScalarText<CurrencyCodeScalar>
typealias CartErrorCodeValue = ScalarText<CartErrorCodeScalar>
typealias CartWarningCodeValue = ScalarText<CartWarningCodeScalar>

extension ScalarText where Kind == DateTimeScalar {
    /// In whole seconds, as the API writes dates ("2026-04-01T09:30:00Z").
    init(_ date: Date) {
        let whole = Date(timeIntervalSince1970: date.timeIntervalSince1970.rounded(.down))
        self.init(unchecked: whole.formatted(DateTimeStyle.iso8601))
    }
}

/// The style every `DateTime` is written in, made once.
private enum DateTimeStyle {
    static let iso8601 = Date.ISO8601FormatStyle()
}
