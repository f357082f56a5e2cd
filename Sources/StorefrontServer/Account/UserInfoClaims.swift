import Foundation
import Storefront

/// A customer as OpenID Connect standard claims (OIDC Core §5.1), the userinfo endpoint's answer.
enum UserInfoClaims {
    static func json(_ customer: Customer) -> String {
        var claims: [String: Any] = ["sub": customer.id, "name": customer.displayName]
        if let email = customer.email { claims["email"] = email; claims["email_verified"] = true }
        if let first = customer.firstName { claims["given_name"] = first }
        if let last = customer.lastName { claims["family_name"] = last }
        if let phone = customer.phone { claims["phone_number"] = phone }
        if let address = customer.defaultAddress {
            var parts: [String: String] = [:]
            let street = [address.address1, address.address2].compactMap { $0 }.filter { !$0.isEmpty }
            if !street.isEmpty { parts["street_address"] = street.joined(separator: "\n") }
            if let city = address.city { parts["locality"] = city }
            if let zone = address.zoneCode { parts["region"] = zone }
            if let postal = address.postalCode { parts["postal_code"] = postal }
            if let country = address.countryCode { parts["country"] = country }
            claims["address"] = parts
        }
        let data = (try? JSONSerialization.data(withJSONObject: claims, options: [.sortedKeys])) ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self)
    }
}
