import Foundation
import GRDB

/// A parsed search query as SQL over the catalog index, with the meaning `SearchIndex` gives it:
/// - a fuzzy term is a substring of the product's folded text (title, vendor, type, tags and
///   description, 0x1F between fields), found through the FTS5 trigram table when it has three
///   characters or more and by `instr` otherwise;
/// - `title:` and `vendor:` match whole words (`sf_words`, the same `WordMatch` the index uses);
///   `tag:`, `product_type:`, `handle:` and `sku:` the whole folded value, or its start with `*`;
/// - prices in ten-thousandths, dates in seconds since 1970, as the in-memory index keeps them.
struct CatalogIndexQuery {
    private(set) var sql = ""
    private(set) var arguments: [any DatabaseValueConvertible] = []
    private var folder = TextFolder()

    /// The WHERE clause for `query` (over `product AS p`).
    static func condition(_ query: SearchQuery) -> (sql: String, arguments: StatementArguments) {
        var builder = CatalogIndexQuery()
        builder.append(query)
        return (builder.sql, StatementArguments(builder.arguments.map { $0.databaseValue }))
    }

    /// An ORDER BY expression for relevance: how many of the query's fuzzy terms outside any NOT
    /// the title holds (a term given twice counts twice), most first, as `SearchIndex` ranks them.
    static func relevance(_ query: SearchQuery) -> (sql: String, arguments: StatementArguments)? {
        var folder = TextFolder()
        let terms = SearchIndex.positiveTerms(query).map { folder.fold($0) }.filter { !$0.isEmpty }
        guard !terms.isEmpty else { return nil }
        var counted: [[UInt8]: Int] = [:]
        var order: [[UInt8]] = []
        for term in terms {
            if counted[term] == nil { order.append(term) }
            counted[term, default: 0] += 1
        }
        let levels = min(255, terms.count)
        let parts = order.map { "(instr(p.title, ?) > 0) * \(counted[$0] ?? 1)" }
        return ("min(\(levels), \(parts.joined(separator: " + ")))", StatementArguments(order.map { Data($0).databaseValue }))
    }

    private mutating func bind(_ value: any DatabaseValueConvertible) {
        arguments.append(value)
    }

    private mutating func append(_ query: SearchQuery) {
        switch query {
        case .all:
            sql += "1"
        case .term(let term):
            let needle = folder.fold(term)
            if needle.isEmpty { sql += "1"; return }
            let text = String(decoding: needle, as: UTF8.self)
            if text.unicodeScalars.count >= 3 {
                // A phrase of trigrams: each must follow the one before, so the whole needle is there.
                sql += "p.idx IN (SELECT rowid FROM product_text WHERE product_text MATCH ?)"
                bind("\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\"")
            } else {
                sql += "p.idx IN (SELECT idx FROM product_folded WHERE instr(text, ?) > 0)"
                bind(Data(needle))
            }
        case .field(let field, let comparison, let value):
            appendField(field, comparison, value)
        case .exists(let field):
            switch field {
            case .tag: sql += "p.idx IN (SELECT product FROM tag)"
            case .vendor: sql += "length(p.vendor) > 0"
            case .productType: sql += "length(p.type) > 0"
            case .sku: sql += "p.idx IN (SELECT product FROM variant WHERE length(sku) > 0)"
            case .title, .handle, .price, .variantsPrice, .availableForSale, .createdAt, .updatedAt, .collectionType:
                sql += "1"
            }
        case .not(let inner):
            sql += "NOT ("
            append(inner)
            sql += ")"
        case .and(let parts), .or(let parts):
            guard !parts.isEmpty else { sql += "1"; return }
            let joiner: String
            if case .and = query { joiner = " AND " } else { joiner = " OR " }
            sql += "("
            for (k, part) in parts.enumerated() {
                if k > 0 { sql += joiner }
                append(part)
            }
            sql += ")"
        }
    }

    /// A folded value equal to the needle, or starting with it (`prefix`): bytes compared as
    /// `FoldedStrings.matches` does (no folded byte is 0xFF, so needle + 0xFF bounds the prefix).
    private mutating func appendValue(_ column: String, _ needle: [UInt8], prefix: Bool) {
        if prefix {
            sql += "(\(column) >= ? AND \(column) < ?)"
            bind(Data(needle)); bind(Data(needle + [0xFF]))
        } else {
            sql += "\(column) = ?"
            bind(Data(needle))
        }
    }

    private mutating func appendField(_ field: SearchField, _ comparison: SearchComparison, _ value: SearchValue) {
        switch (field, value) {
        case (.title, .text(let text, let prefix)):
            sql += "sf_words(p.title, ?, \(prefix ? 1 : 0))"
            bind(Data(folder.fold(text)))
        case (.vendor, .text(let text, let prefix)):
            sql += "sf_words(p.vendor, ?, \(prefix ? 1 : 0))"
            bind(Data(folder.fold(text)))
        case (.handle, .text(let text, let prefix)):
            appendValue("p.handle_folded", folder.fold(text), prefix: prefix)
        case (.productType, .text(let text, let prefix)):
            appendValue("p.type", folder.fold(text), prefix: prefix)
        case (.tag, .text(let text, let prefix)):
            sql += "p.idx IN (SELECT product FROM tag WHERE "
            appendValue("folded", folder.fold(text), prefix: prefix)
            sql += ")"
        case (.sku, .text(let text, let prefix)):
            sql += "p.idx IN (SELECT product FROM variant WHERE "
            appendValue("sku", folder.fold(text), prefix: prefix)
            sql += ")"
        case (.price, .amount(let amount)), (.variantsPrice, .amount(let amount)):
            let x = SearchIndex.scaled(amount)
            // Any variant's price: the cheapest decides "below", the dearest "above".
            switch comparison {
            case .less: sql += "p.min_price < ?"
            case .lessOrEqual: sql += "p.min_price <= ?"
            case .greater: sql += "p.max_price > ?"
            case .greaterOrEqual: sql += "p.max_price >= ?"
            case .equal:
                sql += "(p.min_price <= ? AND p.max_price >= ? AND p.idx IN (SELECT product FROM variant WHERE price = ?))"
                bind(x); bind(x)
            }
            bind(x)
        case (.availableForSale, .boolean(let wanted)):
            sql += "p.available = \(wanted ? 1 : 0)"
        case (.createdAt, .date(let seconds, let wholeDay)):
            appendDate("p.created_at", comparison, seconds, wholeDay)
        case (.updatedAt, .date(let seconds, let wholeDay)):
            appendDate("p.updated_at", comparison, seconds, wholeDay)
        default:
            // The parser only pairs a field with a value of its kind.
            sql += "0"
        }
    }

    /// `SearchComparison.holds` in SQL.
    private mutating func appendDate(_ column: String, _ comparison: SearchComparison, _ seconds: Double, _ wholeDay: Bool) {
        let end = wholeDay ? seconds + 86_400 : seconds
        switch comparison {
        case .equal:
            if wholeDay { sql += "(\(column) >= ? AND \(column) < ?)"; bind(seconds); bind(end) } else { sql += "\(column) = ?"; bind(seconds) }
        case .less: sql += "\(column) < ?"; bind(seconds)
        case .lessOrEqual:
            if wholeDay { sql += "\(column) < ?"; bind(end) } else { sql += "\(column) <= ?"; bind(seconds) }
        case .greater:
            if wholeDay { sql += "\(column) >= ?"; bind(end) } else { sql += "\(column) > ?"; bind(seconds) }
        case .greaterOrEqual: sql += "\(column) >= ?"; bind(seconds)
        }
    }

    /// `sf_words(hay, needle, prefix)`: `WordMatch.contains` over two blobs.
    static let wordsFunction = DatabaseFunction("sf_words", argumentCount: 3, pure: true) { values in
        guard let hay = Data.fromDatabaseValue(values[0]), let needle = Data.fromDatabaseValue(values[1]) else { return false }
        let prefix = (Int.fromDatabaseValue(values[2]) ?? 0) != 0
        return hay.withUnsafeBytes { h in
            needle.withUnsafeBytes { n in
                WordMatch.contains(n.bindMemory(to: UInt8.self), in: h.bindMemory(to: UInt8.self), from: 0, to: h.count, prefix: prefix)
            }
        }
    }
}
