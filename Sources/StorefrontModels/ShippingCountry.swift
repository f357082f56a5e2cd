import Foundation

/// The countries the simulated store ships to, with their postal-code rule and a believable
/// sales tax / VAT rate (a single national rate; real checkouts refine it by region).
package struct ShippingCountry: Hashable, Sendable {
    package var code: String
    package var name: String
    package var taxRate: Decimal
    /// An example postal code, shown as the field's placeholder.
    package var postalExample: String
    private var postalPattern: String

    package func acceptsPostalCode(_ code: String) -> Bool {
        code.uppercased().range(of: "^(\(postalPattern))$", options: .regularExpression) != nil
    }

    package static func named(_ code: String) -> ShippingCountry? { all.first { $0.code == code.uppercased() } }

    /// An example phone number there, shown as the field's placeholder.
    package var phoneExample: String {
        switch code {
        case "US", "CA": return "+1 212 555 0199"
        case "GB": return "+44 20 7946 0199"
        case "IE": return "+353 1 555 0199"
        case "DE": return "+49 30 5550 199"
        case "FR": return "+33 1 55 50 01 99"
        case "ES": return "+34 91 555 0199"
        case "IT": return "+39 06 555 0199"
        case "NL": return "+31 20 555 0199"
        case "SE": return "+46 8 555 0199"
        case "AU": return "+61 2 5550 0199"
        case "NZ": return "+64 4 555 0199"
        case "JP": return "+81 3 5550 0199"
        default: return "+31 20 555 0199"
        }
    }

    /// What the tax is called there.
    package var taxName: String {
        switch code {
        case "US": return "Sales tax"
        case "CA": return "Taxes"
        case "AU", "NZ": return "GST"
        case "JP": return "Consumption tax"
        default: return "VAT"
        }
    }

    /// Whether a shop based there shows prices with the tax in them, as the law or custom asks
    /// (VAT in Europe, GST in Australia); in North America tax is added at checkout.
    package var pricesIncludeTaxes: Bool { !["US", "CA"].contains(code) }

    /// The line under a cart's total for a shop based in `shopCountry`, to a buyer in `buyerCountry`
    /// (the shop's own when nil): whether prices include tax is the shop's; the tax's name is the
    /// buyer's country's, as the checkout names it ("Prices include consumption tax" in Japan).
    package static func cartTaxNote(shopCountry: String, buyerCountry: String? = nil) -> String {
        guard let shop = named(shopCountry), shop.pricesIncludeTaxes else {
            return "Taxes and shipping are calculated at checkout."
        }
        let name = (buyerCountry.flatMap(named) ?? shop).taxName
        let inSentence = name == name.uppercased() ? name : name.lowercased()
        return "Prices include \(inSentence). Shipping is calculated at checkout."
    }

    package static let all: [ShippingCountry] = [
        ShippingCountry(code: "US", name: "United States", taxRate: Decimal(string: "0.08")!,
                        postalExample: "10001", postalPattern: "[0-9]{5}(-[0-9]{4})?"),
        ShippingCountry(code: "CA", name: "Canada", taxRate: Decimal(string: "0.13")!,
                        postalExample: "K1A 0B1", postalPattern: "[A-Z][0-9][A-Z] ?[0-9][A-Z][0-9]"),
        ShippingCountry(code: "GB", name: "United Kingdom", taxRate: Decimal(string: "0.20")!,
                        postalExample: "SW1A 1AA", postalPattern: "[A-Z]{1,2}[0-9][A-Z0-9]? ?[0-9][A-Z]{2}"),
        ShippingCountry(code: "IE", name: "Ireland", taxRate: Decimal(string: "0.23")!,
                        postalExample: "D02 X285", postalPattern: "[A-Z][0-9]{2} ?[A-Z0-9]{4}"),
        ShippingCountry(code: "DE", name: "Germany", taxRate: Decimal(string: "0.19")!,
                        postalExample: "10115", postalPattern: "[0-9]{5}"),
        ShippingCountry(code: "FR", name: "France", taxRate: Decimal(string: "0.20")!,
                        postalExample: "75001", postalPattern: "[0-9]{5}"),
        ShippingCountry(code: "ES", name: "Spain", taxRate: Decimal(string: "0.21")!,
                        postalExample: "28001", postalPattern: "[0-9]{5}"),
        ShippingCountry(code: "IT", name: "Italy", taxRate: Decimal(string: "0.22")!,
                        postalExample: "00118", postalPattern: "[0-9]{5}"),
        ShippingCountry(code: "NL", name: "Netherlands", taxRate: Decimal(string: "0.21")!,
                        postalExample: "1012 AB", postalPattern: "[0-9]{4} ?[A-Z]{2}"),
        ShippingCountry(code: "SE", name: "Sweden", taxRate: Decimal(string: "0.25")!,
                        postalExample: "114 55", postalPattern: "[0-9]{3} ?[0-9]{2}"),
        ShippingCountry(code: "AU", name: "Australia", taxRate: Decimal(string: "0.10")!,
                        postalExample: "2000", postalPattern: "[0-9]{4}"),
        ShippingCountry(code: "NZ", name: "New Zealand", taxRate: Decimal(string: "0.15")!,
                        postalExample: "6011", postalPattern: "[0-9]{4}"),
        ShippingCountry(code: "JP", name: "Japan", taxRate: Decimal(string: "0.10")!,
                        postalExample: "100-0001", postalPattern: "[0-9]{3}-?[0-9]{4}"),
    ]
}
