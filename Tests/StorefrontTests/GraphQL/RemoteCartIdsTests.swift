import Foundation
import Testing
@testable import Storefront

/// The app's cart over a Storefront API is found again on the next run, per endpoint.
struct RemoteCartIdsTests {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("remote-carts-\(UUID().uuidString)")
    let aurora = URL(string: "https://aurora.example/api/2026-04/graphql.json")!
    let kestrel = URL(string: "http://127.0.0.1:8787/api/2026-04/graphql.json")!

    @Test func idsOutliveTheProcessAndStayWithTheirEndpoint() async throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        await RemoteCartIds(directory: directory, endpoint: aurora).set("gid://shopify/Cart/a1?key=k")
        await RemoteCartIds(directory: directory, endpoint: kestrel).set("gid://shopify/Cart/k9?key=k")
        // A later run, new instances reading the file.
        #expect(await RemoteCartIds(directory: directory, endpoint: aurora).current() == "gid://shopify/Cart/a1?key=k")
        #expect(await RemoteCartIds(directory: directory, endpoint: kestrel).current() == "gid://shopify/Cart/k9?key=k")
        // An order placed on one shop forgets only that shop's cart.
        await RemoteCartIds(directory: directory, endpoint: aurora).set(nil)
        #expect(await RemoteCartIds(directory: directory, endpoint: aurora).current() == nil)
        #expect(await RemoteCartIds(directory: directory, endpoint: kestrel).current() == "gid://shopify/Cart/k9?key=k")
    }

    @Test func aCorruptFileIsMovedAsideAndTheAppStartsWithoutACart() async throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try Data("{\"https://aurora.example".utf8).write(to: directory.appendingPathComponent(RemoteCartIds.fileName))
        let ids = RemoteCartIds(directory: directory, endpoint: aurora)
        #expect(await ids.current() == nil)
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        #expect(names.contains { $0.hasPrefix("remote-carts.json.corrupt-") })
        await ids.set("gid://shopify/Cart/new?key=k")
        #expect(await RemoteCartIds(directory: directory, endpoint: aurora).current() == "gid://shopify/Cart/new?key=k")
    }

    /// The cart as last seen stands in for a start without network: only the current cart's, and
    /// nothing of the buyer is written down.
    @Test func theCartAsLastSeenIsKeptWithoutTheBuyer() async throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = try EmbeddedStorefront.fixture()
        var cart = try #require(try await store.cartCreate(CartInput(lines: [
            CartLineInput(merchandiseId: try Fixtures.variantId("sencha"), quantity: 2)])).cart)
        cart.buyerIdentity = BuyerIdentity(email: "ada@example.com", countryCode: "NL", customerAccessToken: "shcat_secret")
        let ids = RemoteCartIds(directory: directory, endpoint: aurora)
        await ids.set(cart.id)
        await ids.remember(cart)

        let seen = try #require(await RemoteCartIds(directory: directory, endpoint: aurora).lastSeen())
        #expect(seen.lines == cart.lines && seen.cost == cart.cost)
        #expect(seen.buyerIdentity == BuyerIdentity(countryCode: "NL"))
        let written = try String(contentsOf: directory.appendingPathComponent(RemoteCartIds.seenFileName), encoding: .utf8)
        #expect(!written.contains("shcat_secret") && !written.contains("ada@example.com"))
        #expect(await RemoteCartIds(directory: directory, endpoint: kestrel).lastSeen() == nil)

        // Another cart in use, or none: the old one is not shown.
        await ids.set("gid://shopify/Cart/other?key=k")
        #expect(await ids.lastSeen() == nil)
        await ids.set(cart.id)
        #expect(await ids.lastSeen() != nil)
        await ids.set(nil)
        await ids.set(cart.id)
        #expect(await ids.lastSeen() == nil)
    }
}
