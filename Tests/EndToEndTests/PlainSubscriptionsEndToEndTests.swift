import Foundation
import XCTest

/// A subscription bought and managed in plain mode, as a script would: `storefront serve` on a free
/// port, a login from a shell, the coffee bought every 2 weeks, then listed, paused, resumed,
/// skipped and cancelled, over `--endpoint` (the shop's Customer Account API) and embedded.
final class PlainSubscriptionsEndToEndTests: XCTestCase {
    static let token = "e2e-subscriptions-token"

    func testBuyPauseResumeSkipAndCancelOverServe() async throws {
        try await buyAndManage(embedded: false)
    }

    /// The embedded store keeps the orders and contracts its checkout makes; logged in (at `serve`'s
    /// account server), the same commands list them (and change the contracts) there.
    func testBuyPauseResumeSkipAndCancelOnTheEmbeddedStore() async throws {
        try await buyAndManage(embedded: true)
    }

    private func buyAndManage(embedded: Bool) async throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("storefront-subs-e2e-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let (serve, endpoint) = try ServeLogin.serve(token: Self.token, root: root)
        defer { serve.stop() }
        let appState = root.appendingPathComponent("app")
        let (_, printed) = try await ServeLogin.login(endpoint: endpoint, token: Self.token, appState: appState)
        XCTAssertTrue(printed.contains("Logged in as Ada Lovelace"), printed)

        let script = ["subscriptions", "back", "set Purchase Every 2 weeks", "add", "checkout"]
            + ["", "", ""] // contact, address and shipping as the account fills them in
            + ["4242 4242 4242 4242", "12/29", "123", "", "", ""] // the card; pay; close the thank-you page
            + ["orders", "subscriptions", "pause 1", "resume 1", "skip 1", "cancel 1", "cancel 1 yes", "pause 1", "quit"]
        let shop = embedded ? [] : ["--endpoint", endpoint, "--token", Self.token]
        let process = try PlainProcess(arguments: ["--plain"] + shop + ["--open", "product house-espresso-blend"],
                                       environment: ["XDG_STATE_HOME": appState.path, "XDG_CONFIG_HOME": appState.path,
                                                     "XDG_CACHE_HOME": appState.appendingPathComponent("cache").path])
        process.write(script.map { $0 + "\n" }.joined())
        process.closeInput()
        let (output, status) = process.finish(timeout: 120)
        XCTAssertEqual(status, 0, output)
        for expected in [
            "You have no subscriptions.",
            "✓ Added, every 2 weeks, 1 × Huisblend espresso",
            // The checkout summary says the line is a subscription.
            "· ↻ Every 2 weeks × 1 = €11.25",
            "Thank you for your order!",
            // The customer's orders are the ledger's that took the order, wherever the login was.
            "Your orders:\n1. #1001  ",
            "every 2 weeks  €11.25 per delivery  active  next delivery",
            "✓ Paused Huisblend espresso",
            "✓ Resumed Huisblend espresso",
            "✓ Skipped the next delivery of Huisblend espresso",
            "Type cancel 1 yes to cancel it.",
            "✓ Cancelled Huisblend espresso",
            "cancelled  next delivery —",
            "Error: The shop refused to pause Huisblend espresso",
        ] {
            XCTAssertTrue(output.contains(expected), "\(expected) in\n\(output)")
        }
        // The contract is where the checkout made it: the embedded store's file, or serve's database.
        let file = appState.appendingPathComponent("storefront/subscriptions.json")
        XCTAssertEqual(FileManager.default.fileExists(atPath: file.path), embedded)
    }
}
