import Foundation
import GRDB
import Storefront
@testable import StorefrontServer
import Testing

/// A database with a bad row starts anyway: the row is set aside (left in the database, named
/// once), stock is counted from the orders kept, and nothing else is lost.
@Suite struct PoisonedDatabaseTests {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("shop-poison-\(UUID().uuidString)")

    func storefront() throws -> EmbeddedStorefront {
        EmbeddedStorefront(catalog: try CatalogLoader.bundled(), stateDirectory: directory,
                           persistence: try SQLiteStatePersistence(directory: directory))
    }

    @Test func anOrderOfAnAbsurdQuantityIsSetAsideAndTheShopStarts() async throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let first = try storefront()
        let variant = try #require(try CatalogLoader.bundled().products.flatMap(\.variants).first { ($0.quantityAvailable ?? 0) > 5 })
        let cart = try #require(try await first.cartCreate(CartInput(lines: [CartLineInput(merchandiseId: variant.id, quantity: 2)])).cart)
        let good = try await first.placeOrder(CheckoutCompletion(checkoutSessionId: "good", cartId: cart.id, email: "ada@example.com",
                                                                 payment: PaymentToken(vaultToken: "v", brand: "Visa", lastFourDigits: "4242")))
        // What a client-priced order once left behind: a line of Int.max units, and a count of
        // units sold that SQLite turned into a float when it overflowed.
        var poisoned = good.numbered(1002)
        poisoned.draft.checkoutSessionId = "poison"
        poisoned.draft.lineItems[0].quantity = Int.max
        let poisonedJSON = try RecordCoding.encoder.encode(poisoned)
        let queue = try DatabaseQueue(path: directory.appendingPathComponent(SQLiteStatePersistence.fileName).path)
        try await queue.write { db in
            try db.execute(sql: "INSERT INTO shopOrder (number, checkoutSessionId, cartToken, customerId, email, processedAt, json) VALUES (1002, 'poison', 'x', NULL, NULL, 0, ?)",
                           arguments: [poisonedJSON])
            try db.execute(sql: "INSERT INTO shopOrder (number, checkoutSessionId, cartToken, customerId, email, processedAt, json) VALUES (1003, 'garbage', 'y', NULL, NULL, 0, ?)",
                           arguments: [Data("{not json".utf8)])
            try db.execute(sql: "UPDATE stockSold SET units = 9.3e18 WHERE variantId = ?", arguments: [variant.id])
        }
        try queue.close()

        let second = try storefront()
        #expect(try await second.orders() == [good], "the good order is kept")
        let warnings = second.stateWarnings.joined(separator: "\n")
        #expect(warnings.contains("order #1002 is set aside (a line of \(Int.max) ×"))
        #expect(warnings.contains("order #1003 cannot be read"))
        let productId = try #require(try CatalogLoader.bundled().variant(id: variant.id)?.0.id)
        let product = try #require(try await second.product(id: productId))
        #expect(product.variants.first { $0.id == variant.id }?.quantityAvailable == variant.quantityAvailable.map { $0 - 2 },
                "stock is counted from the orders kept")
        // The shop goes on taking orders, numbered after every row, kept or set aside.
        let next = try #require(try await second.cartCreate(CartInput(lines: [CartLineInput(merchandiseId: variant.id)])).cart)
        let order = try await second.placeOrder(CheckoutCompletion(checkoutSessionId: "next", cartId: next.id,
                                                                   payment: PaymentToken(vaultToken: "v", brand: "Visa", lastFourDigits: "4242")))
        #expect(order.name == "#1004")
    }
}

/// The writer's own transaction: committed when its work and the commit succeed, rolled back
/// (and the connection free for the next) when either throws.
@Suite struct RecordTransactionTests {
    struct Refused: Error {}

    @Test func workThatThrowsOrACommitThatFailsLeavesNothingBehind() throws {
        let queue = try DatabaseQueue()
        try queue.writeWithoutTransaction { db in
            try db.execute(sql: "PRAGMA foreign_keys = ON")
            try db.execute(sql: """
                CREATE TABLE parent (id INTEGER PRIMARY KEY);
                CREATE TABLE child (id INTEGER PRIMARY KEY,
                                    parentId INTEGER REFERENCES parent(id) DEFERRABLE INITIALLY DEFERRED);
                """)
            func count() throws -> Int { try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM child") ?? -1 }

            #expect(throws: Refused.self) {
                try RecordWriter.inTransaction(db) {
                    try db.execute(sql: "INSERT INTO parent (id) VALUES (1)")
                    try db.execute(sql: "INSERT INTO child (id, parentId) VALUES (1, 1)")
                    throw Refused()
                }
            }
            #expect(try count() == 0 && !db.isInsideTransaction)

            // The deferred reference is checked at COMMIT, which fails: the work is rolled back.
            #expect(throws: DatabaseError.self) {
                try RecordWriter.inTransaction(db) { try db.execute(sql: "INSERT INTO child (id, parentId) VALUES (2, 99)") }
            }
            #expect(try count() == 0 && !db.isInsideTransaction)

            let answer = try RecordWriter.inTransaction(db) {
                try db.execute(sql: "INSERT INTO parent (id) VALUES (3)")
                try db.execute(sql: "INSERT INTO child (id, parentId) VALUES (3, 3)")
                return "kept"
            }
            #expect(answer == "kept" && !db.isInsideTransaction)
            #expect(try count() == 1)
        }
    }
}
