import Clocks
import Foundation
import Testing
@testable import Storefront

/// Two storefronts on one state directory (two terminals, two SSH sessions): neither loses the
/// other's carts or orders, and each sees what the other kept once it writes.
@Suite struct SharedStateDirectoryTests {
    let clock = TestClock()
    let directory = TemporaryDirectory()

    func open() throws -> EmbeddedStorefront { try EmbeddedStorefront.fixture(directory: directory, clock: clock) }

    func line(_ handle: String, _ quantity: Int = 1) throws -> CartLineInput {
        CartLineInput(merchandiseId: try Fixtures.variantId(handle), quantity: quantity)
    }

    func draft(_ session: String, cart: Cart) -> CheckoutCompletion {
        CheckoutCompletion(checkoutSessionId: session, cartId: cart.id, email: nil, payment: PaymentToken(vaultToken: "vault-test", brand: "Visa", lastFourDigits: "4242"))
    }

    @Test func cartsWrittenByTwoStorefrontsAreAllKept() async throws {
        let a = try open()
        let b = try open()
        var fromA: [Cart] = []
        var fromB: [Cart] = []
        for _ in 0..<5 {
            fromA.append(try #require(try await a.cartCreate(CartInput(lines: [try line("sencha")])).cart))
            fromB.append(try #require(try await b.cartCreate(CartInput(lines: [try line("red-mug", 2)])).cart))
        }
        // Each changes one of its own after the other wrote: nothing of the other's goes.
        _ = try await a.cartLinesAdd(cartId: fromA[0].id, lines: [try line("notebook")])
        _ = try await b.cartNoteUpdate(cartId: fromB[0].id, note: "gift")

        let reopened = try open()
        for cart in fromA + fromB { #expect(try await reopened.cart(id: cart.id) != nil, "\(cart.id)") }
        #expect(try await reopened.cart(id: fromA[0].id)?.lines.count == 2)
        #expect(try await reopened.cart(id: fromB[0].id)?.note == "gift")
        // And each storefront now knows the other's carts.
        #expect(try await a.cart(id: fromB[4].id) != nil)
    }

    @Test func ordersFromTwoStorefrontsTakeTheirOwnNumbers() async throws {
        let a = try open()
        let b = try open()
        let cartA = try #require(try await a.cartCreate(CartInput(lines: [try line("sencha")])).cart)
        let cartB = try #require(try await b.cartCreate(CartInput(lines: [try line("sencha")])).cart)
        let first = try await a.placeOrder(draft("sa", cart: cartA))
        let second = try await b.placeOrder(draft("sb", cart: cartB))
        #expect(first.name == "#1001")
        #expect(second.name == "#1002", "the number another process took is not given again")
        // The same checkout session placed again from the other process is the same order.
        #expect(try await a.placeOrder(draft("sb", cart: cartB)) == second)
        let reopened = try open()
        #expect(try await reopened.orders().map(\.name) == ["#1001", "#1002"])
        #expect(try await reopened.checkoutState(cartId: cartA.id) == .completed)
        #expect(try await reopened.checkoutState(cartId: cartB.id) == .completed)
        // Stock counts both orders.
        let variant = try #require(try await reopened.product(handle: "sencha")?.variants.first)
        let listed = try #require(try Fixtures.catalog().product(handle: "sencha")?.variants.first)
        if let stock = listed.quantityAvailable { #expect(variant.quantityAvailable == max(0, stock - 2)) }
    }

    @Test func anOrderWrittenWithoutItsCartReadsTheCartAsCompleted() async throws {
        // A process that stopped between writing the order and the cart it completes.
        let store = try open()
        let cart = try #require(try await store.cartCreate(CartInput(lines: [try line("sencha")])).cart)
        let before = try Data(contentsOf: directory.url.appendingPathComponent("carts.json"))
        _ = try await store.placeOrder(draft("s", cart: cart))
        try before.write(to: directory.url.appendingPathComponent("carts.json"))
        let reopened = try open()
        #expect(try await reopened.checkoutState(cartId: cart.id) == .completed)
        #expect(try await reopened.cart(id: cart.id) == nil)
    }
}

/// Two app processes on one state directory, each with the cart open: each reads and changes the
/// cart as the other left it, so no line is lost and no second cart is started.
@Suite struct RunningProcessesTests {
    let directory = TemporaryDirectory()

    func open() throws -> EmbeddedStorefront { try EmbeddedStorefront.fixture(directory: directory, clock: TestClock()) }

    @Test func aRunningStoreSeesAndKeepsWhatTheOtherAdded() async throws {
        let a = try open(), b = try open()
        let cart = try #require(try await a.cartCreate(CartInput(lines: [CartLineInput(merchandiseId: try Fixtures.variantId("red-mug"))])).cart)
        try await a.setCurrentCartId(cart.id)
        #expect(await b.currentCartId() == cart.id, "the other process's current cart")
        _ = try await b.cartLinesAdd(cartId: cart.id, lines: [CartLineInput(merchandiseId: try Fixtures.variantId("sencha"))])
        #expect(try await a.cart(id: cart.id)?.lines.count == 2, "the next read shows the other's line")
        let added = try await a.cartLinesAdd(cartId: cart.id, lines: [CartLineInput(merchandiseId: try Fixtures.variantId("notebook"))])
        #expect(added.cart?.lines.count == 3, "a change starts from the cart as it is now")
        #expect(try await b.cart(id: cart.id)?.lines.count == 3)
        #expect(try await open().cart(id: cart.id)?.lines.count == 3, "and so it is kept")
    }
}
