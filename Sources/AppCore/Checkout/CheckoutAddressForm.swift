import Foundation
import CheckoutSheet
import Storefront

/// An address the shopper types in the address picker (protocol 2025-10), for a page that asks the
/// app for one: five fields, edited with the page's own inputs (typing, backspace, ctrl-u, focus
/// moves), checked before anything is sent.
public struct CheckoutAddressForm: Hashable, Sendable {
    public enum Field: String, CaseIterable, Hashable, Sendable {
        case name, address1, city, postalCode, countryCode

        public var label: String {
            switch self {
            case .name: return "Name"
            case .address1: return "Address"
            case .city: return "City"
            case .postalCode: return "Postal code"
            case .countryCode: return "Country"
            }
        }

        public var placeholder: String {
            switch self {
            case .name: return "First and last name"
            case .address1: return "Street and house number"
            case .city: return "City"
            case .postalCode: return "e.g. 1012 AB"
            case .countryCode: return "two letters"
            }
        }

        var maxLength: Int {
            switch self {
            case .name, .address1: return 100
            case .city: return 60
            case .postalCode: return 12
            case .countryCode: return 2
            }
        }
    }

    public var values: [Field: String]
    public var focus: Field
    /// Why a field was refused by the last send; a field loses its error once it is edited.
    public var errors: [Field: String]

    /// An empty form with the country filled in (the shop's, or the buyer's).
    public init(countryCode: String) {
        values = [.countryCode: String(countryCode.uppercased().prefix(Field.countryCode.maxLength))]
        focus = .name
        errors = [:]
    }

    public func value(_ field: Field) -> String { values[field] ?? "" }

    /// Applies an editing input of the page's vocabulary; the others (submit, back, links, rates)
    /// are not the form's. Returns false when nothing changed.
    @discardableResult
    mutating func edit(_ input: CheckoutPageInput) -> Bool {
        let fields = Field.allCases
        switch input {
        case .insert(let text):
            var clean = TextSanitizer.cleanLine(text)
            if focus == .countryCode { clean = clean.uppercased() }
            let typed = FieldText.appending(clean, to: value(focus), maximumCharacters: focus.maxLength)
            return set(typed)
        case .deleteBackward:
            return set(String(value(focus).dropLast()))
        case .clearField:
            return set("")
        case .focusNext, .focusPrevious:
            let index = fields.firstIndex(of: focus)!
            let step = input == .focusNext ? 1 : fields.count - 1
            focus = fields[(index + step) % fields.count]
            return true
        case .focus(let id):
            guard let field = Field(rawValue: id), field != focus else { return false }
            focus = field
            return true
        case .selectRate, .submit, .back, .openLink:
            return false
        }
    }

    private mutating func set(_ value: String) -> Bool {
        guard value != self.value(focus) else { return false }
        values[focus] = value
        errors[focus] = nil
        return true
    }

    /// The address typed, or nil with an error under each field that needs one (the focus goes to
    /// the first of them).
    mutating func validated() -> MailingAddress? {
        func trimmed(_ field: Field) -> String { value(field).trimmingCharacters(in: .whitespaces) }
        let name = trimmed(.name).split(separator: " ", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
        let country = trimmed(.countryCode)
        var found: [Field: String] = [:]
        if name.isEmpty { found[.name] = "Enter a name" }
        else if name.count < 2 { found[.name] = "Enter a first and a last name" }
        if trimmed(.address1).isEmpty { found[.address1] = "Enter an address" }
        if trimmed(.city).isEmpty { found[.city] = "Enter a city" }
        if trimmed(.postalCode).isEmpty { found[.postalCode] = "Enter a postal code" }
        if country.count != 2 || !country.allSatisfy({ $0.isASCII && $0.isLetter }) {
            found[.countryCode] = "Enter the country as two letters, like NL"
        }
        errors = found
        if let first = Field.allCases.first(where: { found[$0] != nil }) {
            focus = first
            return nil
        }
        // The name's first word is the first name, the rest the last ("Vincent van Gogh").
        return MailingAddress(firstName: name[0], lastName: name[1], address1: trimmed(.address1), city: trimmed(.city),
                              countryCode: country.uppercased(), postalCode: trimmed(.postalCode).uppercased())
    }
}
