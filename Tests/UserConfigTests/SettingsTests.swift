import XCTest
@testable import UserConfig

/// Flags, then the environment, then config.toml, then the built-in defaults, key by key.
final class SettingsTests: XCTestCase {
    private let file = ConfigFile(shop: "file.myshopify.com", token: "file-token", country: "JP", colours: false, pictures: false)

    func testTheFileStandsWhenNothingElseSpeaks() {
        let (settings, problems) = Settings.resolve(flags: .init(), environment: [:], file: file)
        XCTAssertEqual(settings, Settings(shop: "file.myshopify.com", token: "file-token", country: "JP", colours: false, pictures: false))
        XCTAssertEqual(problems, [])
    }

    func testTheDefaultsWithoutAFile() {
        XCTAssertEqual(Settings.resolve(flags: .init(), environment: [:], file: ConfigFile()).settings, Settings())
    }

    func testTheEnvironmentBeatsTheFile() {
        let environment = ["STOREFRONT_SHOP": "env.myshopify.com", "STOREFRONT_TOKEN": "env-token", "STOREFRONT_COUNTRY": "US"]
        let settings = Settings.resolve(flags: .init(), environment: environment, file: file).settings
        XCTAssertEqual(settings.shop, "env.myshopify.com")
        XCTAssertEqual(settings.token, "env-token")
        XCTAssertEqual(settings.country, "US")
    }

    func testFlagsBeatTheEnvironment() {
        let environment = ["STOREFRONT_SHOP": "env.myshopify.com", "STOREFRONT_TOKEN": "env-token", "STOREFRONT_COUNTRY": "US"]
        let flags = Settings.Flags(shop: "flag.myshopify.com", token: "flag-token", country: "NL", noPictures: true)
        let settings = Settings.resolve(flags: flags, environment: environment, file: ConfigFile(pictures: true)).settings
        XCTAssertEqual(settings.shop, "flag.myshopify.com")
        XCTAssertEqual(settings.token, "flag-token")
        XCTAssertEqual(settings.country, "NL")
        XCTAssertFalse(settings.pictures, "--no-image beats pictures = true")
    }

    func testAnEmptyVariableDoesNotCount() {
        let settings = Settings.resolve(flags: .init(), environment: ["STOREFRONT_COUNTRY": "", "STOREFRONT_SHOP": ""], file: file).settings
        XCTAssertEqual(settings.country, "JP")
        XCTAssertEqual(settings.shop, "file.myshopify.com")
    }

    /// Where to read is one setting: a catalog or an endpoint named anywhere above the file wins
    /// over the file's shop, rather than making "not both" out of two places.
    func testTheFilesShopGivesWayToAnyOtherPlaceToRead() {
        for flags in [Settings.Flags(catalog: "other.json"), Settings.Flags(endpoint: "http://127.0.0.1:9/api")] {
            let settings = Settings.resolve(flags: flags, environment: [:], file: file).settings
            XCTAssertNil(settings.shop, "\(flags)")
            XCTAssertEqual(settings.endpoint, flags.endpoint)
        }
        let endpointFile = ConfigFile(endpoint: "http://127.0.0.1:9/api")
        let settings = Settings.resolve(flags: .init(), environment: ["STOREFRONT_SHOP": "env.myshopify.com"], file: endpointFile).settings
        XCTAssertNil(settings.endpoint)
        XCTAssertEqual(settings.shop, "env.myshopify.com")
    }

    func testTokenEnvNamesTheVariableHoldingTheToken() {
        let file = ConfigFile(shop: "a.myshopify.com", tokenVariable: "AURORA_TOKEN")
        XCTAssertEqual(Settings.resolve(flags: .init(), environment: ["AURORA_TOKEN": "t0k"], file: file).settings.token, "t0k")
        let (unset, problems) = Settings.resolve(flags: .init(), environment: [:], file: file)
        XCTAssertNil(unset.token)
        XCTAssertEqual(problems, ["token_env names AURORA_TOKEN, which is not set"])
        let (flagged, none) = Settings.resolve(flags: .init(token: "flag"), environment: [:], file: file)
        XCTAssertEqual(flagged.token, "flag")
        XCTAssertEqual(none, [], "a token given elsewhere makes token_env moot")
    }

    func testNoColorBeatsTheFileAndTheFileCanTurnColoursOff() {
        XCTAssertFalse(Settings.resolve(flags: .init(), environment: ["NO_COLOR": "1"], file: ConfigFile(colours: true)).settings.colours)
        XCTAssertTrue(Settings.resolve(flags: .init(), environment: ["NO_COLOR": ""], file: ConfigFile(colours: true)).settings.colours)
        XCTAssertFalse(Settings.resolve(flags: .init(), environment: [:], file: ConfigFile(colours: false)).settings.colours)
        XCTAssertTrue(Settings.resolve(flags: .init(), environment: [:], file: ConfigFile()).settings.colours)
    }
}
