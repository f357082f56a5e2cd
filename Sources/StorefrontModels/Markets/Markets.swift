import Foundation

/// The countries a shop sells in (its own first) and the catalog's translations by language.
public struct Markets: Sendable, Codable {
    /// A product's text in another language; nil keeps the catalog's own.
    public struct Translation: Hashable, Sendable, Codable {
        public var title: String?
        public var description: String?

        public init(title: String? = nil, description: String? = nil) { self.title = title; self.description = description }
    }

    public let all: [Market]
    /// Language code ("NL", "JA") → product handle → its text in that language.
    public let translations: [String: [String: Translation]]

    public init(all: [Market], translations: [String: [String: Translation]] = [:]) {
        self.all = all; self.translations = translations
    }

    /// The shop's country only: a catalog without markets.
    public static func single(_ shop: Shop) -> Markets { Markets(all: [.home(of: shop)]) }

    public var home: Market { all[0] }

    /// The market of a country; the shop's own for nil or a country it does not sell in, as the
    /// API answers an `@inContext` country outside the shop's markets.
    public func market(for country: String?) -> Market {
        guard let country = country?.uppercased() else { return home }
        return all.first { $0.countryCode == country } ?? home
    }

    /// Whether the shop sells in this country.
    public func sells(in country: String) -> Bool { all.contains { $0.countryCode == country.uppercased() } }

    /// The buyer's language: the one asked for, else the buyer's country's; without either, the
    /// catalog's own (English).
    public func language(_ context: BuyerContext) -> String {
        context.language ?? context.country.map { market(for: $0).language } ?? "EN"
    }

    public func localization(_ context: BuyerContext) -> Localization {
        Localization(availableCountries: all.map(\.localizationCountry),
                     country: market(for: context.country).localizationCountry, language: language(context))
    }
}
