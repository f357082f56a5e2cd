import Foundation
import Storefront

/// The page's field checks. Each returns the inline error to show, or nil when the value is fine.
package enum CheckoutValidation {
    package static func isEmail(_ text: String) -> Bool {
        text.range(of: #"^[^@\s]+@[^@\s.]+(\.[^@\s.]+)*\.[A-Za-z]{2,}$"#, options: .regularExpression) != nil
    }

    /// A phone number: an optional leading +, then 7 to 15 digits, spaces, dashes and parentheses allowed.
    package static func isPhone(_ text: String) -> Bool {
        var body = Substring(text.trimmingCharacters(in: .whitespaces))
        if body.first == "+" { body = body.dropFirst() }
        guard body.allSatisfy({ ($0.isASCII && $0.isNumber) || " -()".contains($0) }) else { return false }
        return (7...15).contains(body.filter { $0.isASCII && $0.isNumber }.count)
    }

    package static func contact(_ text: String) -> String? {
        let value = text.trimmingCharacters(in: .whitespaces)
        if value.isEmpty { return "Enter an email or mobile phone number" }
        if isEmail(value) || isPhone(value) { return nil }
        return "Enter a valid email or a mobile phone number"
    }

    package static func required(_ text: String, _ message: String) -> String? {
        text.trimmingCharacters(in: .whitespaces).isEmpty ? message : nil
    }

    package static func country(_ code: String) -> String? {
        if code.isEmpty { return "Select a country/region" }
        return ShippingCountry.named(code) == nil ? "We don't ship to \(code.uppercased())" : nil
    }

    package static func postalCode(_ text: String, country: String) -> String? {
        let value = text.trimmingCharacters(in: .whitespaces)
        if value.isEmpty { return "Enter a ZIP / postal code" }
        guard let country = ShippingCountry.named(country) else { return nil }
        return country.acceptsPostalCode(value) ? nil : "Enter a valid postal code for \(country.name)"
    }

    package static func optionalPhone(_ text: String) -> String? {
        let value = text.trimmingCharacters(in: .whitespaces)
        return value.isEmpty || isPhone(value) ? nil : "Enter a valid phone number"
    }

    package static func cardNumber(_ digits: String) -> String? {
        if digits.isEmpty { return "Enter a card number" }
        return PaymentCard.isValidNumber(digits) ? nil : "Enter a valid card number"
    }

    package static func expiry(_ text: String, now: Date) -> String? {
        if text.trimmingCharacters(in: .whitespaces).isEmpty { return "Enter the expiration date (MM / YY)" }
        guard let expiry = PaymentCard.parseExpiry(text) else { return "Enter a valid expiration date (MM / YY)" }
        return PaymentCard.isExpired(month: expiry.month, year: expiry.year, now: now) ? "Your card has expired" : nil
    }

    package static func securityCode(_ digits: String, brand: PaymentCard.Brand) -> String? {
        let length = PaymentCard.securityCodeLength(for: brand)
        if digits.isEmpty { return "Enter the security code" }
        return digits.count == length ? nil : "Enter the \(length)-digit security code"
    }
}
