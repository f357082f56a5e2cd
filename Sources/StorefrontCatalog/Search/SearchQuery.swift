import Foundation
import StorefrontModels

/// A parsed query in the Shopify search syntax (see `SearchQueryParser`).
public indirect enum SearchQuery: Hashable, Sendable {
    /// Matches everything (a blank query).
    case all
    /// A fuzzy term: a case- and accent-insensitive substring of the title, vendor, product type,
    /// tags or description. A quoted phrase is one term.
    case term(String)
    /// `field:value`, `field:<value`, ...
    case field(SearchField, SearchComparison, SearchValue)
    /// `field:*`: the product has a value for the field.
    case exists(SearchField)
    case not(SearchQuery)
    case and([SearchQuery])
    case or([SearchQuery])

    /// The longest query that is read (in characters), and how deep groups and negations may nest.
    public static let maximumLength = SearchQueryParser.maximumLength
    public static let maximumDepth = SearchQueryParser.maximumDepth

    /// Parses a query, or throws `SearchSyntaxError` pointing at the problem. `fields` are the
    /// ones it may name: a product's, or a collection's (`SearchField.collectionFields`).
    public static func parse(_ text: String, fields: [SearchField] = SearchField.productFields) throws(SearchSyntaxError) -> SearchQuery {
        var parser = SearchQueryParser(text, fields: fields)
        return try parser.parse()
    }
}

/// The fields a query can name.
public enum SearchField: String, Hashable, Sendable, CaseIterable {
    case title, handle, tag, vendor, sku
    case productType = "product_type"
    case price
    case variantsPrice = "variants.price"
    case availableForSale = "available_for_sale"
    case createdAt = "created_at"
    case updatedAt = "updated_at"
    /// A collection's: `custom` (products listed by hand, as every catalog collection is) or `smart`.
    case collectionType = "collection_type"

    /// What a product query can name.
    public static let productFields: [SearchField] = [.title, .handle, .tag, .vendor, .sku, .productType, .price, .variantsPrice,
                                                      .availableForSale, .createdAt, .updatedAt]
    /// What `collections(query:)` can name.
    public static let collectionFields: [SearchField] = [.title, .handle, .collectionType, .updatedAt]

    enum Kind { case text, amount, boolean, date }

    var kind: Kind {
        switch self {
        case .title, .handle, .tag, .vendor, .sku, .productType, .collectionType: return .text
        case .price, .variantsPrice: return .amount
        case .availableForSale: return .boolean
        case .createdAt, .updatedAt: return .date
        }
    }
}

public enum SearchComparison: String, Hashable, Sendable {
    case equal = ":", less = ":<", lessOrEqual = ":<=", greater = ":>", greaterOrEqual = ":>="

    /// Whether a date (seconds since 1970) compares so with a value. A date-only value stands for
    /// the whole day: `>2025-05-01` is after that day, `<=2025-05-01` up to its end, `:2025-05-01` during it.
    @inline(__always)
    func holds(_ date: Double, seconds: Double, wholeDay: Bool) -> Bool {
        let end = wholeDay ? seconds + 86_400 : seconds
        switch self {
        case .equal: return wholeDay ? date >= seconds && date < end : date == seconds
        case .less: return date < seconds
        case .lessOrEqual: return wholeDay ? date < end : date <= seconds
        case .greater: return wholeDay ? date >= end : date > seconds
        case .greaterOrEqual: return date >= seconds
        }
    }
}

/// A field's value, already checked against the field's kind.
public enum SearchValue: Hashable, Sendable {
    /// Text; `prefix` when it ended in `*` (`title:mat*`).
    case text(String, prefix: Bool)
    case amount(Decimal)
    case boolean(Bool)
    /// An instant, or a whole day when only a date was written.
    case date(seconds: Double, wholeDay: Bool)
}
