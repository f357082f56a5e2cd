import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import XCTest

/// `storefront serve` on a free port (approving every login at once) and a terminal logged in to
/// it, as the tests that buy over `serve` start.
enum ServeLogin {
    /// Starts `serve` with its state under `root/server`; answers the process and its endpoint.
    static func serve(token: String, root: URL) throws -> (StorefrontProcess, String) {
        let serve = try StorefrontProcess(["serve", "--port", "0", "--token", token, "--auto-approve"],
                                          stateDirectory: root.appendingPathComponent("server"))
        let endpoint = try XCTUnwrap(serve.waitForLine { line -> String? in
            guard line.hasPrefix("Storefront API for ") else { return nil }
            return line.split(separator: " ").last.map(String.init).flatMap { $0.hasPrefix("http") ? $0 : nil }
        }, "serve printed no address:\n\(serve.text)")
        return (serve, endpoint)
    }

    /// `storefront --endpoint … login` from a shell in `appState`, the test playing the browser;
    /// answers the address the login opened and what login printed.
    static func login(endpoint: String, token: String, appState: URL) async throws -> (URL, String) {
        let login = try StorefrontProcess(["--endpoint", endpoint, "--token", token, "login", "--no-browser"], stateDirectory: appState)
        let address = try XCTUnwrap(login.waitForLine { line -> URL? in
            let text = line.trimmingCharacters(in: .whitespaces)
            return text.hasPrefix("http") && text.contains("/oauth/authorize") ? URL(string: text) : nil
        }, "login printed no address:\n\(login.text)")
        _ = try await URLSession.shared.data(from: address)
        XCTAssertEqual(login.waitForExit(), 0, login.text)
        return (address, login.text)
    }
}
