import Foundation
import Graphiti
import Storefront

/// `QueryRoot.localization`: the countries the shop sells in, each with its currency, and the
/// buyer's country and language from `@inContext`.
final class LocalizationSchema: PartialSchema<StorefrontResolver, RequestContext> {
    @TypeDefinitions
    override var types: Types {
        Type(LocalizationNode.self, as: "Localization") {
            keyField("availableCountries", at: \.availableCountries)
            keyField("availableLanguages", at: \.availableLanguages)
            keyField("country", at: \.country)
            keyField("language", at: \.language)
            keyField("market", at: \.market)
                .deprecationReason("This `market` field will be removed in a future version of the API.")
        }
        Type(CountryNode.self, as: "Country") {
            keyField("isoCode", at: \.isoCode)
            keyField("name", at: \.name)
            keyField("currency", at: \.currency)
            keyField("availableLanguages", at: \.availableLanguages)
            keyField("defaultLanguage", at: \.defaultLanguage)
            keyField("unitSystem", at: \.unitSystem)
            keyField("market", at: \.market)
                .deprecationReason("This `market` field will be removed in a future version of the API.")
        }
        Enum(UnitSystem.self) {
            Value(.imperialSystem)
            Value(.metricSystem)
        }
        Type(MarketNode.self, as: "Market", interfaces: [NodeValue.self]) {
            keyField("handle", at: \.handle)
            keyField("id", at: \.idValue)
            metafieldField(MarketNode.self)
            metafieldsField(MarketNode.self)
        }
        Type(CurrencyNode.self, as: "Currency") {
            keyField("isoCode", at: \.isoCode)
            keyField("name", at: \.name)
            keyField("symbol", at: \.symbol)
        }
        Type(LanguageNode.self, as: "Language") {
            keyField("isoCode", at: \.isoCode)
            keyField("name", at: \.name)
            keyField("endonymName", at: \.endonymName)
        }
    }

    @FieldDefinitions
    override var query: Fields {
        Field("localization", at: StorefrontResolver.localization)
    }
}

extension StorefrontResolver {
    func localization(context: RequestContext, arguments: NoArguments) async throws -> LocalizationNode {
        LocalizationNode(try await context.storefront.localization())
    }
}

struct LocalizationNode: Sendable {
    var availableCountries: [CountryNode]
    var country: CountryNode
    var language: LanguageNode
    /// The languages of the buyer's country.
    var availableLanguages: [LanguageNode] { country.availableLanguages }
    /// The buyer's country's market.
    var market: MarketNode { country.marketNode }

    init(_ localization: Localization) {
        availableCountries = localization.availableCountries.map(CountryNode.init)
        country = CountryNode(localization.country)
        language = LanguageNode(code: localization.language)
    }
}

struct CountryNode: Sendable {
    var country: Localization.Country
    init(_ country: Localization.Country) { self.country = country }

    var isoCode: CountryCode { CountryCode(unchecked: country.isoCode) }
    var name: String { country.name }
    var currency: CurrencyNode { CurrencyNode(code: country.currencyCode, symbol: country.currencySymbol) }
    var availableLanguages: [LanguageNode] { country.availableLanguages.map(LanguageNode.init(code:)) }
    var defaultLanguage: LanguageNode { LanguageNode(code: country.defaultLanguage) }
    var unitSystem: UnitSystem { UnitSystem(rawValue: country.unitSystem) ?? .metricSystem }
    /// Nullable in the API (a country no market sells in); here every country listed is a market.
    var market: MarketNode? { marketNode }
    var marketNode: MarketNode { MarketNode(id: country.marketId, handle: country.marketHandle) }
}

enum UnitSystem: String, Codable, Sendable, CaseIterable {
    case imperialSystem = "IMPERIAL_SYSTEM", metricSystem = "METRIC_SYSTEM"
}

/// `Market` (deprecated in the API, still answered): each country the shop sells in is one. The
/// catalog keeps no metafields on markets.
struct MarketNode: NodeValue, HasMetafields {
    var id: String
    var handle: String
    func metafieldNodes(context: RequestContext) -> [MetafieldNode] { [] }
    var idValue: GraphID { GraphID(unchecked: id) }
}

struct CurrencyNode: Sendable {
    var code: String
    var symbol: String
    var isoCode: CurrencyCode { CurrencyCode(unchecked: code) }
    var name: String { Self.names[code] ?? code }

    private static let names = ["EUR": "Euro", "USD": "US Dollar", "GBP": "British Pound", "JPY": "Japanese Yen",
                                "CAD": "Canadian Dollar", "AUD": "Australian Dollar", "CHF": "Swiss Franc"]
}

struct LanguageNode: Sendable {
    var code: String
    var isoCode: LanguageCode { LanguageCode(unchecked: code) }
    var name: String { Self.names[code]?.english ?? code }
    var endonymName: String { Self.names[code]?.own ?? code }

    private static let names: [String: (english: String, own: String)] = [
        "EN": ("English", "English"), "NL": ("Dutch", "Nederlands"), "JA": ("Japanese", "日本語"),
        "DE": ("German", "Deutsch"), "FR": ("French", "français"),
    ]
}
