import Foundation

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

    /// Parses a query, or throws `SearchSyntaxError` pointing at the problem.
    public static func parse(_ text: String) throws(SearchSyntaxError) -> SearchQuery {
        var parser = SearchQueryParser(text)
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

    enum Kind { case text, amount, boolean, date }

    var kind: Kind {
        switch self {
        case .title, .handle, .tag, .vendor, .sku, .productType: return .text
        case .price, .variantsPrice: return .amount
        case .availableForSale: return .boolean
        case .createdAt, .updatedAt: return .date
        }
    }
}

public enum SearchComparison: String, Hashable, Sendable {
    case equal = ":", less = ":<", lessOrEqual = ":<=", greater = ":>", greaterOrEqual = ":>="
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
