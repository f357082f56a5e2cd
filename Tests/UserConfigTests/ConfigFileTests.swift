import Foundation
import XCTest
@testable import UserConfig

/// config.toml as read: every key, a document that is not TOML (one problem at its line, nothing
/// used), unknown keys and values of the wrong kind (named and left out), where the file is.
final class ConfigFileTests: XCTestCase {
    private let path = "/home/ada/.config/storefront/config.toml"

    func testEveryKeyIsRead() {
        let (file, problems) = ConfigFile.parse("""
            # the shop I use every day
            shop = "aurora.myshopify.com"
            token_env = "AURORA_TOKEN"
            country = "nl"
            colours = false
            pictures = "off"
            """, path: path)
        XCTAssertEqual(problems, [])
        XCTAssertEqual(file, ConfigFile(shop: "aurora.myshopify.com", tokenVariable: "AURORA_TOKEN", country: "NL",
                                        colours: false, pictures: false))
    }

    func testAnEndpointATokenAndTheAmericanSpelling() {
        let (file, problems) = ConfigFile.parse("""
            endpoint = "http://127.0.0.1:8080/api/2026-04/graphql.json"
            token = "secret"
            colors = true
            """, path: path)
        XCTAssertEqual(problems, [])
        XCTAssertEqual(file, ConfigFile(endpoint: "http://127.0.0.1:8080/api/2026-04/graphql.json", token: "secret", colours: true))
    }

    func testAnEmptyFileSaysNothing() {
        XCTAssertEqual(ConfigFile.parse("", path: path).file, ConfigFile())
        XCTAssertEqual(ConfigFile.parse("", path: path).problems, [])
    }

    func testADocumentThatIsNotTOMLIsOneProblemAtItsLineAndNoSettings() {
        let (file, problems) = ConfigFile.parse("""
            shop = "aurora.myshopify.com"
            country = "JP
            pictures = false
            """, path: path)
        XCTAssertEqual(file, ConfigFile(), "nothing of a broken file is used")
        XCTAssertEqual(problems.count, 1)
        XCTAssertEqual(problems.first?.line, 2)
        let message = problems.first?.description ?? ""
        XCTAssertTrue(message.hasPrefix("\(path):2: "), message)
        XCTAssertTrue(message.hasSuffix("; using the built-in settings"), message)
    }

    func testADuplicateKeyIsNotTOML() {
        let (file, problems) = ConfigFile.parse("country = \"JP\"\ncountry = \"US\"\n", path: path)
        XCTAssertEqual(file, ConfigFile())
        XCTAssertEqual(problems.map(\.line), [2])
    }

    func testUnknownKeysAreNamedWithTheirLinesAndTheRestIsUsed() {
        let (file, problems) = ConfigFile.parse("""
            country = "JP"
            colour = false

            [theme]
            name = "dark"
            """, path: path)
        XCTAssertEqual(file, ConfigFile(country: "JP"))
        XCTAssertEqual(problems.map(\.line), [2, 4])
        XCTAssertTrue(problems[0].message.hasPrefix("unknown key \"colour\" (known: shop, endpoint, token, token_env, country, colours, pictures)"),
                      problems[0].message)
        XCTAssertTrue(problems[1].message.hasPrefix("unknown key \"theme\""), problems[1].message)
    }

    func testValuesOfTheWrongKindAreNamedAndLeftOut() {
        let (file, problems) = ConfigFile.parse("""
            shop = 42
            country = "Japan"
            colours = "sometimes"
            pictures = true
            token_env = "not a name"
            """, path: path)
        XCTAssertEqual(file, ConfigFile(pictures: true))
        XCTAssertEqual(problems.map(\.line), [1, 2, 3, 5])
        XCTAssertEqual(problems[0].message, "shop takes a string, not a number; ignored")
        XCTAssertEqual(problems[1].message, "country takes a two-letter country code such as US or JP, not \"Japan\"; ignored")
        XCTAssertEqual(problems[2].message, "colours takes true or false (or \"on\", \"off\"), not \"sometimes\"; ignored")
        XCTAssertTrue(problems[3].message.hasPrefix("token_env takes the name of an environment variable"), problems[3].message)
    }

    func testShopAndEndpointTogetherAreBothLeftOut() {
        let (file, problems) = ConfigFile.parse("shop = \"a.myshopify.com\"\nendpoint = \"https://b.example/api\"\n", path: path)
        XCTAssertNil(file.shop)
        XCTAssertNil(file.endpoint)
        XCTAssertEqual(problems.map(\.description), ["\(path):2: give shop or endpoint, not both; both ignored"])
    }

    func testANulCharacterIsRefusedRatherThanReadAsTheEndOfTheFile() {
        let (file, problems) = ConfigFile.parse("country = \"JP\"\n\0pictures = false\n", path: path)
        XCTAssertEqual(file, ConfigFile())
        XCTAssertEqual(problems.map(\.line), [2])
    }

    func testTheFileIsUnderXDGConfigHomeElseHome() {
        XCTAssertEqual(ConfigFile.location(environment: ["XDG_CONFIG_HOME": "/x/conf", "HOME": "/home/ada"])?.path,
                       "/x/conf/storefront/config.toml")
        XCTAssertEqual(ConfigFile.location(environment: ["HOME": "/home/ada"])?.path, "/home/ada/.config/storefront/config.toml")
        XCTAssertEqual(ConfigFile.location(environment: ["XDG_CONFIG_HOME": "relative", "HOME": "/home/ada"])?.path,
                       "/home/ada/.config/storefront/config.toml", "a relative XDG_CONFIG_HOME is ignored")
        XCTAssertNil(ConfigFile.location(environment: [:]))
    }

    func testNoFileIsNoSettingsAndNoProblem() throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("config-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: home) }
        let (file, problems) = ConfigFile.load(environment: ["XDG_CONFIG_HOME": home.path])
        XCTAssertEqual(file, ConfigFile())
        XCTAssertEqual(problems, [])
    }

    func testAFileThatIsNotTextOrTooLargeIsOneProblem() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("config-\(UUID().uuidString)/storefront")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory.deletingLastPathComponent()) }
        let url = directory.appendingPathComponent("config.toml")
        try Data([0x63, 0x6F, 0xFF, 0xFE, 0x0A]).write(to: url)
        let environment = ["XDG_CONFIG_HOME": directory.deletingLastPathComponent().path]
        XCTAssertEqual(ConfigFile.load(environment: environment).problems.map(\.description),
                       ["\(url.path): is not UTF-8 text; using the built-in settings"])
        try Data(repeating: 0x23, count: ConfigFile.maximumSize + 1).write(to: url)
        XCTAssertEqual(ConfigFile.load(environment: environment).problems.count, 1)
        try Data("country = \"JP\"\n".utf8).write(to: url)
        XCTAssertEqual(ConfigFile.load(environment: environment).file, ConfigFile(country: "JP"))
    }
}
