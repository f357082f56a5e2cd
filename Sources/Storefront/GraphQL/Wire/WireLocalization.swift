import Foundation
import StorefrontModels

/// `localization` as `Localization.graphql` selects it.
struct WireLocalization: Decodable, Sendable {
    struct Currency: Decodable, Sendable { var isoCode: String; var symbol: String }
    struct Country: Decodable, Sendable {
        var isoCode: String
        var name: String
        var currency: Currency
        var availableLanguages: [Language]

        var model: Localization.Country {
            let line = TextSanitizer.cleanLine
            return Localization.Country(isoCode: line(isoCode), name: line(name), currencyCode: line(currency.isoCode),
                                        currencySymbol: line(currency.symbol),
                                        availableLanguages: availableLanguages.map { line($0.isoCode) })
        }
    }
    struct Language: Decodable, Sendable { var isoCode: String }

    var availableCountries: [Country]
    var country: Country
    var language: Language

    var model: Localization {
        Localization(availableCountries: availableCountries.map(\.model), country: country.model,
                     language: TextSanitizer.cleanLine(language.isoCode))
    }
}

struct LocalizationData: Decodable, Sendable { var localization: WireLocalization }
