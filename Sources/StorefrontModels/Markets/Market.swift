import Foundation

/// A country the shop sells in, with its currency and how its prices follow the shop's own
/// (`Country` with `currency` in the API's `localization`).
///
/// A price is the market's explicit one where the catalog gives it, otherwise the shop's price
/// times `rate`, rounded up to a multiple of `rounding` (0.50 gives .00 and .50 endings; 10 gives
/// whole tens of yen) so that a shopper sees a price a shop would choose, not an exchange sum.
public struct Market: Hashable, Sendable, Codable {
    /// ISO 3166-1 alpha-2, as `CountryCode`: "NL".
    public var countryCode: String
    public var name: String
    /// ISO 4217, as `CurrencyCode`: "EUR".
    public var currencyCode: String
    /// Units of this market's currency for one unit of the shop's currency (1 for the shop's own).
    public var rate: Decimal
    /// Converted prices are rounded up to a multiple of this (0 keeps the currency's minor units).
    public var rounding: Decimal
    /// The language a buyer here reads first (`LanguageCode`): "NL".
    public var language: String
    /// Explicit prices by product handle: one for every variant ("*"), or by variant title.
    public var prices: [String: [String: Decimal]]
    /// Handles of products not sold in this country.
    public var excluded: Set<String>

    public init(countryCode: String, name: String, currencyCode: String, rate: Decimal = 1, rounding: Decimal = 0,
                language: String = "EN", prices: [String: [String: Decimal]] = [:], excluded: Set<String> = []) {
        self.countryCode = countryCode; self.name = name; self.currencyCode = currencyCode
        self.rate = rate; self.rounding = rounding; self.language = language
        self.prices = prices; self.excluded = excluded
    }

    /// The currency's symbol as a shop shows it: "€", "$", "£", "¥".
    public var currencySymbol: String { Money.symbol(of: currencyCode) }

    /// The shop's market: its own country and currency, prices as the catalog writes them.
    public static func home(of shop: Shop) -> Market {
        Market(countryCode: shop.countryCode, name: shop.countryCode, currencyCode: shop.currencyCode)
    }

    /// A price of the shop's in this market: the rule's conversion, rounded up as the market says.
    public func price(_ money: Money) -> Money {
        guard money.currencyCode != currencyCode else { return money }
        let converted = Money(amount: money.amount * rate, currencyCode: currencyCode).rounded()
        guard rounding > 0, converted.amount > 0 else { return converted }
        var steps = converted.amount / rounding
        var whole = Decimal()
        NSDecimalRound(&whole, &steps, 0, .up)
        return Money(amount: whole * rounding, currencyCode: currencyCode)
    }

    /// An amount of the shop's (a fixed discount, a minimum) at the exchange rate, to the minor unit.
    public func exchange(_ money: Money) -> Money {
        guard money.currencyCode != currencyCode else { return money }
        return Money(amount: money.amount * rate, currencyCode: currencyCode).rounded()
    }

    /// A variant's price here: the explicit one for it or its product, else the converted one.
    public func price(of variant: ProductVariant, handle: String) -> Money {
        if let explicit = prices[handle]?[variant.title] ?? prices[handle]?["*"] {
            return Money(amount: explicit, currencyCode: currencyCode)
        }
        return price(variant.price)
    }

    public func sells(_ handle: String) -> Bool { !excluded.contains(handle) }
}

/// The buyer's country and language (`@inContext(country:, language:)`); nil is the shop's own.
public struct BuyerContext: Hashable, Sendable, Codable {
    public var country: String?
    public var language: String?

    public init(country: String? = nil, language: String? = nil) {
        self.country = country?.uppercased(); self.language = language?.uppercased()
    }

    public static let shop = BuyerContext()
}

/// The API's `localization`: the countries the shop sells in and the buyer's country and language.
public struct Localization: Hashable, Sendable, Codable {
    public struct Country: Hashable, Sendable, Codable {
        public var isoCode: String
        public var name: String
        public var currencyCode: String
        public var currencySymbol: String
        /// The languages a buyer there can read the shop in (`LanguageCode`s).
        public var availableLanguages: [String]
        public init(isoCode: String, name: String, currencyCode: String, currencySymbol: String, availableLanguages: [String] = ["EN"]) {
            self.isoCode = isoCode; self.name = name; self.currencyCode = currencyCode; self.currencySymbol = currencySymbol
            self.availableLanguages = availableLanguages
        }
    }

    public var availableCountries: [Country]
    public var country: Country
    /// `LanguageCode`: "EN".
    public var language: String

    public init(availableCountries: [Country], country: Country, language: String) {
        self.availableCountries = availableCountries; self.country = country; self.language = language
    }
}

extension Market {
    public var localizationCountry: Localization.Country {
        Localization.Country(isoCode: countryCode, name: name, currencyCode: currencyCode, currencySymbol: currencySymbol,
                             availableLanguages: language == "EN" ? ["EN"] : ["EN", language])
    }
}
