import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import XCTest

/// `storefront --plain`: the same store and reducers as a conversation of lines, driven through a
/// pipe as a script would (and as a screen reader user would type): a purchase end to end, and each
/// command's answer.
final class PlainModeEndToEndTests: XCTestCase {
    /// Runs the binary with `script` on stdin (a pipe) and returns what it printed.
    private func plain(_ script: [String], arguments: [String] = ["--plain"], environment: [String: String] = [:],
                       file: StaticString = #filePath, line: UInt = #line) throws -> String {
        let process = try PlainProcess(arguments: arguments, environment: environment)
        process.write(script.map { $0 + "\n" }.joined())
        process.closeInput()
        let (output, status) = process.finish(timeout: 60)
        XCTAssertEqual(status, 0, "exit status; the output was:\n\(output)", file: file, line: line)
        XCTAssertFalse(output.contains("\u{1B}"), "no escape sequence in plain mode", file: file, line: line)
        return output
    }

    private func assertContains(_ output: String, _ parts: [String], file: StaticString = #filePath, line: UInt = #line) {
        for part in parts where !output.contains(part) {
            XCTFail("missing \(part.debugDescription) in:\n\(output)", file: file, line: line)
        }
    }

    private let buyer = ["ada@example.com",
                         "Ada", "Lovelace", "1 Canal Street", "", "Amsterdam", "", "1011 AB", ""]

    func testAScriptedPurchaseThroughAPipe() throws {
        let output = try plain(["open 1", "open 1", "set Size 1 kg", "add 2", "checkout"] + buyer
            + ["", // the chosen shipping method
               "4000 0000 0000 0002", "12/29", "123", "Ada Lovelace", "", // declined at review
               "4242 4242 4242 4242", "12/29", "123", "", // the card again; the review pays
               "", "quit"])
        assertContains(output, [
            "Checkout · Contact",
            "Notice: Your card was declined.",
            "Thank you for your order! Order #1001",
            "event: complete order=1001",
            "event: pixel event=checkout_completed",
            "event: cancel afterCompletion=true",
            "Cart: empty",
        ])
        XCTAssertFalse(output.contains("4242 4242 4242 4242"), "a card number is never written out")
        XCTAssertTrue(output.hasSuffix("Bye.\n"), output)
    }

    func testTheFirstScreenAndHelp() throws {
        let output = try plain(["help", "quit"])
        assertContains(output, [
            "Collections\n  1. Coffee\n  2. Tea\n",
            "Commands (one per line):",
            "4242 4242 4242 4242 pays",
        ])
    }

    func testOpenListBackAndHome() throws {
        let output = try plain(["open 1", "open 99", "open 2", "back", "list", "home", "back", "collections"])
        assertContains(output, [
            "Coffee: 12 products\n  1. Huisblend espresso · from €12.50",
            "There is no item 99 here: 1 to 12.",
            "Ethiopia Yirgacheffe Kochere · Kestrel Roastery",
            "This is the first screen.",
        ])
        // The collections are printed at the start, after home, and when asked for at home; list
        // reprints the products.
        XCTAssertEqual(output.components(separatedBy: "Coffee: 12 products").count - 1, 3, output)
        XCTAssertEqual(output.components(separatedBy: "  11. Sale").count - 1, 3, output)
    }

    /// `--open` works in plain mode as on the full screen: a product by its handle, or what the
    /// full screen says of one that is not in the shop.
    func testOpenAtStart() throws {
        let product = try plain(["quit"], arguments: ["--plain", "--open", "product house-espresso-blend"])
        assertContains(product, ["Huisblend espresso"])
        let missing = try plain(["quit"], arguments: ["--plain", "--open", "product nope"])
        assertContains(missing, ["There is no product \"nope\" in this shop."])
    }

    func testSearchAndABadQuery() throws {
        let output = try plain(["search tag:tea", "open 1", "back", "search foo:(bar"])
        assertContains(output, [
            "Search \"tag:tea\":",
            "  1. ",
            "position 5",
            "  foo:(bar\n      ^",
        ])
    }

    func testProductOptionsAndQuantity() throws {
        let output = try plain(["open 1", "open 1", "set size 1 kg", "set Grind espresso", "qty 3", "set Colour red", "add"])
        assertContains(output, [
            "Size: 250 g, [1 kg]",
            "Grind: Whole bean, [Espresso]",
            "Quantity: 3",
            "No option \"Colour\": Size, Grind, Purchase.",
            "Adding 3 × Huisblend espresso · 1 kg / Espresso to the cart.",
            "✓ Added 3 × Huisblend espresso (1 kg / Espresso) to your cart.",
            "Cart: 3 items · €126.00",
        ])
    }

    func testAddFromAList() throws {
        let output = try plain(["open 1", "add 2", "more"])
        assertContains(output, [
            "Adding 1 × Ethiopia Yirgacheffe Kochere",
            "Cart: 1 item · €15.00",
        ])
        XCTAssertFalse(output.contains("Selected:"), "add N stays on the list")
    }

    func testCartQuantityRemoveDiscountAndNote() throws {
        let output = try plain(["open 1", "add 1", "add 2", "cart", "qty 1 3", "qty 5 1", "discount FIKA5",
                                "note Leave it at the door", "remove 2", "discount none", "remove 1"])
        assertContains(output, [
            "  1. Huisblend espresso · 250 g / Whole bean · 3 × €12.50 = €37.50",
            "There is no line 5 in the cart: 1 to 2.",
            "Discount: FIKA5",
            "Note: Leave it at the door",
            "Discount: none",
            "Your cart is empty.",
        ])
    }

    /// A code the shop refuses says why (the cart is otherwise as it was), and `cart` on the cart
    /// shows it again rather than nothing.
    func testARefusedCodeSaysWhyAndCartShowsTheCartAgain() throws {
        let output = try plain(["open 1", "add 1", "cart", "discount BREWDAY20", "cart"])
        assertContains(output, ["> discount BREWDAY20\nCart\n", "Discount: none\n  ✗ BREWDAY20: "])
        XCTAssertEqual(output.components(separatedBy: "> cart\nCart\n").count - 1, 2, output)
    }

    /// `country` lists where the shop sells, `country JP` shops from Japan: prices in yen, the cart
    /// with them; cold brew, not sold there, stays in the cart, marked, and checkout refuses it until
    /// the country is the Netherlands again.
    func testCountryPricesAndALineNotSoldThere() throws {
        let output = try plain(["country", "open 1", "add 1", "add 9", "country JP", "cart", "checkout",
                                "country XX", "country netherlands", "cart"])
        assertContains(output, [
            "  NL  Netherlands · EUR €  (current)",
            "  JP  Japan · JPY ¥",
            "Cart: 2 items · €26.50",
            "Shopping from Japan: prices in JPY.",
            "Error: Cold Brew Concentrate, 1 L is not sold in Japan. It stays in your cart; checkout needs it removed or another country.",
            "  2. Cold Brew Concentrate, 1 L · 1 × ¥2,310 = ¥2,310 · not sold here",
            "Cart: 2 items · ¥4,380",
            "Error: Cold Brew Concentrate, 1 L is not sold in Japan. Remove it, or shop from another country, to check out.",
            "The shop does not sell in \"XX\": try NL, US, GB, JP (country lists them).",
            "Shopping from Netherlands: prices in EUR.",
            "  2. Cold brew-concentraat, 1 L · 1 × €14.00 = €14.00\n", // in Dutch there, and not marked
        ])
    }

    /// After a purchase: the orders list, one order by its number, and the shop's policies by name.
    func testOrdersAndAboutThePolicies() throws {
        let output = try plain(["orders", "home", "open 1", "open 1", "add 1", "checkout"] + buyer
            + ["", "4242 4242 4242 4242", "12/29", "123", "Ada Lovelace", "", "",
               "orders", "order #1001", "order 7", "about shipping", "about returns", "about", "quit"])
        assertContains(output, [
            "Your orders: none yet.",
            "Thank you for your order! Order #1001",
            "Your orders:\n1. #1001",
            "Paid · Unfulfilled  1 item  €",
            "Order #1001 · ",
            "  1 × Huisblend espresso",
            "There is no order 7: a number like #1001, or 1 to 1.",
            "\"returns\" is not a policy; try about refund, shipping, privacy or terms.",
        ])
        // One policy alone: its title first, not the page's description.
        let shipping = try XCTUnwrap(output.range(of: "\nShipping policy\n"))
        XCTAssertFalse(output[shipping.upperBound...].prefix(400).contains("Refund policy"), output)
        XCTAssertTrue(output.contains("\nAbout "), output)
    }

    func testCheckoutCancelAndEvents() throws {
        let output = try plain(["events", "checkout", "add 1", "home", "open 1", "add 1", "checkout", "/cancel", "events"])
        assertContains(output, [
            "No checkout events yet.",
            "Error: Your cart is empty.",
            "add N puts product N of a list of products in the cart",
            "event: pixel event=checkout_started",
            "event: cancel afterCompletion=false",
            "event: dismissed",
        ])
    }

    func testUnknownCommandsAndMissingArguments() throws {
        let output = try plain(["dance", "open", "search", "qty x"])
        assertContains(output, [
            "Unknown command \"dance\". help lists the commands.",
            "open needs a number, like open 2.",
            "search needs a query",
            "qty needs a quantity",
        ])
    }

    func testTheEndOfTheInputQuits() throws {
        let output = try plain(["open 1"])
        XCTAssertTrue(output.hasSuffix("Bye.\n"), output)
    }

    /// A catalog whose text carries escape sequences and controls: nothing of them reaches the output.
    func testTextFromTheCatalogCannotEscape() throws {
        let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources/StorefrontCatalog/Resources/catalog.json")
        var catalog = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(contentsOf: source)) as? [String: Any])
        var collections = try XCTUnwrap(catalog["collections"] as? [[String: Any]])
        collections[0]["title"] = "Coffee\u{1B}[2J\u{1B}]52;c;aGk=\u{07}\u{9B}31m\r\nRoasts"
        catalog["collections"] = collections
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("hostile-\(UUID().uuidString.prefix(8)).json")
        try JSONSerialization.data(withJSONObject: catalog).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let output = try plain(["open 1", "quit"], arguments: ["--plain", "--catalog", file.path])
        XCTAssertTrue(output.contains("  1. Coffee"), output)
        XCTAssertFalse(output.contains("\u{9B}") || output.contains("\u{07}") || output.contains("\r"), output.debugDescription)
    }

    /// Over the catalog's index (written by a one-shot command first) a session shows what it shows
    /// over the catalog read from JSON, and a line added while the catalog may still be loading is
    /// priced by it all the same.
    func testASessionOverTheCatalogsIndexShowsWhatTheJSONShows() throws {
        let cache = FileManager.default.temporaryDirectory.appendingPathComponent("storefront-index-\(UUID().uuidString.prefix(8))")
        defer { try? FileManager.default.removeItem(at: cache) }
        let indexing = try PlainProcess(arguments: ["collections"], environment: ["XDG_CACHE_HOME": cache.path])
        indexing.closeInput()
        XCTAssertEqual(indexing.finish(timeout: 60).1, 0)
        let indexes = try FileManager.default.contentsOfDirectory(atPath: cache.appendingPathComponent("storefront/catalog-index").path)
        XCTAssertEqual(indexes.count, 1, "\(indexes)")
        let script = ["open 1", "open 1", "set Size 1 kg", "add 2", "cart", "quit"]
        let overIndex = try plain(script, environment: ["XDG_CACHE_HOME": cache.path])
        let overJSON = try plain(script, environment: ["XDG_CACHE_HOME": cache.path, "STOREFRONT_CATALOG_INDEX": "off"])
        XCTAssertTrue(overIndex.contains("  1. Coffee"), overIndex)
        XCTAssertEqual(overIndex, overJSON)
    }

    /// Without --plain: stdout or stdin not a terminal is enough.
    func testChosenAutomaticallyWhenNotOnATerminal() throws {
        let output = try plain(["quit"], arguments: [], environment: ["TERM": "xterm-256color"])
        XCTAssertTrue(output.contains("  1. Coffee"), output)
    }

    /// TERM=dumb on a real terminal: the plain mode, not a refusal.
    func testADumbTerminalGetsThePlainMode() throws {
        guard TmuxSession.tmuxPath != nil else { throw EndToEndSetupError.noTmux }
        let session = try TmuxSession(width: 80, height: 24, environment: ["TERM": "dumb"])
        try session.waitFor(text: "  1. Coffee")
        try session.type("open 2")
        try session.send("Enter")
        try session.waitFor(text: "Tea:")
        try session.type("quit")
        try session.send("Enter")
        XCTAssertTrue(session.waitForExit())
    }

    /// Account login against the local account server: the address to open is printed, a browser
    /// (URLSession here) approves, and the session says who is logged in.
    func testAccountLoginAndLogout() throws {
        let port = 18_400 + Int.random(in: 50...99)
        let server = try PlainProcess(arguments: ["serve", "--auto-approve", "--port", "\(port)"], environment: [:])
        defer { server.terminate() }
        let issuer = "http://127.0.0.1:\(port)/account"
        try waitUntilAnswering(URL(string: issuer + "/.well-known/openid-configuration")!)

        let app = try PlainProcess(arguments: ["--plain"], environment: ["STOREFRONT_ACCOUNT_SERVER": issuer])
        app.write("account\nlogin\n")
        let address = try XCTUnwrap(app.waitForLine(prefix: "Open this address to log in: "))
        let done = expectation(description: "the browser followed the redirect")
        URLSession.shared.dataTask(with: URL(string: address)!) { _, _, _ in done.fulfill() }.resume()
        wait(for: [done], timeout: 20)
        XCTAssertNotNil(app.waitForLine(prefix: "Logged in as ada@example.com."))
        app.write("account\nlogout\nquit\n")
        app.closeInput()
        let (output, status) = app.finish(timeout: 30)
        XCTAssertEqual(status, 0, output)
        assertContains(output, [
            "Account: not logged in. login logs in.",
            "Account: logged in as Ada Lovelace · ada@example.com.",
        ])
    }

    private func waitUntilAnswering(_ url: URL) throws {
        let deadline = Date().addingTimeInterval(20)
        while Date() < deadline {
            if (try? Data(contentsOf: url)) != nil { return }
            Thread.sleep(forTimeInterval: 0.2)
        }
        throw EndToEndSetupError("the local server never answered at \(url)")
    }
}
