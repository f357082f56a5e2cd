import Foundation
import StorefrontModels

/// Reads the catalog's `markets` section: the countries beside the shop's own, each with its
/// currency and conversion rule, explicit prices and the products it does not sell, and the
/// products' translations.
///
/// ```json
/// "markets": {
///   "countries": [ { "country": "US", "name": "United States", "currency": "USD", "language": "EN",
///                    "rate": "1.10", "rounding": "0.50",
///                    "prices": { "house-espresso-blend": { "250 g / Whole bean": "13.50" }, "tote": { "*": "20.00" } },
///                    "notSold": ["cold-brew-concentrate"] } ],
///   "translations": { "NL": { "house-espresso-blend": { "title": "Huisblend espresso", "description": "…" } } } }
/// ```
/// The shop's own country is listed with rate 1 (or left out, and then comes first by itself).
enum MarketCatalog {
    private struct Section: Decodable {
        var countries: [Country]?
        var translations: [String: [String: Markets.Translation]]?
    }

    private struct Country: Decodable {
        var country: String
        var name: String
        var currency: String
        var language: String?
        var rate: String?
        var rounding: String?
        var prices: [String: [String: String]]?
        var notSold: [String]?
    }

    private struct File: Decodable { var markets: Section? }

    static func read(_ data: Data, shop: Shop, handles: Set<String>, file: String) throws -> Markets {
        let section: Section
        do {
            guard let read = try JSONDecoder().decode(File.self, from: data).markets else { return .single(shop) }
            section = read
        } catch let DecodingError.keyNotFound(key, context) {
            throw fail(file, "\"\(key.stringValue)\" is missing", at: CatalogLoader.path(context.codingPath))
        } catch let DecodingError.typeMismatch(_, context) {
            throw fail(file, "has the wrong type", at: CatalogLoader.path(context.codingPath))
        } catch {
            throw fail(file, "cannot be read", at: "markets")
        }
        var markets: [Market] = []
        for (i, entry) in (section.countries ?? []).enumerated() {
            let at = "markets.countries[\(i)]"
            guard entry.country.count == 2, entry.country.allSatisfy({ $0.isASCII && $0.isUppercase }) else {
                throw fail(file, "\"\(TextSanitizer.cleanLine(entry.country))\" is not an ISO 3166 country code such as \"US\"", at: at + ".country")
            }
            guard entry.currency.count == 3, entry.currency.allSatisfy({ $0.isASCII && $0.isUppercase }) else {
                throw fail(file, "\"\(TextSanitizer.cleanLine(entry.currency))\" is not an ISO 4217 currency code such as \"USD\"", at: at + ".currency")
            }
            if markets.contains(where: { $0.countryCode == entry.country }) { throw fail(file, "lists \(entry.country) twice", at: at) }
            let home = entry.country == shop.countryCode
            let rate = try decimal(entry.rate, default: 1, file, at + ".rate")
            if home && (entry.currency != shop.currencyCode || rate != 1) {
                throw fail(file, "the shop's own country sells in \(shop.currencyCode) at rate 1", at: at)
            }
            var prices: [String: [String: Decimal]] = [:]
            for (handle, byVariant) in entry.prices ?? [:] {
                guard handles.contains(handle) else { throw fail(file, "no product \"\(TextSanitizer.cleanLine(handle))\"", at: at + ".prices") }
                for (variant, text) in byVariant {
                    guard let money = Money(text, currencyCode: entry.currency), money.amount >= 0 else {
                        throw fail(file, "\"\(TextSanitizer.cleanLine(text))\" is not a price such as \"12.50\"", at: at + ".prices.\(handle)")
                    }
                    prices[handle, default: [:]][variant] = money.amount
                }
            }
            for handle in entry.notSold ?? [] where !handles.contains(handle) {
                throw fail(file, "no product \"\(TextSanitizer.cleanLine(handle))\"", at: at + ".notSold")
            }
            markets.append(Market(countryCode: entry.country, name: PlainText.clean(entry.name), currencyCode: entry.currency,
                                  rate: rate, rounding: try decimal(entry.rounding, default: 0, file, at + ".rounding"),
                                  language: entry.language?.uppercased() ?? "EN", prices: prices, excluded: Set(entry.notSold ?? [])))
        }
        // The shop's own market comes first, whether listed or not.
        let home = markets.firstIndex { $0.countryCode == shop.countryCode }.map { markets.remove(at: $0) } ?? .home(of: shop)
        var translations: [String: [String: Markets.Translation]] = [:]
        for (language, byHandle) in section.translations ?? [:] {
            for (handle, text) in byHandle {
                guard handles.contains(handle) else {
                    throw fail(file, "no product \"\(TextSanitizer.cleanLine(handle))\"", at: "markets.translations.\(language)")
                }
                translations[language.uppercased(), default: [:]][handle] = Markets.Translation(
                    title: text.title.map(TextSanitizer.cleanLine), description: text.description.map(PlainText.clean))
            }
        }
        return Markets(all: [home] + markets, translations: translations)
    }

    private static func decimal(_ text: String?, default value: Decimal, _ file: String, _ at: String) throws -> Decimal {
        guard let text else { return value }
        guard let amount = Money.parseAmount(text), amount > 0 else { throw fail(file, "\"\(TextSanitizer.cleanLine(text))\" is not a positive number", at: at) }
        return amount
    }

    private static func fail(_ file: String, _ message: String, at path: String) -> StorefrontError {
        .catalog(CatalogError(file: file, message: message, location: path))
    }
}
