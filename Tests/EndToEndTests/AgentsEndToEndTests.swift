import CustomerAccount
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Storefront
import XCTest

/// An AI agent shops with the official MCP Python SDK as its client (`Scripts/agent-e2e.py`), for
/// the customer logged in on a terminal: over `serve`'s streamable HTTP endpoints with the
/// customer's access token, then through `storefront mcp` on stdio in that terminal's state
/// directory. Each run initialises, lists the tools (every input schema checked against JSON Schema
/// 2020-12), searches, reads a product and the policies, builds a cart, completes a checkout (and
/// replays it) and reads the order. Both orders are then the customer's in the app's account screen.
final class AgentsEndToEndTests: XCTestCase {
    static let token = "e2e-agents-token"

    override func setUpWithError() throws {
        guard TmuxSession.tmuxPath != nil else { throw EndToEndSetupError.noTmux }
        guard Self.python(["-c", "import mcp, jsonschema"]).status == 0 else {
            throw EndToEndSetupError("the MCP Python SDK is not installed (python3 -m pip install mcp jsonschema); the agents' test is its client")
        }
    }

    func testAnAgentShopsForTheCustomerOverHTTPAndStdio() async throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("storefront-agents-e2e-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let (serve, endpoint) = try ServeLogin.serve(token: Self.token, root: root)
        defer { serve.stop() }
        let origin = endpoint.replacingOccurrences(of: "/api/2026-04/graphql.json", with: "")

        // The customer logs in on a terminal.
        let appState = root.appendingPathComponent("app")
        _ = try await ServeLogin.login(endpoint: endpoint, token: Self.token, appState: appState)
        let session = try XCTUnwrap(try TokenStore(directory: appState.appendingPathComponent("storefront")).load())
        let customer = session.customer.id

        // An agent with the customer's access token, over serve's streamable HTTP.
        let http = Self.python([Self.script, "http", origin + "/api/ucp/mcp", "--token", session.accessToken.rawValue])
        XCTAssertEqual(http.status, 0, http.output)
        let overHTTP = try Self.result(http.output)
        XCTAssertEqual(overHTTP.ucp.customer, customer, http.output)
        XCTAssertEqual(overHTTP.ucp.label, "#1001", http.output)

        // An agent in the customer's terminal: `storefront mcp` on stdio against the same shop.
        let binary = try XCTUnwrap(TmuxSession.builtStorefront)
        let stdio = Self.python([Self.script, "stdio", "--", binary, "--endpoint", endpoint, "--token", Self.token, "mcp"],
                                stateDirectory: appState)
        XCTAssertEqual(stdio.status, 0, stdio.output)
        let overStdio = try Self.result(stdio.output)
        XCTAssertEqual(overStdio.ucp.customer, customer, stdio.output)
        XCTAssertEqual(overStdio.ucp.label, "#1002", stdio.output)

        // The ledger has both, for that customer, once each: the replays placed nothing.
        let ledger = try await Self.ledger(origin: origin, sessions: [overHTTP.ucp.checkout, overStdio.ucp.checkout])
        XCTAssertEqual(ledger.map(\.name).sorted(), ["#1001", "#1002"])
        XCTAssertEqual(Set(ledger.map(\.customerId)), [customer])

        // The human at the terminal sees the agent's orders on the account screen.
        let app = try TmuxSession(width: 80, height: 24, arguments: ["--endpoint", endpoint, "--token", Self.token], stateDirectory: appState)
        try app.waitFor(text: "Ada")
        try app.send("u")
        let account = try app.waitFor("both orders") { $0.contains("#1001") && $0.contains("#1002") }
        XCTAssertTrue(account.contains("Your orders"), account)
    }

    /// The agents' script beside the package's sources.
    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Scripts/agent-e2e.py").path

    struct Summary: Decodable {
        struct UCP: Decodable { var order: String; var label: String; var customer: String?; var checkout: String }
        var ucp: UCP
    }

    static func result(_ output: String) throws -> Summary {
        let line = try XCTUnwrap(output.split(separator: "\n").last { $0.hasPrefix("{") }, output)
        return try JSONDecoder().decode(Summary.self, from: Data(line.utf8))
    }

    /// The shop's recorded orders of these checkouts (the agents' checkout sessions).
    static func ledger(origin: String, sessions: [String]) async throws -> [Order] {
        var components = try XCTUnwrap(URLComponents(string: origin + "/checkout/orders"))
        components.queryItems = sessions.map { URLQueryItem(name: "session", value: "agent:" + $0) }
        var request = URLRequest(url: try XCTUnwrap(components.url))
        request.setValue(token, forHTTPHeaderField: "X-Shopify-Storefront-Access-Token")
        let (data, _) = try await URLSession.shared.data(for: request)
        return try OrderWire.decoder.decode([Order].self, from: data)
    }

    /// Runs python3 to the end (at most two minutes), with the state directory a terminal would have.
    static func python(_ arguments: [String], stateDirectory: URL? = nil) -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3"] + arguments
        var environment = ProcessInfo.processInfo.environment
        if let stateDirectory {
            environment["XDG_STATE_HOME"] = stateDirectory.path
            environment["XDG_CACHE_HOME"] = stateDirectory.appendingPathComponent("cache").path
        }
        process.environment = environment
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("agents-\(UUID().uuidString).log")
        FileManager.default.createFile(atPath: output.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: output) }
        guard let handle = try? FileHandle(forWritingTo: output) else { return (-1, "cannot write \(output.path)") }
        process.standardOutput = handle
        process.standardError = handle
        do { try process.run() } catch { return (-1, "python3 did not start: \(error)") }
        let deadline = Date().addingTimeInterval(120)
        while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.1) }
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
        try? handle.close()
        return (process.terminationStatus, (try? String(contentsOf: output, encoding: .utf8)) ?? "")
    }
}
