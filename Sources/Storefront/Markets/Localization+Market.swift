import Foundation
import StorefrontModels

extension Localization.Country {
    /// `UnitSystem`: the United States, Liberia and Myanmar measure in imperial units; every other
    /// country in metric.
    public var unitSystem: String { Self.imperial.contains(isoCode) ? "IMPERIAL_SYSTEM" : "METRIC_SYSTEM" }

    /// The language a buyer there reads first: the country's own where the shop has it (a market's
    /// languages list English first, then its own).
    public var defaultLanguage: String { availableLanguages.last ?? "EN" }

    private static let imperial: Set<String> = ["US", "LR", "MM"]

    /// The market that sells in this country: here each country is a market of its own, named after it.
    public var marketHandle: String {
        let words = name.lowercased().split { !($0.isLetter || $0.isNumber) || !$0.isASCII }
        return words.isEmpty ? isoCode.lowercased() : words.joined(separator: "-")
    }

    /// `gid://shopify/Market/<n>`, n worked out from the country code, so it never changes.
    public var marketId: String {
        let number = isoCode.unicodeScalars.reduce(0) { $0 * 26 + Int($1.value) - 64 }
        return "gid://shopify/Market/\(number)"
    }
}
