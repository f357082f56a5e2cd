import ServerSettings
import Foundation
import GRDB
import Storefront

/// `serve`'s carts, orders, stock and customers in one SQLite database (`shop.sqlite` in the state
/// directory), through GRDB: WAL, so readers never wait for the writer; every change one
/// transaction; the schema made by migrations. A cart, order or customer is one row: the keys it
/// is found by, and the record itself as JSON, so a new field on a cart needs no new column.
///
/// The first open imports the JSON files the app keeps in the same directory (carts, orders,
/// customers), once; the files stay for the app, which goes on using them.
public final class SQLiteStatePersistence: EmbeddedPersistence {
    public static let fileName = ServeDefaults.databaseFileName

    public let databaseURL: URL
    /// What the first open took over from the JSON files, for a line on start.
    public let importReport: String?
    private let pool: DatabasePool

    public var location: String { databaseURL.path }

    /// Opens (creating and migrating) the database in `directory`.
    public init(directory: URL, now: Date = Date()) throws {
        let store = StateStore(directory: directory)
        try store.ensureDirectory()
        databaseURL = directory.appendingPathComponent(Self.fileName)
        var configuration = Configuration()
        // Another process holding the write lock is waited for, not failed.
        configuration.busyMode = .timeout(5)
        configuration.prepareDatabase { db in
            // Every acknowledged transaction is on disk, not only in the log's page cache.
            try db.execute(sql: "PRAGMA synchronous = FULL")
        }
        do {
            pool = try DatabasePool(path: databaseURL.path, configuration: configuration)
            let importer = JSONImport(directory: directory, now: now)
            try Self.migrator(importing: importer).migrate(pool)
            importReport = importer.report()
        } catch let error as StorefrontError {
            throw error
        } catch {
            throw StorefrontError.storage("Could not open \(databaseURL.path): \(Self.describe(error))")
        }
    }

    /// Opens the database; when it cannot be, a store that keeps nothing (the shop runs in
    /// memory) and why, to be said once.
    public static func open(directory: URL) -> (persistence: any EmbeddedPersistence, problem: String?) {
        do { return (try SQLiteStatePersistence(directory: directory), nil) } catch {
            return (InMemoryPersistence(), "\(error). Carts and orders are kept in memory until serve stops.")
        }
    }

    // MARK: - Schema

    static func migrator(importing importer: JSONImport) -> DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("records") { db in
            try db.execute(sql: """
                CREATE TABLE cart (token TEXT PRIMARY KEY NOT NULL, updatedAt DOUBLE NOT NULL, json BLOB NOT NULL);
                CREATE INDEX cartUpdatedAt ON cart(updatedAt);
                CREATE TABLE shopOrder (number INTEGER PRIMARY KEY NOT NULL, checkoutSessionId TEXT NOT NULL UNIQUE,
                                        cartToken TEXT, customerId TEXT, email TEXT, processedAt DOUBLE NOT NULL, json BLOB NOT NULL);
                CREATE INDEX shopOrderCustomer ON shopOrder(customerId);
                CREATE TABLE stockSold (variantId TEXT PRIMARY KEY NOT NULL, units INTEGER NOT NULL);
                CREATE TABLE customer (id TEXT PRIMARY KEY NOT NULL, keyFingerprint TEXT UNIQUE, cartId TEXT, json BLOB NOT NULL);
                CREATE TABLE setting (name TEXT PRIMARY KEY NOT NULL, value TEXT);
                """)
        }
        migrator.registerMigration("import JSON files") { db in
            let records = importer.records()
            let writer = RecordWriter(db: db)
            try writer.apply(RecordChange(carts: records.carts, currentCartId: records.currentCartId.map { .some($0) },
                                          customers: records.customers))
            for order in records.orders { _ = try writer.place(order, keepingNumber: true) }
        }
        // Added after the first databases were made: a migration of its own.
        migrator.registerMigration("subscription contracts") { db in
            try db.execute(sql: """
                CREATE TABLE subscriptionContract (id TEXT PRIMARY KEY NOT NULL, customerId TEXT NOT NULL,
                                                   originCheckoutSessionId TEXT NOT NULL, json BLOB NOT NULL);
                CREATE INDEX subscriptionContractCustomer ON subscriptionContract(customerId);
                """)
        }
        return migrator
    }

    // MARK: - EmbeddedPersistence

    public func load(now: Date) -> StoredRecords {
        do {
            return try pool.read { db in
                var records = StoredRecords()
                for row in try Row.fetchAll(db, sql: "SELECT token, json FROM cart ORDER BY updatedAt") {
                    let token = String.fromDatabaseValue(row["token"] as DatabaseValue) ?? "without a token"
                    do {
                        let record = try CartRecord(json: row["json"] as Data? ?? Data())
                        if let problem = record.problem {
                            records.warnings.append("\(location): the cart \(token) is set aside (\(problem)); it is left in the database")
                        } else {
                            records.carts.append(record)
                        }
                    } catch {
                        records.warnings.append("\(location): the cart \(token) cannot be read (\(error)); it is left in the database")
                    }
                }
                var setAside = false
                for row in try Row.fetchAll(db, sql: "SELECT number, json FROM shopOrder ORDER BY number") {
                    let number = Int.fromDatabaseValue(row["number"] as DatabaseValue).map { "#\($0)" } ?? "without a number"
                    do {
                        let order = try RecordCoding.decoder.decode(Order.self, from: row["json"] as Data? ?? Data())
                        if let problem = order.problem {
                            setAside = true
                            records.warnings.append("\(location): order \(number) is set aside (\(problem)); it is left in the database")
                        } else {
                            records.orders.append(order)
                        }
                    } catch {
                        setAside = true
                        records.warnings.append("\(location): order \(number) cannot be read (\(error)); it is left in the database")
                    }
                }
                records.nextOrderNumber = try RecordWriter.nextNumber(db)
                // Units sold as counted; when an order was set aside or a count is not a whole
                // number of units, the ledger counts them again from the orders kept.
                var sold: [String: Int] = [:]
                for row in try Row.fetchAll(db, sql: "SELECT variantId, units FROM stockSold") {
                    guard let variant = String.fromDatabaseValue(row["variantId"] as DatabaseValue),
                          let units = Int.fromDatabaseValue(row["units"] as DatabaseValue), units >= 0 else {
                        setAside = true
                        records.warnings.append("\(location): a count of units sold cannot be read; stock is counted from the orders")
                        continue
                    }
                    sold[variant] = units
                }
                records.unitsSold = setAside ? nil : sold
                records.currentCartId = try String.fetchOne(db, sql: "SELECT value FROM setting WHERE name = 'currentCartId'")
                for row in try Row.fetchAll(db, sql: "SELECT id, json FROM customer ORDER BY id") {
                    if let customer = try? RecordCoding.decoder.decode(CustomerRecord.self, from: row["json"]) {
                        records.customers.append(customer)
                    } else {
                        let id = String.fromDatabaseValue(row["id"] as DatabaseValue) ?? "without an id"
                        records.warnings.append("\(location): the customer \(id) cannot be read; it is left in the database")
                    }
                }
                for row in try Row.fetchAll(db, sql: "SELECT id, json FROM subscriptionContract ORDER BY rowid") {
                    if let contract = try? RecordCoding.decoder.decode(SubscriptionContract.self, from: row["json"]) {
                        records.subscriptionContracts.append(contract)
                    } else {
                        let id = String.fromDatabaseValue(row["id"] as DatabaseValue) ?? "without an id"
                        records.warnings.append("\(location): the subscription \(id) cannot be read; it is left in the database")
                    }
                }
                return records
            }
        } catch {
            return StoredRecords(warnings: ["\(location) cannot be read (\(Self.describe(error))); starting empty"])
        }
    }

    public func commit(_ change: RecordChange) throws -> CommitOutcome {
        do {
            return try pool.writeWithoutTransaction { db in try RecordWriter.inTransaction(db) {
                let writer = RecordWriter(db: db)
                let placedNow = try change.order.map { try !writer.holds(checkoutSessionId: $0.draft.checkoutSessionId) } ?? false
                let order = try change.order.map { try writer.place($0, keepingNumber: false) }
                try writer.apply(change)
                try writer.keep(change.contractsToKeep(orderPlacedNow: placedNow))
                return CommitOutcome(order: order)
            } }
        } catch {
            throw StorefrontError.storage("Could not save in \(location): \(Self.describe(error))")
        }
    }

    public var cartLookup: (any CartLookup)? { self }

    /// "disk I/O error", "attempt to write a readonly database", ...: SQLite's own words.
    static func describe(_ error: any Error) -> String {
        if let error = error as? DatabaseError { return error.message ?? "\(error.resultCode)" }
        return "\(error)"
    }
}

/// Writes records inside a transaction that is already open.
struct RecordWriter {
    let db: Database

    /// `work` in an immediate transaction, committed, or rolled back when it or the commit throws.
    /// The same as GRDB's `write`, with its two statements prepared once per connection and kept
    /// (GRDB's parses `BEGIN` and `COMMIT` anew every time: a tenth of a new cart's commit).
    static func inTransaction<T>(_ db: Database, _ work: () throws -> T) throws -> T {
        try db.cachedStatement(sql: "BEGIN IMMEDIATE TRANSACTION").execute()
        do {
            let result = try work()
            try db.cachedStatement(sql: "COMMIT TRANSACTION").execute()
            return result
        } catch {
            if db.isInsideTransaction { try? db.execute(sql: "ROLLBACK TRANSACTION") }
            throw error
        }
    }

    /// Runs one of the writer's statements, prepared once per connection and kept (GRDB's
    /// statement cache): the same few run at every commit.
    private func run(_ sql: String, _ arguments: StatementArguments) throws {
        try db.cachedStatement(sql: sql).execute(arguments: arguments)
    }

    static func nextNumber(_ db: Database) throws -> Int {
        let highest = try Int.fetchOne(db.cachedStatement(sql: "SELECT MAX(number) FROM shopOrder"))
        return highest.map { $0 + 1 } ?? EmbeddedState.firstOrderNumber
    }

    /// Whether an order of that checkout session is kept.
    func holds(checkoutSessionId: String) throws -> Bool {
        try Int.fetchOne(db.cachedStatement(sql: "SELECT 1 FROM shopOrder WHERE checkoutSessionId = ?"), arguments: [checkoutSessionId]) != nil
    }

    /// Adds or replaces contracts by id.
    func keep(_ contracts: [SubscriptionContract]) throws {
        for contract in contracts {
            try run("""
                INSERT INTO subscriptionContract (id, customerId, originCheckoutSessionId, json) VALUES (?, ?, ?, ?)
                ON CONFLICT(id) DO UPDATE SET customerId = excluded.customerId, json = excluded.json
                """, [contract.id, contract.customerId, contract.originCheckoutSessionId,
                                 try RecordCoding.encoder.encode(contract)])
        }
    }

    /// The order under the next free number (or its own, when importing), with its stock; an
    /// order for a checkout session already kept is that earlier order.
    func place(_ order: Order, keepingNumber: Bool) throws -> Order {
        if let json = try Data.fetchOne(db.cachedStatement(sql: "SELECT json FROM shopOrder WHERE checkoutSessionId = ?"),
                                        arguments: [order.draft.checkoutSessionId]) {
            return try RecordCoding.decoder.decode(Order.self, from: json)
        }
        let numbered = keepingNumber && Int(order.id) != nil ? order : order.numbered(try Self.nextNumber(db))
        try run("""
            INSERT INTO shopOrder (number, checkoutSessionId, cartToken, customerId, email, processedAt, json)
            VALUES (?, ?, ?, ?, ?, ?, ?)
            """, [Int(numbered.id), numbered.draft.checkoutSessionId, CartIdentifier.token(of: numbered.draft.cartId),
                             numbered.customerId, numbered.draft.email?.lowercased(), numbered.processedAt.timeIntervalSince1970,
                             try RecordCoding.encoder.encode(numbered)])
        for (variant, units) in numbered.unitsByVariant {
            try run("""
                INSERT INTO stockSold (variantId, units) VALUES (?, ?)
                ON CONFLICT(variantId) DO UPDATE SET units = units + excluded.units
                """, [variant, units])
        }
        return numbered
    }

    func apply(_ change: RecordChange) throws {
        for cart in change.carts {
            try run("""
                INSERT INTO cart (token, updatedAt, json) VALUES (?, ?, ?)
                ON CONFLICT(token) DO UPDATE SET updatedAt = excluded.updatedAt, json = excluded.json
                """, [cart.token, cart.updatedAt.timeIntervalSince1970, try cart.json()])
        }
        for token in change.removedCartTokens {
            try run("DELETE FROM cart WHERE token = ?", [token])
        }
        if let current = change.currentCartId {
            try run("""
                INSERT INTO setting (name, value) VALUES ('currentCartId', ?)
                ON CONFLICT(name) DO UPDATE SET value = excluded.value
                """, [current])
        }
        for record in change.customers {
            try run("""
                INSERT INTO customer (id, keyFingerprint, cartId, json) VALUES (?, ?, ?, ?)
                ON CONFLICT(id) DO UPDATE SET keyFingerprint = excluded.keyFingerprint, cartId = excluded.cartId, json = excluded.json
                """, [record.customer.id, record.keyFingerprint, record.cartId, try RecordCoding.encoder.encode(record)])
        }
    }
}

/// The token of a cart id "gid://shopify/Cart/<token>?key=<key>", for the order's index.
enum CartIdentifier {
    static func token(of id: String) -> String? {
        let prefix = "gid://shopify/Cart/"
        guard id.hasPrefix(prefix) else { return nil }
        return id.dropFirst(prefix.count).split(separator: "?").first.map(String.init)
    }
}

extension SQLiteStatePersistence: CartLookup {
    public func cart(token: String) throws -> CartRecord? {
        let json: Data?
        do {
            json = try pool.read { db in try Data.fetchOne(db, sql: "SELECT json FROM cart WHERE token = ?", arguments: [token]) }
        } catch {
            throw StorefrontError.storage("Could not read the cart from \(location): \(Self.describe(error))")
        }
        return json.flatMap(Self.servable)
    }

    /// The cart in `json`; as `load` does, one that cannot be read, or is damaged, is left in the
    /// database and not served.
    private static func servable(_ json: Data) -> CartRecord? {
        guard let record = try? CartRecord(json: json), record.problem == nil else { return nil }
        return record
    }

    public func allCarts() throws -> [CartRecord] {
        do {
            return try pool.read { db in
                try Data.fetchAll(db, sql: "SELECT json FROM cart").compactMap(Self.servable)
            }
        } catch {
            throw StorefrontError.storage("Could not read the carts from \(location): \(Self.describe(error))")
        }
    }
}
