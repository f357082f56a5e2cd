import Foundation

/// An amount of money in one currency, as the Storefront API's `MoneyV2`.
///
/// The amount is a `Decimal` and travels as a JSON string ("5.15"): binary floating point
/// cannot represent most prices exactly, so `Double` never touches money.
public struct Money: Hashable, Sendable, Codable, Comparable {
    public var amount: Decimal
    public var currencyCode: String

    public init(amount: Decimal, currencyCode: String) {
        self.amount = amount
        self.currencyCode = currencyCode
    }

    /// Parses an amount string such as "5.15" or "-0.5". Returns nil for anything else
    /// (including exponents, thousands separators and empty strings).
    public init?(_ amount: String, currencyCode: String) {
        guard let value = Money.parseAmount(amount) else { return nil }
        self.init(amount: value, currencyCode: currencyCode)
    }

    public static func zero(_ currencyCode: String) -> Money { Money(amount: 0, currencyCode: currencyCode) }

    /// Digits after the decimal point for a currency (ISO 4217 minor units).
    public static func minorUnits(of currencyCode: String) -> Int {
        switch currencyCode {
        case "JPY", "KRW", "VND", "CLP", "ISK", "HUF", "TWD", "UGX", "XAF", "XOF": return 0
        case "BHD", "KWD", "OMR", "JOD", "TND": return 3
        default: return 2
        }
    }

    /// The amount as the API writes it: a plain decimal string with the currency's minor digits.
    public var amountString: String { Money.format(amount, fractionDigits: Money.minorUnits(of: currencyCode)) }

    /// A short human form: "$1,234.50", "€9.50", "¥9,740", "CHF 12.00".
    ///
    /// One rule for every currency, the English one the storefront's text is written in (Shopify's
    /// `{{amount}}` and `{{amount_no_decimals}}`): thousands grouped with commas, a point before the
    /// minor units, none for a currency without them. A column of mixed prices then reads alike.
    public var formatted: String {
        let digits = amountString
        let negative = digits.hasPrefix("-")
        let body = Money.grouped(negative ? String(digits.dropFirst()) : digits)
        let sign = negative ? "-" : ""
        let symbol = Money.symbol(of: currencyCode)
        return symbol == currencyCode ? "\(sign)\(currencyCode) \(body)" : "\(sign)\(symbol)\(body)"
    }

    /// "1234567.89" as "1,234,567.89": a comma between each three digits of the whole part.
    static func grouped(_ plain: String) -> String {
        let point = plain.firstIndex(of: ".") ?? plain.endIndex
        let whole = plain[..<point]
        var out = ""
        for (i, digit) in whole.enumerated() {
            if i > 0, (whole.count - i) % 3 == 0 { out.append(",") }
            out.append(digit)
        }
        return out + plain[point...]
    }

    /// The sign a price is written with: "$", "€", "£", "¥"; the code itself for other currencies.
    public static func symbol(of currencyCode: String) -> String {
        switch currencyCode {
        case "USD", "CAD", "AUD", "NZD": return "$"
        case "EUR": return "€"
        case "GBP": return "£"
        case "JPY": return "¥"
        default: return currencyCode
        }
    }

    public static func < (lhs: Money, rhs: Money) -> Bool { lhs.amount < rhs.amount }

    public static func + (lhs: Money, rhs: Money) -> Money {
        precondition(lhs.currencyCode == rhs.currencyCode, "adding \(lhs.currencyCode) to \(rhs.currencyCode)")
        return Money(amount: lhs.amount + rhs.amount, currencyCode: lhs.currencyCode)
    }

    public static func - (lhs: Money, rhs: Money) -> Money {
        precondition(lhs.currencyCode == rhs.currencyCode, "subtracting \(rhs.currencyCode) from \(lhs.currencyCode)")
        return Money(amount: lhs.amount - rhs.amount, currencyCode: lhs.currencyCode)
    }

    public static func * (lhs: Money, rhs: Int) -> Money {
        Money(amount: lhs.amount * Decimal(rhs), currencyCode: lhs.currencyCode)
    }

    /// Rounds half-up (away from zero) to the currency's minor units, as a receipt would.
    public func rounded() -> Money {
        var value = amount
        var result = Decimal()
        NSDecimalRound(&result, &value, Money.minorUnits(of: currencyCode), .plain)
        return Money(amount: result, currencyCode: currencyCode)
    }

    /// This amount times a rate (tax, a percentage discount), rounded to minor units.
    public func multiplied(by rate: Decimal) -> Money {
        Money(amount: amount * rate, currencyCode: currencyCode).rounded()
    }

    // MARK: Codable: {"amount": "5.15", "currencyCode": "USD"}

    private enum CodingKeys: String, CodingKey { case amount, currencyCode }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let code = try c.decode(String.self, forKey: .currencyCode)
        let value: Decimal
        if let text = try? c.decode(String.self, forKey: .amount) {
            guard let parsed = Money.parseAmount(text) else {
                throw DecodingError.dataCorruptedError(forKey: .amount, in: c,
                    debugDescription: "\"\(text)\" is not a decimal amount")
            }
            value = parsed
        } else {
            throw DecodingError.dataCorruptedError(forKey: .amount, in: c,
                debugDescription: "amount must be a decimal string such as \"5.15\"")
        }
        guard code.count == 3, code.allSatisfy({ $0.isASCII && $0.isUppercase }) else {
            throw DecodingError.dataCorruptedError(forKey: .currencyCode, in: c,
                debugDescription: "\"\(code)\" is not an ISO 4217 currency code")
        }
        self.init(amount: value, currencyCode: code)
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(amountString, forKey: .amount)
        try c.encode(currencyCode, forKey: .currencyCode)
    }

    // MARK: Exact decimal text, never through Double

    package static func parseAmount(_ text: String) -> Decimal? {
        var negative = false
        var significand: UInt64 = 0
        var digits = 0, fractionDigits = 0
        var seenPoint = false
        for (k, b) in text.utf8.enumerated() {
            switch b {
            case UInt8(ascii: "-") where k == 0: negative = true
            case UInt8(ascii: "."):
                guard !seenPoint, digits > 0 else { return nil }
                seenPoint = true
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                // Beyond 18 digits the significand could overflow; such amounts are not prices.
                guard digits < 18 else { return nil }
                significand = significand * 10 + UInt64(b - 48)
                digits += 1
                if seenPoint { fractionDigits += 1 }
            default: return nil
            }
        }
        guard digits > 0, !seenPoint || fractionDigits > 0 else { return nil }
        // Negative zero is NaN in Decimal's representation: zero is always positive.
        return Decimal(sign: negative && significand != 0 ? .minus : .plus, exponent: -fractionDigits,
                       significand: Decimal(significand))
    }

    /// Formats a decimal with exactly `fractionDigits` digits after the point (rounding half-up).
    public static func format(_ value: Decimal, fractionDigits: Int) -> String {
        var v = value
        var r = Decimal()
        NSDecimalRound(&r, &v, fractionDigits, .plain)
        let negative = r < 0
        let magnitude = negative ? -r : r
        // Decimal's description is exact ("12.5", "3"); pad the fraction to the wanted width.
        let text = magnitude.description
        var whole = text, frac = ""
        if let dot = text.firstIndex(of: ".") {
            whole = String(text[..<dot]); frac = String(text[text.index(after: dot)...])
        }
        if frac.count < fractionDigits { frac += String(repeating: "0", count: fractionDigits - frac.count) }
        let body = fractionDigits > 0 ? "\(whole).\(frac)" : whole
        return (negative && magnitude != 0 ? "-" : "") + body
    }
}
