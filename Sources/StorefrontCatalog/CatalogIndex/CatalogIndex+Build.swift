import Foundation
import GRDB
import StorefrontModels

extension CatalogIndex {
    static let schema = """
        CREATE TABLE meta(key TEXT PRIMARY KEY NOT NULL, value BLOB NOT NULL);
        -- What search reads for every product, kept small so that a scan reads few pages; the
        -- folded text and the product's JSON are tables of their own, read only where needed.
        CREATE TABLE product(
            idx INTEGER PRIMARY KEY,
            handle TEXT NOT NULL,
            title BLOB NOT NULL,
            handle_folded BLOB NOT NULL,
            vendor BLOB NOT NULL,
            type BLOB NOT NULL,
            min_price INTEGER NOT NULL,
            max_price INTEGER NOT NULL,
            available INTEGER NOT NULL,
            created_at REAL NOT NULL,
            updated_at REAL NOT NULL);
        CREATE TABLE product_folded(idx INTEGER PRIMARY KEY, text BLOB NOT NULL);
        CREATE TABLE product_json(idx INTEGER PRIMARY KEY, json BLOB NOT NULL);
        CREATE TABLE tag(product INTEGER NOT NULL, folded BLOB NOT NULL);
        CREATE TABLE variant(product INTEGER NOT NULL, sku BLOB NOT NULL, price INTEGER NOT NULL);
        CREATE TABLE collection(idx INTEGER PRIMARY KEY, handle TEXT NOT NULL, json BLOB NOT NULL);
        CREATE TABLE collection_product(collection INTEGER NOT NULL, position INTEGER NOT NULL, product INTEGER NOT NULL,
                                        PRIMARY KEY (collection, position)) WITHOUT ROWID;
        CREATE VIRTUAL TABLE product_text USING fts5(text, content='', columnsize=0, tokenize='trigram case_sensitive 1');
        """

    /// Indexes made after the rows are in (faster than keeping them up to date row by row).
    static let indexes = """
        CREATE UNIQUE INDEX product_handle ON product(handle);
        CREATE INDEX tag_folded ON tag(folded, product);
        CREATE INDEX variant_sku ON variant(sku, product);
        CREATE INDEX variant_price ON variant(price, product);
        """

    /// Writes the index of `catalog` to a new file at `path` (which must not exist), with `stamp`
    /// naming the catalog file it was read from. The file is complete once this returns.
    static func write(_ catalog: StoreCatalog, stamp: CatalogStamp, to path: String) throws {
        let queue = try DatabaseQueue(path: path, configuration: configuration(readonly: false))
        try queue.writeWithoutTransaction { db in
            // A file nobody reads until it is renamed into place: no journal; it is synced before the rename.
            try db.execute(sql: "PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF; PRAGMA page_size = 8192")
            try db.inTransaction {
                try db.execute(sql: schema)
                try insertProducts(catalog, db)
                try insertCollections(catalog, db)
                try db.execute(sql: indexes)
                let encoder = JSONEncoder()
                let meta: [(String, Data)] = [
                    ("format", Data("\(format)".utf8)),
                    ("stamp", try encoder.encode(stamp)),
                    ("shop", try encoder.encode(catalog.shop)),
                    ("markets", try encoder.encode(catalog.markets)),
                    ("products", Data("\(catalog.products.count)".utf8)),
                ]
                let insert = try db.makeStatement(sql: "INSERT INTO meta(key, value) VALUES (?, ?)")
                for (key, value) in meta { try insert.execute(arguments: [key, value]) }
                return .commit
            }
        }
        try queue.close()
    }

    private static func insertProducts(_ catalog: StoreCatalog, _ db: Database) throws {
        let encoder = JSONEncoder()
        var folder = TextFolder()
        let product = try db.makeStatement(sql: """
            INSERT INTO product(idx, handle, title, handle_folded, vendor, type, min_price, max_price, available,
                                created_at, updated_at) VALUES (?,?,?,?,?,?,?,?,?,?,?)
            """)
        let json = try db.makeStatement(sql: "INSERT INTO product_json(idx, json) VALUES (?, ?)")
        let text = try db.makeStatement(sql: "INSERT INTO product_folded(idx, text) VALUES (?, ?)")
        let trigrams = try db.makeStatement(sql: "INSERT INTO product_text(rowid, text) VALUES (?, ?)")
        let tag = try db.makeStatement(sql: "INSERT INTO tag(product, folded) VALUES (?, ?)")
        let variant = try db.makeStatement(sql: "INSERT INTO variant(product, sku, price) VALUES (?, ?, ?)")
        for (p, item) in catalog.products.enumerated() {
            // The folded text exactly as `IndexPart` lays it out: title, vendor, type, tags, description.
            var folded: [UInt8] = []
            folder.append(item.title, to: &folded)
            let title = folded
            folded.append(0x1F); folder.append(item.vendor, to: &folded)
            folded.append(0x1F); folder.append(item.productType, to: &folded)
            for value in item.tags { folded.append(0x1F); folder.append(value, to: &folded) }
            folded.append(0x1F); folder.append(item.description, to: &folded)
            var low = Int64.max, high = Int64.min
            for v in item.variants {
                let price = SearchIndex.scaled(v.price.amount)
                low = min(low, price); high = max(high, price)
                try variant.execute(arguments: [p, Data(folder.fold(v.sku ?? "")), price])
            }
            for value in item.tags { try tag.execute(arguments: [p, Data(folder.fold(value))]) }
            let row: [(any DatabaseValueConvertible)?] = [
                p, item.handle, Data(title), Data(folder.fold(item.handle)),
                Data(folder.fold(item.vendor)), Data(folder.fold(item.productType)),
                low == .max ? 0 : low, high == .min ? 0 : high, item.availableForSale,
                item.createdAt.timeIntervalSince1970, item.updatedAt.timeIntervalSince1970,
            ]
            try product.execute(arguments: StatementArguments(row))
            try json.execute(arguments: [p, try encoder.encode(item)])
            try text.execute(arguments: [p, Data(folded)])
            try trigrams.execute(arguments: [p, String(decoding: folded, as: UTF8.self)])
        }
    }

    private static func insertCollections(_ catalog: StoreCatalog, _ db: Database) throws {
        let encoder = JSONEncoder()
        let collection = try db.makeStatement(sql: "INSERT INTO collection(idx, handle, json) VALUES (?, ?, ?)")
        let member = try db.makeStatement(sql: "INSERT INTO collection_product(collection, position, product) VALUES (?, ?, ?)")
        for (c, item) in catalog.collections.enumerated() {
            try collection.execute(arguments: [c, item.handle, try encoder.encode(item)])
            for (position, p) in catalog.collectionProductIndices[c].enumerated() {
                try member.execute(arguments: [c, position, p])
            }
        }
    }

    /// The catalog file the index at `path` was made of, as it says; nil when it cannot be read.
    static func catalogPath(ofIndexAt path: String) -> String? {
        guard let queue = try? DatabaseQueue(path: path, configuration: configuration(readonly: true)) else { return nil }
        defer { try? queue.close() }
        return try? queue.read { db in
            try Data.fetchOne(db, sql: "SELECT value FROM meta WHERE key = 'stamp'")
                .flatMap { try? JSONDecoder().decode(CatalogStamp.self, from: $0) }?.path
        }
    }

    /// The index at `path`, when it is complete, of this format and of the catalog file as `stamp`
    /// describes it now; nil otherwise (missing, stale, damaged).
    static func open(path: String, stamp: CatalogStamp) -> CatalogIndex? {
        guard let size = CatalogStamp.fileSize(path), size > 0,
              let queue = try? DatabaseQueue(path: path, configuration: configuration(readonly: true)) else { return nil }
        return try? queue.read { db -> CatalogIndex? in
            // A file cut short (or grown) is not the one that was written.
            let pages = try Int.fetchOne(db, sql: "PRAGMA page_count") ?? 0
            let pageSize = try Int.fetchOne(db, sql: "PRAGMA page_size") ?? 0
            guard pages * pageSize == size else { return nil }
            var meta: [String: Data] = [:]
            for row in try Row.fetchAll(db, sql: "SELECT key, value FROM meta") { meta[row[0]] = row[1] }
            let decoder = JSONDecoder()
            guard let format = meta["format"].flatMap({ Int(String(decoding: $0, as: UTF8.self)) }), format == Self.format,
                  let stored = meta["stamp"].flatMap({ try? decoder.decode(CatalogStamp.self, from: $0) }), stored == stamp,
                  let shop = meta["shop"].flatMap({ try? decoder.decode(Shop.self, from: $0) }),
                  let markets = meta["markets"].flatMap({ try? decoder.decode(Markets.self, from: $0) }),
                  let count = meta["products"].flatMap({ Int(String(decoding: $0, as: UTF8.self)) }),
                  try Int.fetchOne(db, sql: "SELECT count(*) FROM collection") != nil,
                  (try Int.fetchOne(db, sql: "SELECT max(idx) FROM product")).map({ $0 + 1 }) ?? 0 == count
            else { return nil }
            return CatalogIndex(database: queue, shop: shop, markets: markets, productCount: count)
        } ?? nil
    }
}

/// What says a catalog file is still the one an index was made from: its device, inode, size,
/// modification and status-change times (nanoseconds). Rewriting the file in place changes its
/// size or mtime and always its ctime (which no tool can set back); replacing it changes the inode.
public struct CatalogStamp: Codable, Hashable, Sendable {
    var path: String
    var device: UInt64
    var inode: UInt64
    var size: Int64
    var modified: Int64
    var changed: Int64

    /// The stamp of the file at `path` now; nil when it cannot be stat'ed.
    init?(path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        self.path = path
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
        size = Int64(info.st_size)
        modified = Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
        changed = Int64(info.st_ctim.tv_sec) * 1_000_000_000 + Int64(info.st_ctim.tv_nsec)
    }

    static func fileSize(_ path: String) -> Int? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return Int(info.st_size)
    }
}
