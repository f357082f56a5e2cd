import ArgumentParser
import Foundation
import Storefront
import StorefrontCommandLine
import UserConfig

/// `--country CODE` (else `STOREFRONT_COUNTRY`, else config.toml's `country`): the country a command shops from. Its prices are in
/// that market's currency and it lists only what the market sells, as `@inContext(country:)` does
/// over a Storefront API; the catalog is read the same way.
struct MarketOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp(
        "The country to shop from, e.g. US or JP: prices in its currency, only what is sold there (else STOREFRONT_COUNTRY).",
        valueName: "code"))
    var country: String?

    static let environmentName = "STOREFRONT_COUNTRY"

    func validate() throws {
        if let country, CountryPreference.code(country) == nil {
            throw ValidationError("--country takes a two-letter country code such as US or JP, not \"\(country)\".")
        }
        if country == nil, !Self.environmentCountryIsValid(), let value = Self.environment {
            throw ValidationError("\(Self.environmentName) takes a two-letter country code such as US or JP, not \"\(value)\".")
        }
    }

    /// Whether the environment's country, if it names one, is a country code.
    static func environmentCountryIsValid(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> Bool {
        guard let value = environment[environmentName], !value.isEmpty else { return true }
        return CountryPreference.code(value) != nil
    }

    private static var environment: String? {
        ProcessInfo.processInfo.environment[environmentName].flatMap { $0.isEmpty ? nil : $0 }
    }

    /// The country asked for on the command line or in the environment.
    var asked: String? { (country ?? Self.environment).flatMap(CountryPreference.code) }

    /// The country asked for on the command line, in the environment or in config.toml; nil: the shop's own.
    var chosen: String? {
        Settings.resolve(flags: .init(country: country), environment: ProcessInfo.processInfo.environment, file: SettingsFile.loaded)
            .settings.country.flatMap(CountryPreference.code)
    }

    var context: BuyerContext { BuyerContext(country: chosen) }

    /// A Storefront API asked in the chosen country; says once on stderr when the shop does not
    /// sell there (it then answers in its own, as the API does).
    func inMarket(_ storefront: any StorefrontClient) async -> any StorefrontClient {
        guard let chosen else { return storefront }
        if let localization = try? await storefront.localization(),
           !localization.availableCountries.contains(where: { $0.isoCode == chosen }) {
            warnNotSold(in: chosen, home: localization.availableCountries.first?.currencyCode)
        }
        return storefront.inContext(context)
    }

    /// The catalog's markets in the chosen country: warns the same way.
    func markets(of catalog: StoreCatalog) -> Markets { markets(catalog.markets) }

    /// A catalog's (or its index's) markets in the chosen country: warns the same way.
    func markets(_ markets: Markets) -> Markets {
        if let chosen, !markets.sells(in: chosen) { warnNotSold(in: chosen, home: markets.home.currencyCode) }
        return markets
    }

    /// Whether the chosen country sells a product, by its handle. The country is resolved once
    /// (flag, environment, config file), not once a product.
    func sells(in markets: Markets) -> (String) -> Bool {
        let market = markets.market(for: context.country)
        return { market.sells($0) }
    }

    /// Catalog products as the chosen country sees them: the ones it sells, in its currency and language.
    func localize(_ products: [Product], _ markets: Markets) -> [Product] {
        let context = context
        return products.filter { markets.sells($0, context) }.map { markets.localize($0, context) }
    }

    /// Why a product is missing in the chosen country while the shop has it: "not sold in Japan".
    func notSoldMessage(_ product: Product, countryName: String?) -> String {
        "\(product.title) is not sold in \(countryName ?? chosen ?? "this country")"
    }

    private func warnNotSold(in country: String, home: String?) {
        FileHandle.standardError.write(Data("storefront: the shop does not sell in \(country); prices are its own\(home.map { " (\($0))" } ?? "")\n".utf8))
    }
}
