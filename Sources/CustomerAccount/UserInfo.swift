import Foundation
import Storefront

/// The OpenID Connect userinfo answer (standard claims, OIDC Core §5.1), read into a `Customer`.
struct UserInfo: Decodable {
    /// OIDC Core §5.1.1: `street_address` may hold several lines.
    struct Address: Decodable {
        var streetAddress: String?
        var locality: String?
        var region: String?
        var postalCode: String?
        var country: String?

        enum CodingKeys: String, CodingKey {
            case streetAddress = "street_address", locality, region, postalCode = "postal_code", country
        }
    }

    var sub: String
    var email: String?
    var givenName: String?
    var familyName: String?
    var phoneNumber: String?
    var address: Address?

    enum CodingKeys: String, CodingKey {
        case sub, email, givenName = "given_name", familyName = "family_name", phoneNumber = "phone_number", address
    }

    /// Sanitised here, where the data enters the app.
    var customer: Customer {
        let street = address?.streetAddress?.split(whereSeparator: \.isNewline).map(String.init) ?? []
        let mailing = address.map { address in
            MailingAddress(firstName: givenName, lastName: familyName, address1: street.first,
                           address2: street.count > 1 ? street.dropFirst().joined(separator: ", ") : nil,
                           city: address.locality, zoneCode: address.region, countryCode: address.country?.uppercased(),
                           postalCode: address.postalCode, phone: phoneNumber)
        }
        return Customer(id: sub, email: email, firstName: givenName, lastName: familyName, phone: phoneNumber,
                        defaultAddress: mailing).sanitized()
    }
}
