import Foundation

/// Card checks the page runs before it vaults a card: the number (length and Luhn checksum), the
/// brand, the expiry date and the security code. Numbers are digit strings; nothing here keeps one.
package enum PaymentCard {
    package enum Brand: String, Hashable, Sendable {
        case visa = "Visa", mastercard = "Mastercard", amex = "American Express", discover = "Discover", unknown = "Card"
    }

    /// The Luhn (mod 10) checksum every card number carries in its last digit.
    package static func passesLuhn(_ digits: String) -> Bool {
        guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else { return false }
        var sum = 0
        for (i, character) in digits.reversed().enumerated() {
            var d = Int(String(character))!
            if i % 2 == 1 { d *= 2; if d > 9 { d -= 9 } }
            sum += d
        }
        return sum % 10 == 0
    }

    /// A plausible card number: 12 to 19 digits with a valid checksum.
    package static func isValidNumber(_ digits: String) -> Bool {
        (12...19).contains(digits.count) && passesLuhn(digits)
    }

    package static func brand(of digits: String) -> Brand {
        let two = Int(digits.prefix(2)) ?? 0
        let four = Int(digits.prefix(4)) ?? 0
        if digits.hasPrefix("4") { return .visa }
        if (51...55).contains(two) || (2221...2720).contains(four) { return .mastercard }
        if two == 34 || two == 37 { return .amex }
        if digits.hasPrefix("6011") || two == 65 { return .discover }
        return .unknown
    }

    /// The last four digits, the only part of a number that is ever kept.
    package static func lastFour(of digits: String) -> String { String(digits.suffix(4)) }

    /// The number as the page shows it: groups of four, every digit but the last four hidden,
    /// e.g. "•••• •••• •••• 4242".
    package static func masked(_ digits: String) -> String {
        let visibleFrom = max(0, digits.count - 4)
        return grouped(String(digits.enumerated().map { $0.offset < visibleFrom ? "•" : $0.element }))
    }

    /// The number as typed, in groups of four: "4242 4242 4242 4242".
    package static func grouped(_ digits: String) -> String {
        var out = ""
        for (i, character) in digits.enumerated() {
            if i > 0 && i % 4 == 0 { out += " " }
            out.append(character)
        }
        return out
    }

    /// Expiry digits as the field shows them while typed: "1", "12 / ", "12 / 2", "12 / 29".
    package static func formattedExpiry(_ digits: String) -> String {
        guard digits.count >= 2 else { return digits }
        return "\(digits.prefix(2)) / \(digits.dropFirst(2))"
    }

    /// Month and four-digit year of an expiry typed as "MM/YY", "MM / YY" or "MMYY".
    package static func parseExpiry(_ text: String) -> (month: Int, year: Int)? {
        let digits = text.filter { $0.isASCII && $0.isNumber }
        let separators = text.filter { !($0.isASCII && $0.isNumber) && $0 != " " }
        guard digits.count == 4, separators.isEmpty || separators == "/",
              let month = Int(digits.prefix(2)), let year = Int(digits.suffix(2)), (1...12).contains(month) else { return nil }
        return (month, 2000 + year)
    }

    /// A card is good through the last day of its expiry month.
    package static func isExpired(month: Int, year: Int, now: Date) -> Bool {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let today = calendar.dateComponents([.year, .month], from: now)
        guard let currentYear = today.year, let currentMonth = today.month else { return false }
        return (year, month) < (currentYear, currentMonth)
    }

    package static func securityCodeLength(for brand: Brand) -> Int { brand == .amex ? 4 : 3 }
}
