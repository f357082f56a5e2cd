import Storefront

extension CheckoutForm {
    /// The delivery fields an address fills, by field id; empty parts are left out.
    static func deliveryValues(_ address: MailingAddress) -> [String: String] {
        let parts: [(String, String?)] = [
            ("countryCode", address.countryCode?.uppercased()), ("firstName", address.firstName),
            ("lastName", address.lastName), ("address1", address.address1), ("address2", address.address2),
            ("city", address.city), ("zoneCode", address.zoneCode), ("postalCode", address.postalCode),
            ("phone", address.phone),
        ]
        var values: [String: String] = [:]
        for (id, value) in parts {
            if let value, !value.isEmpty { values[id] = value }
        }
        return values
    }
}
