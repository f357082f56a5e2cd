import Foundation
import Storefront
import XCTest
@testable import CheckoutSheet

/// The app's JWT (protocol 2025-10) is a secret: it reaches the checkout page in the URL and is
/// written nowhere else: not in an event, a JSON line, a log line, a recorded message, a signal,
/// a description of the configuration, or a file the store keeps.
final class AppAuthenticationTests: XCTestCase {
    private var directories: [URL] = []

    override func tearDown() {
        for directory in directories { try? FileManager.default.removeItem(at: directory) }
        super.tearDown()
    }

    /// The whole token and each of its parts that could identify it (claims, signature).
    private func forbidden(_ token: String) -> [String] {
        [token] + token.split(separator: ".").map(String.init).filter { $0.count > 16 }
    }

    private func assertNoToken(_ token: String, in texts: [String], _ context: String,
                               file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertFalse(texts.isEmpty, "nothing scanned: \(context)", file: file, line: line)
        for text in texts {
            for secret in forbidden(token) where text.contains(secret) {
                XCTFail("\(context): the token appears in \(text.prefix(200))", file: file, line: line)
            }
        }
    }

    func testTheTokenIsAJWTSignedWithTheClientSecret() throws {
        let token = AppAuthenticationToken.clientCredentials(clientId: "app", clientSecret: "s3cret", audience: "aurora.example",
                                                             issuedAt: DemoTime.demoStart)
        XCTAssertTrue(token.isWellFormed)
        let parts = token.token.split(separator: ".")
        XCTAssertEqual(parts.count, 3)
        XCTAssertEqual(parts[0], "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9", #"{"alg":"HS256","typ":"JWT"}"#)
        let other = AppAuthenticationToken.clientCredentials(clientId: "app", clientSecret: "other", audience: "aurora.example",
                                                             issuedAt: DemoTime.demoStart)
        XCTAssertEqual(other.token.split(separator: ".")[1], parts[1], "same claims")
        XCTAssertNotEqual(other.token.split(separator: ".")[2], parts[2], "another secret signs differently")
        XCTAssertFalse(AppAuthenticationToken(jwt: "not a jwt").isWellFormed)
    }

    func testDescriptionsOfTheConfigurationRedactIt() {
        let token = AppAuthenticationToken(jwt: "aaaaaaaaaaaaaaaaaaaa.bbbbbbbbbbbbbbbbbbbb.cccccccccccccccccccc")
        let configuration = CheckoutConfiguration(protocolVersion: .embedded202510, appAuthentication: token)
        var dumped = ""
        dump(configuration, to: &dumped)
        let texts = [String(describing: configuration), String(reflecting: configuration), dumped, "\(token)",
                     String(reflecting: token)]
        assertNoToken(token.token, in: texts, "descriptions")
        XCTAssertTrue(String(describing: configuration).contains("[REDACTED]"))
        let url = CheckoutURL.embedding(Fixtures.checkoutURL(), for: configuration)
        XCTAssertTrue(url.contains(token.token), "the page gets it")
        XCTAssertEqual(CheckoutURL.embedding(of: url)?.authentication, token)
        XCTAssertEqual(CheckoutURL.redacted(url), Fixtures.checkoutURL() + "&embed=protocol%3D2025-10&embed_auth=[REDACTED]")
        XCTAssertEqual(CheckoutURL.redacted("https://a.example/?x_embed_auth=1&embed_auth=2#f"),
                       "https://a.example/?x_embed_auth=1&embed_auth=[REDACTED]#f")
        let request = CheckoutWebRequest(url: url)
        assertNoToken(token.token, in: [String(describing: request), String(reflecting: request)], "web request")
    }

    /// The page reads the token: one that is not a JWT is refused before the checkout starts.
    func testThePageRefusesATokenThatIsNotAJWT() async throws {
        let harness = SheetHarness(configuration: CheckoutConfiguration(logLevel: .all, protocolVersion: .embedded202510,
                                                                        appAuthentication: AppAuthenticationToken(jwt: "opensesame")))
        await harness.present()
        XCTAssertEqual(harness.summary, ["fail:checkoutUnavailable:unknown", "dismiss:false"])
        let requests = await harness.server.requests
        XCTAssertEqual(requests.first.map { CheckoutURL.embedding(of: $0.url)?.authentication?.token }, "opensesame")
        XCTAssertFalse(harness.logs.contains { $0.contains("opensesame") })
    }

    func testEveryScenarioKeepsItSecret() async throws {
        for scenario in CheckoutScenario.embedded {
            let run = try await ScenarioRun.run(scenario.name, protocolVersion: .embedded202510)
            let texts = run.lines + run.logs + run.bridgeMessages + run.signals.map { String(describing: $0) }
                + run.events.map { String(describing: $0) }
            assertNoToken(run.appToken, in: texts, scenario.name)
        }
    }

    /// The demo on the real embedded store: the token reaches the page, and neither the output,
    /// the log, the recorded messages nor any file of the store's state holds it.
    func testTheStoresFilesAndTheRecordingHoldNoToken() async throws {
        let clock = DemoTime()
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("checkout-jwt-\(UUID().uuidString)")
        directories.append(directory)
        let store = EmbeddedStorefront(catalog: try CatalogLoader.bundled(), stateDirectory: directory, now: { clock.now() })
        let cart = try await DemoCart.make(in: store)
        let scenario = try XCTUnwrap(CheckoutScenario.named("payment-change", protocolVersion: .embedded202510))
        let demo = CheckoutDemo(scenario: scenario, backend: store, checkoutURL: cart.checkoutUrl, clock: clock, logLevel: .all,
                                protocolVersion: .embedded202510)
        let recording = directory.appendingPathComponent("recorded.jsonl")
        let lines = Locked<[String]>([]), logs = Locked<[String]>([]), recorded = Locked<[String]>([])
        let events = await demo.run(output: { lines.append($0) }, log: { logs.append($0.message) }, tap: { signal in
            if case .bridgeMessage(let text) = signal { recorded.append(text) }
        })
        try (recorded.value.joined(separator: "\n") + "\n").write(to: recording, atomically: true, encoding: .utf8)
        XCTAssertEqual(events.map(\.name).last, "complete")
        let token = demo.appAuthentication.token
        var files: [String] = []
        let enumerator = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: nil)
        while let url = enumerator?.nextObject() as? URL {
            if let data = try? Data(contentsOf: url) { files.append(String(decoding: data, as: UTF8.self)) }
        }
        XCTAssertGreaterThan(files.count, 1, "the store wrote its state")
        assertNoToken(token, in: lines.value + logs.value + files, "embedded store")
    }
}
