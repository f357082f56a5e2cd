import Foundation
import Storefront
import XCTest

/// The built binary with a config.toml under its own XDG_CONFIG_HOME: the file's settings apply,
/// the environment and flags beat them, and a broken file is one line on stderr and the defaults.
/// Also `--version`.
final class SettingsFileEndToEndTests: XCTestCase {
    private var configHome: URL!

    override func setUpWithError() throws {
        configHome = FileManager.default.temporaryDirectory.appendingPathComponent("storefront-config-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: configHome.appendingPathComponent("storefront"), withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: configHome)
    }

    private var configFile: URL { configHome.appendingPathComponent("storefront/config.toml") }

    private func write(_ text: String) throws { try Data(text.utf8).write(to: configFile) }

    /// Runs the binary (stdout and stderr together) with this test's config home and none of the
    /// settings' variables of the environment running the tests.
    private func run(_ arguments: [String], environment: [String: String] = [:]) throws -> (output: String, status: Int32) {
        var variables = ["XDG_CONFIG_HOME": configHome.path, "STOREFRONT_SHOP": "", "STOREFRONT_TOKEN": "",
                         "STOREFRONT_COUNTRY": "", "NO_COLOR": ""]
        variables.merge(environment) { $1 }
        let process = try PlainProcess(arguments: arguments, environment: variables)
        process.closeInput()
        let (output, status) = process.finish(timeout: 60)
        return (output, status)
    }

    func testVersionSaysTheVersionAndThatADevelopmentBuildKnowsNoCommit() throws {
        let (output, status) = try run(["--version"])
        XCTAssertEqual(status, 0)
        XCTAssertEqual(output, "storefront \(StorefrontVersion.number) (unknown commit)\n")
    }

    func testTheFilesCountryAppliesAndTheEnvironmentAndFlagsBeatIt() throws {
        try write("# prices as in Japan\ncountry = \"JP\"\n")
        let fromFile = try run(["search", "assam", "--limit", "1"])
        XCTAssertEqual(fromFile.status, 0, fromFile.output)
        XCTAssertTrue(fromFile.output.contains("¥990"), fromFile.output)
        let fromEnvironment = try run(["search", "assam", "--limit", "1"], environment: ["STOREFRONT_COUNTRY": "US"])
        XCTAssertTrue(fromEnvironment.output.contains("$"), fromEnvironment.output)
        XCTAssertFalse(fromEnvironment.output.contains("¥"), fromEnvironment.output)
        let fromFlag = try run(["search", "assam", "--limit", "1", "--country", "NL"], environment: ["STOREFRONT_COUNTRY": "US"])
        XCTAssertTrue(fromFlag.output.contains("€6.00"), fromFlag.output)
    }

    func testABrokenFileIsOneLineNamingTheFileAndItsLineThenTheDefaults() throws {
        try write("pictures = false\ncountry = \"JP\n")
        let (output, status) = try run(["search", "assam", "--limit", "1"])
        XCTAssertEqual(status, 0, output)
        let warnings = output.split(separator: "\n").filter { $0.hasPrefix("storefront:") }
        XCTAssertEqual(warnings.count, 1, output)
        XCTAssertTrue(warnings.first?.hasPrefix("storefront: \(configFile.path):2: ") == true, output)
        XCTAssertTrue(output.contains("€6.00"), "the built-in settings: the shop's own country\n\(output)")
    }

    func testAnUnknownKeyIsNamedAndTheRestApplies() throws {
        try write("country = \"JP\"\ncolour = false\n")
        let (output, status) = try run(["search", "assam", "--limit", "1"])
        XCTAssertEqual(status, 0, output)
        XCTAssertTrue(output.contains("storefront: \(configFile.path):2: unknown key \"colour\""), output)
        XCTAssertTrue(output.contains("¥990"), output)
    }

    /// The file's endpoint and token are used (nothing listens there: exit 3, unreachable); a
    /// catalog on the command line wins over them; token_env naming an unset variable says so.
    func testTheFilesEndpointAndTokenAndWhatBeatsThem() throws {
        try write("endpoint = \"http://127.0.0.1:9/api/2026-04/graphql.json\"\ntoken = \"from-the-file\"\n")
        let remote = try run(["search", "assam", "--limit", "1"])
        XCTAssertEqual(remote.status, 3, remote.output)
        let catalog = try run(["search", "assam", "--limit", "1", "--catalog", try XCTUnwrap(Self.bundledCatalog)])
        XCTAssertEqual(catalog.status, 0, catalog.output)
        XCTAssertTrue(catalog.output.contains("Assam Breakfast Tea"), catalog.output)
        try write("endpoint = \"http://127.0.0.1:9/api/2026-04/graphql.json\"\ntoken_env = \"MY_SHOP_TOKEN\"\n")
        let unset = try run(["search", "assam"], environment: ["MY_SHOP_TOKEN": ""])
        XCTAssertEqual(unset.status, 2, unset.output)
        XCTAssertTrue(unset.output.contains("token_env names MY_SHOP_TOKEN, which is not set"), unset.output)
    }

    /// `product` on a terminal draws the picture in colour; `colours = false` draws its shapes
    /// only (as NO_COLOR does), `pictures = false` none at all.
    func testColoursAndPicturesFromTheFile() throws {
        func product(_ settings: String?) throws -> String {
            if let settings { try write(settings) } else { try? FileManager.default.removeItem(at: configFile) }
            let process = try PtyProcess(arguments: ["product", "enamel-camp-mug"],
                                         environment: ["XDG_CONFIG_HOME": configHome.path, "TERM": "xterm-256color"])
            XCTAssertEqual(process.waitForExit(timeout: 30), 0, process.text)
            return process.text
        }
        let colour = "\u{1B}[0;48;5;"
        let standard = try product(nil)
        XCTAssertTrue(standard.contains(colour), standard)
        let monochrome = try product("colours = false\n")
        XCTAssertFalse(monochrome.contains(colour), monochrome)
        XCTAssertTrue(monochrome.contains("█"), "the picture's shapes are still drawn:\n\(monochrome)")
        let none = try product("pictures = false\n")
        XCTAssertFalse(none.contains(colour) || none.contains("█"), none)
        XCTAssertTrue(none.contains("Enamel Camp Mug"), none)
    }

    /// The catalog the binary bundles, as a file of the repository.
    private static var bundledCatalog: String? {
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources/StorefrontCatalog/Resources/catalog.json").path
        return FileManager.default.fileExists(atPath: path) ? path : nil
    }
}
