import Clocks
import Foundation
import Testing
@testable import Storefront

@Suite struct PersistenceTests {
    let clock = TestClock()
    let directory = TemporaryDirectory()

    func open() throws -> EmbeddedStorefront { try EmbeddedStorefront.fixture(directory: directory, clock: clock) }

    @Test func cartsOrdersAndTheCurrentCartSurviveARestart() async throws {
        let first = try open()
        let cart = try #require(try await first.cartCreate(CartInput(lines: [
            CartLineInput(merchandiseId: try Fixtures.variantId("sencha"), quantity: 2)], discountCodes: ["WELCOME10"], note: "hi")).cart)
        try await first.setCurrentCartId(cart.id)
        let other = try #require(try await first.cartCreate(CartInput(lines: [
            CartLineInput(merchandiseId: try Fixtures.variantId("red-mug"))])).cart)
        let request = CheckoutCompletion(checkoutSessionId: "s1", cartId: other.id, email: nil,
                                         payment: PaymentToken(vaultToken: "vault-test", brand: "Visa", lastFourDigits: "4242"))
        let order = try await first.placeOrder(request)

        let second = try open()
        #expect(second.stateWarnings.isEmpty)
        #expect(try await second.cart(id: cart.id) == cart)
        #expect(await second.currentCartId() == cart.id)
        #expect(try await second.orders() == [order])
        #expect(try await second.checkoutState(cartId: other.id) == .completed)
        // Idempotency and numbering carry over too.
        #expect(try await second.placeOrder(request) == order)
        let next = try #require(try await second.cartCreate(CartInput(lines: [
            CartLineInput(merchandiseId: try Fixtures.variantId("notebook"))])).cart)
        var again = request
        again.checkoutSessionId = "s2"; again.cartId = next.id
        #expect(try await second.placeOrder(again).name == "#1002")
        try await second.setCurrentCartId(nil)
        #expect(await (try open()).currentCartId() == nil)
    }

    /// Another process added to the cart since this one last read it: the add counts what it
    /// added against the cart as stored when it ran, not as this process last saw it.
    @Test func anAddCountsItsUnitsAgainstTheCartAsStoredWhenItRan() async throws {
        let sencha = try Fixtures.variantId("sencha")
        let first = try open()
        let cart = try #require(try await first.cartCreate(CartInput(lines: [CartLineInput(merchandiseId: sencha, quantity: 2)])).cart)
        let created = try await first.cart(id: cart.id)
        #expect(created?.totalQuantity == 2)
        let second = try open()
        #expect(try await second.cartLinesAdd(cartId: cart.id, lines: [CartLineInput(merchandiseId: sencha, quantity: 3)]).unitsAdded == [sencha: 3])
        let payload = try await first.cartLinesAdd(cartId: cart.id, lines: [CartLineInput(merchandiseId: sencha, quantity: 1)])
        #expect(payload.unitsAdded == [sencha: 1])
        #expect(payload.cart?.totalQuantity == 6)
    }

    @Test func longDeadCartsAreDroppedOnStart() async throws {
        let old = try #require(try await open().cartCreate(CartInput()).cart)
        await clock.advance(by: .days(30))
        #expect(try await open().checkoutState(cartId: old.id) == .expired, "kept a while to say it expired")
        await clock.advance(by: .days(61))
        await #expect(throws: StorefrontError.self) { _ = try await open().checkoutState(cartId: old.id) }
    }

    @Test func filesAreWrittenAtomicallyInAPrivateDirectory() async throws {
        let storefront = try open()
        _ = try await storefront.cartCreate(CartInput())
        let attributes = try FileManager.default.attributesOfItem(atPath: directory.url.path)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o700)
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.url.path)
        #expect(files.sorted() == [".lock", "carts.json"], "no temporary files left behind")
        let fileMode = try FileManager.default.attributesOfItem(atPath: directory.url.appendingPathComponent("carts.json").path)
        #expect((fileMode[.posixPermissions] as? NSNumber)?.intValue == 0o600)
    }

    @Test func aKilledWritersTemporaryFileIsClearedOnOpen() async throws {
        _ = try await open().cartCreate(CartInput())
        // A pid that is not running (pid_max is below 2^22) and this process's own.
        let dead = directory.url.appendingPathComponent(".carts.json.tmp-4194999-12345")
        let ours = directory.url.appendingPathComponent(".carts.json.tmp-\(getpid())-1")
        let fresh = directory.url.appendingPathComponent(".carts.json.tmp-4194998-1")
        for file in [dead, ours, fresh] { try Data("{".utf8).write(to: file) }
        for file in [dead, ours] {
            try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(-120)], ofItemAtPath: file.path)
        }
        let reopened = try open()
        #expect(reopened.stateWarnings.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: dead.path))
        #expect(FileManager.default.fileExists(atPath: ours.path), "a live writer's file is left alone")
        #expect(FileManager.default.fileExists(atPath: fresh.path), "so is one written in the last minute")
    }

    /// One bad row in a file costs only that row: it is set aside beside the file, named once,
    /// and every other order, cart and the numbering go on.
    @Test func aBadRowIsSetAsideAndTheRestIsKept() async throws {
        let first = try open()
        var orders: [Order] = []
        for session in ["a", "b"] {
            let cart = try #require(try await first.cartCreate(CartInput(lines: [CartLineInput(merchandiseId: try Fixtures.variantId("red-mug"))])).cart)
            orders.append(try await first.placeOrder(CheckoutCompletion(checkoutSessionId: session, cartId: cart.id,
                payment: PaymentToken(vaultToken: "v", brand: "Visa", lastFourDigits: "4242"))))
        }
        let kept = try #require(try await first.cartCreate(CartInput(lines: [CartLineInput(merchandiseId: try Fixtures.variantId("sencha"))])).cart)
        let ordersFile = directory.url.appendingPathComponent("orders.json")
        var json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: ordersFile)) as? [String: Any])
        var rows = try #require(json["orders"] as? [[String: Any]])
        var draft = try #require(rows[1]["draft"] as? [String: Any])
        var lines = try #require(draft["lineItems"] as? [[String: Any]])
        lines[0]["quantity"] = Int.max
        draft["lineItems"] = lines
        rows[1]["draft"] = draft
        rows.append(["name": "#1000", "draft": "not an order"])
        json["orders"] = rows
        try JSONSerialization.data(withJSONObject: json).write(to: ordersFile)

        let second = try open()
        #expect(try await second.orders() == [orders[0]])
        #expect(try await second.cart(id: kept.id) == kept, "the carts are untouched")
        let warning = second.stateWarnings.joined(separator: "\n")
        #expect(warning.contains("set aside order #1002 (a line of \(Int.max) ×"), "\(warning)")
        #expect(warning.contains("order #1000 (cannot be read)"))
        let aside = try FileManager.default.contentsOfDirectory(atPath: directory.url.path).filter { $0.hasPrefix("orders.json.corrupt-") }
        #expect(aside.count == 1)
        #expect(try open().stateWarnings.isEmpty, "said once")
        let next = try #require(try await second.cartCreate(CartInput(lines: [CartLineInput(merchandiseId: try Fixtures.variantId("red-mug"))])).cart)
        let numbered = try await second.placeOrder(CheckoutCompletion(checkoutSessionId: "c", cartId: next.id,
            payment: PaymentToken(vaultToken: "v", brand: "Visa", lastFourDigits: "4242")))
        #expect(numbered.name == "#1003", "numbers already given are not given again")
    }

    @Test func aCorruptFileIsMovedAsideNotOverwritten() async throws {
        let first = try open()
        let cart = try #require(try await first.cartCreate(CartInput()).cart)
        _ = try await first.placeOrder(CheckoutCompletion(checkoutSessionId: "s", cartId: try #require(try await first.cartCreate(CartInput(lines: [
            CartLineInput(merchandiseId: try Fixtures.variantId("sencha"))])).cart).id, email: nil, payment: PaymentToken(vaultToken: "vault-test", brand: "Visa", lastFourDigits: "4242")))
        let carts = directory.url.appendingPathComponent("carts.json")
        let garbage = Data("{\"version\": 1, \"carts\": [ {\"token\": ".utf8)
        try garbage.write(to: carts)

        let second = try open()
        #expect(second.stateWarnings.count == 1)
        #expect(second.stateWarnings.first?.contains("carts.json") == true)
        #expect(second.stateWarnings.first?.contains("moved aside") == true)
        #expect(try await second.cart(id: cart.id) == nil)
        #expect(try await second.orders().count == 1, "the other files are untouched")
        let aside = try FileManager.default.contentsOfDirectory(atPath: directory.url.path).filter { $0.hasPrefix("carts.json.corrupt-") }
        #expect(aside == ["carts.json.corrupt-20250301T120000Z"])
        #expect(try Data(contentsOf: directory.url.appendingPathComponent(aside[0])) == garbage)
        // The store keeps working and writes a fresh file.
        let fresh = try #require(try await second.cartCreate(CartInput()).cart)
        #expect(try await open().cart(id: fresh.id) == fresh)
    }

    @Test func aFileOfTheWrongShapeCountsAsCorrupt() async throws {
        try FileManager.default.createDirectory(at: directory.url, withIntermediateDirectories: true)
        try Data("[1, 2, 3]".utf8).write(to: directory.url.appendingPathComponent("orders.json"))
        let storefront = try open()
        #expect(storefront.stateWarnings.first?.contains("orders.json") == true)
        #expect(try await storefront.orders().isEmpty)
    }

    @Test func aDirectoryThatCannotBeWrittenKeepsTheStoreGoingInMemory() async throws {
        // The state directory's path is taken by a file, so nothing can be written.
        try FileManager.default.createDirectory(at: directory.url, withIntermediateDirectories: true)
        let blocked = directory.url.appendingPathComponent("state")
        try Data("x".utf8).write(to: blocked)
        let storefront = EmbeddedStorefront(catalog: try Fixtures.catalog(), stateDirectory: blocked, now: Fixtures.dates(clock).closure)
        let payload = try await storefront.cartCreate(CartInput(lines: [CartLineInput(merchandiseId: try Fixtures.variantId("sencha"))]))
        let cart = try #require(payload.cart)
        // Said once, in the answer that first could not be saved, with the reason.
        let notice = try #require(payload.warnings.first { $0.code == .stateNotSaved })
        #expect(notice.message.contains("is not a directory") && notice.message.contains("kept in memory"), "\(notice.message)")
        #expect(await !storefront.savesChanges)
        let added = try await storefront.cartLinesAdd(cartId: cart.id, lines: [CartLineInput(merchandiseId: try Fixtures.variantId("red-mug"))])
        #expect(added.warnings.allSatisfy { $0.code != .stateNotSaved }, "said once")
        #expect(added.cart?.lines.count == 2)
        try await storefront.setCurrentCartId(cart.id)
        #expect(await storefront.currentCartId() == cart.id)
        #expect(try Data(contentsOf: blocked) == Data("x".utf8), "what was there is untouched")
    }

    @Test func defaultStateDirectoryFollowsXDG() {
        #expect(EmbeddedStorefront.defaultStateDirectory(environment: ["XDG_STATE_HOME": "/x/state", "HOME": "/home/a"]).path
                == "/x/state/storefront")
        #expect(EmbeddedStorefront.defaultStateDirectory(environment: ["HOME": "/home/a"]).path == "/home/a/.local/state/storefront")
        #expect(EmbeddedStorefront.defaultStateDirectory(environment: ["XDG_STATE_HOME": "relative", "HOME": "/home/a"]).path
                == "/home/a/.local/state/storefront")
    }
}
