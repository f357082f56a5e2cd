import Foundation

/// A customer of the shop (`Customer`), as a Customer Account access token resolves to it: who is
/// buying, how to reach them and where they usually ship. The store fills a cart's buyer identity
/// with it, and the checkout pre-fills contact and delivery from it.
public struct Customer: Hashable, Sendable, Codable, Identifiable {
    public var id: String
    public var email: String?
    public var firstName: String?
    public var lastName: String?
    public var phone: String?
    public var defaultAddress: MailingAddress?

    public init(id: String, email: String? = nil, firstName: String? = nil, lastName: String? = nil,
                phone: String? = nil, defaultAddress: MailingAddress? = nil) {
        self.id = id; self.email = email; self.firstName = firstName; self.lastName = lastName
        self.phone = phone; self.defaultAddress = defaultAddress
    }

    /// `displayName`: the full name, else the email, else the id.
    public var displayName: String { knownAs ?? id }

    /// How a person would name this customer: the full name, else the e-mail; nil while the shop
    /// knows neither (a customer known by an SSH key before their first order).
    public var knownAs: String? {
        let name = [firstName, lastName].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: " ")
        return name.isEmpty ? email : name
    }

    /// The same customer with every text field cleaned: customer data comes from an account server.
    public func sanitized() -> Customer {
        let line = TextSanitizer.cleanLine
        return Customer(id: line(id), email: email.map(line), firstName: firstName.map(line), lastName: lastName.map(line),
                        phone: phone.map(line), defaultAddress: defaultAddress?.sanitized())
    }
}

extension MailingAddress {
    /// The same address with every field cleaned to a single line.
    public func sanitized() -> MailingAddress {
        let line = TextSanitizer.cleanLine
        return MailingAddress(firstName: firstName.map(line), lastName: lastName.map(line), address1: address1.map(line),
                              address2: address2.map(line), city: city.map(line), zoneCode: zoneCode.map(line),
                              countryCode: countryCode.map(line), postalCode: postalCode.map(line), phone: phone.map(line),
                              company: company.map(line))
    }
}
