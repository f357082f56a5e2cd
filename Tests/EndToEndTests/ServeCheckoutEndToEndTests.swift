import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Storefront
import XCTest

/// The whole purchase over a Storefront API, as a shopper does it with the built binary:
/// `storefront serve` on a free port, `storefront --endpoint … login` (the account server found
/// beside the endpoint; the test plays the browser), the app under tmux at 80x24 adding a product
/// and paying with 4242…, the thank-you page, the order in the customer's orders on the account
/// screen, and the product's stock one lower.
final class ServeCheckoutEndToEndTests: XCTestCase {
    static let token = "e2e-serve-token"

    override func setUpWithError() throws {
        guard TmuxSession.tmuxPath != nil else { throw EndToEndSetupError.noTmux }
    }

    func testBuyOverServeAndSeeTheOrderAndTheStock() async throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("storefront-serve-e2e-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let (serve, endpoint) = try ServeLogin.serve(token: Self.token, root: root)
        defer { serve.stop() }
        let client = Self.client(endpoint)
        let before = try await Self.stock(client)

        // Log in from a shell, naming only the endpoint.
        let appState = root.appendingPathComponent("app")
        let (address, printed) = try await ServeLogin.login(endpoint: endpoint, token: Self.token, appState: appState)
        XCTAssertTrue(address.absoluteString.hasPrefix(endpoint.replacingOccurrences(of: "/api/2026-04/graphql.json", with: "/account")),
                      "the account server beside the endpoint: \(address)")
        XCTAssertTrue(printed.contains("Logged in as Ada Lovelace"), printed)

        // Buy in the app.
        let session = try TmuxSession(width: 80, height: 24, arguments: ["--endpoint", endpoint, "--token", Self.token],
                                      stateDirectory: appState)
        try session.waitFor(text: "Ada")
        // The customer's email and address are filled in from the account.
        let contact = try session.checkOutAProduct()
        XCTAssertTrue(contact.contains("ada@example.com"), contact)
        try session.send("Enter")
        try session.waitFor(text: "Keizersgracht 123")
        try session.send("Enter")
        try session.waitFor(text: "Shipping method")
        try session.send("Enter")
        try session.waitFor(text: "Card number")
        try session.fill(label: "Card number", with: "4242424242424242", shows: "4242")
        try session.fill(label: "Expir", with: "1229", shows: "12 / 29")
        try session.fill(label: "Security code", with: "123", shows: "•••")
        try session.fill(label: "Name on card", with: "Ada Lovelace")
        try session.send("Enter")
        try session.waitFor(text: "Review your order")
        try session.send("Enter")
        let thanks = try session.waitFor(text: "Thank you for your order")
        XCTAssertTrue(thanks.contains("Order #1001"), thanks)
        XCTAssertFalse(thanks.contains("Checkout failed"), thanks)

        // The order is the customer's, on the account screen.
        try session.send("Enter")
        // The header says "cart empty" while the thank-you page is still up: wait for the cart itself.
        try session.waitFor(text: "Your cart is empty.")
        try session.send("u")
        let account = try session.waitFor(text: "#1001")
        XCTAssertTrue(account.contains("Your orders"), account)

        // One unit of one variant left the shelf.
        let after = try await Self.stock(client)
        let changed = before.filter { after[$0.key] != $0.value }
        XCTAssertEqual(changed.count, 1, "stock before \(before), after \(after)")
        if let (variant, units) = changed.first { XCTAssertEqual(after[variant], units - 1) }

        try session.send("q")
        XCTAssertTrue(session.waitForExit(), "q quits")
    }

    static func client(_ endpoint: String) -> GraphQLStorefront {
        var configuration = GraphQLStorefront.Configuration(endpoint: URL(string: endpoint) ?? URL(fileURLWithPath: "/"), accessToken: token,
                                                            cachePolicy: .networkOnly)
        configuration.retry = .never
        return GraphQLStorefront(configuration: configuration, cache: ResponseCache(directory: nil))
    }

    /// Units in stock of every variant of the first collection (the one the shopper buys from).
    static func stock(_ client: GraphQLStorefront) async throws -> [String: Int] {
        let collections = try await client.collections(PageArguments(first: 1), sortKey: .id, productPreview: 0)
        let first = try XCTUnwrap(collections.nodes.first)
        let products = try await client.collectionProducts(handle: first.handle, page: PageArguments(first: 50),
                                                           sortKey: .collectionDefault, reverse: false).nodes
        var stock: [String: Int] = [:]
        for variant in products.flatMap(\.variants) { stock[variant.id] = variant.quantityAvailable }
        return stock
    }
}
