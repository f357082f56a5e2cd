import Foundation
import GRDB
import StorefrontModels

/// A catalog file's products, collections and search text in SQLite, so that a command reads the
/// few products it shows instead of decoding the whole file: one row per product (its JSON, and
/// its folded fields for search), its tags and variants, the collections and their members, and
/// an FTS5 trigram table over the folded text for fuzzy terms. Built once from a loaded catalog
/// (`CatalogIndex.build`), found again by `CatalogIndexFiles` until the catalog file changes.
///
/// Every read throws on a database error (a damaged file): the caller then reads the catalog
/// itself and rebuilds the index.
public final class CatalogIndex: Sendable {
    /// Bumped whenever the schema or what a row holds changes: an index of another format is rebuilt.
    static let format = 2

    public let shop: Shop
    public let markets: Markets
    public let productCount: Int
    let database: DatabaseQueue

    init(database: DatabaseQueue, shop: Shop, markets: Markets, productCount: Int) {
        self.database = database
        self.shop = shop
        self.markets = markets
        self.productCount = productCount
    }

    /// The connection's set-up: the word-matching function every query may use.
    static func configuration(readonly: Bool) -> Configuration {
        var configuration = Configuration()
        configuration.readonly = readonly
        configuration.label = "catalog-index"
        configuration.prepareDatabase { db in db.add(function: CatalogIndexQuery.wordsFunction) }
        return configuration
    }

    // MARK: Reading

    /// Positions (in the catalog's order) and handles of the products matching `query` (Shopify
    /// search syntax; nil or blank for all), most relevant first as `StoreCatalog.products(matching:)`
    /// orders them. Throws `StorefrontError.invalidSearch` for a query that does not parse.
    public func matches(query text: String?) throws -> [(index: Int, handle: String)] {
        let query: SearchQuery
        do { query = try SearchQuery.parse(text ?? "") } catch { throw StorefrontError.invalidSearch(error) }
        let condition = CatalogIndexQuery.condition(query)
        var sql = "SELECT p.idx, p.handle FROM product AS p WHERE \(condition.sql) ORDER BY "
        var arguments = condition.arguments
        if let relevance = CatalogIndexQuery.relevance(query) {
            sql += "\(relevance.sql) DESC, "
            arguments += relevance.arguments
        }
        sql += "p.idx"
        return try database.read { db in
            try Row.fetchAll(db, sql: sql, arguments: arguments).map { row in (row[0] as Int, row[1] as String) }
        }
    }

    /// The products at these positions, in the order given (positions not in the index are left out).
    public func products(at indices: [Int]) throws -> [Product] {
        let byIndex = try products(byPosition: indices)
        return indices.compactMap { byIndex[$0] }
    }

    /// The products at these positions, by position (positions not in the index are left out).
    public func products(byPosition indices: [Int]) throws -> [Int: Product] {
        guard !indices.isEmpty else { return [:] }
        var rows: [(index: Int, json: Data)] = []
        rows.reserveCapacity(indices.count)
        try database.read { db in
            // In chunks well below SQLite's limit on bound values.
            for start in stride(from: 0, to: indices.count, by: 500) {
                let chunk = Array(indices[start..<min(indices.count, start + 500)])
                let marks = Array(repeating: "?", count: chunk.count).joined(separator: ",")
                let cursor = try Row.fetchCursor(db, sql: "SELECT idx, json FROM product_json WHERE idx IN (\(marks))",
                                                 arguments: StatementArguments(chunk))
                while let row = try cursor.next() { rows.append((row[0], row[1])) }
            }
        }
        let products = try Self.decodeProducts(rows.map(\.json))
        return Dictionary(zip(rows.map(\.index), products), uniquingKeysWith: { _, last in last })
    }

    /// Products decoded from their JSON, on every core when there are enough of them to be worth
    /// it (a page of previews is most of what a first screen waits for); the first error is thrown.
    static func decodeProducts(_ rows: [Data], threads: Int = ProcessInfo.processInfo.activeProcessorCount) throws -> [Product] {
        let parts = max(1, min(threads, rows.count / parallelDecodingMinimum))
        return try ParallelMap.map(parts) { part in
            let decoder = JSONDecoder()
            return try rows[(rows.count * part / parts)..<(rows.count * (part + 1) / parts)].map { try decoder.decode(Product.self, from: $0) }
        }.flatMap { $0 }
    }

    /// Products per core below which decoding stays on one thread.
    static let parallelDecodingMinimum = 8

    /// The product with this handle.
    public func product(handle: String) throws -> Product? {
        try database.read { db in
            try Data.fetchOne(db, sql: "SELECT j.json FROM product AS p JOIN product_json AS j ON j.idx = p.idx WHERE p.handle = ?",
                              arguments: [handle])
        }.map { try JSONDecoder().decode(Product.self, from: $0) }
    }

    /// The collections in the catalog's order, without previews or products.
    public func collectionList() throws -> [Collection] {
        let decoder = JSONDecoder()
        return try database.read { db in
            try Data.fetchAll(db, sql: "SELECT json FROM collection ORDER BY idx").map { try decoder.decode(Collection.self, from: $0) }
        }
    }

    /// The positions and handles of the first `limit` products (all for nil) of the collection at
    /// position `collection`, in the collection's order.
    public func members(ofCollection collection: Int, limit: Int? = nil) throws -> [(index: Int, handle: String)] {
        try database.read { db in
            try Row.fetchAll(db, sql: """
                SELECT m.product, p.handle FROM collection_product AS m JOIN product AS p ON p.idx = m.product
                WHERE m.collection = ? ORDER BY m.position LIMIT ?
                """, arguments: [collection, limit ?? -1]).map { row in (row[0] as Int, row[1] as String) }
        }
    }

    /// The collections in the catalog's order (without previews), each with its products'
    /// positions and handles in the collection's order.
    public func collections() throws -> [(collection: Collection, products: [(index: Int, handle: String)])] {
        let decoder = JSONDecoder()
        return try database.read { db in
            var members: [Int: [(Int, String)]] = [:]
            let rows = try Row.fetchCursor(db, sql: """
                SELECT m.collection, m.product, p.handle FROM collection_product AS m JOIN product AS p ON p.idx = m.product
                ORDER BY m.collection, m.position
                """)
            while let row = try rows.next() { members[row[0], default: []].append((row[1], row[2])) }
            return try Row.fetchAll(db, sql: "SELECT idx, json FROM collection ORDER BY idx").map { row in
                (try decoder.decode(Collection.self, from: row[1] as Data), members[row[0]] ?? [])
            }
        }
    }
}
