/// A customer access token is a credential: printing a cart, dumping a state in a test failure or
/// logging an action must never show it. Only whether there is one is shown.
extension BuyerIdentity: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    static let redacted = "<redacted>"

    public var description: String {
        var parts: [String] = []
        if let email { parts.append("email: \(email)") }
        if let phone { parts.append("phone: \(phone)") }
        if let countryCode { parts.append("countryCode: \(countryCode)") }
        if customerAccessToken != nil { parts.append("customerAccessToken: \(Self.redacted)") }
        if let customer { parts.append("customer: \(customer.id)") }
        return "BuyerIdentity(\(parts.joined(separator: ", ")))"
    }

    public var debugDescription: String { description }

    public var customMirror: Mirror {
        Mirror(self, children: [
            "email": email as Any, "phone": phone as Any, "countryCode": countryCode as Any,
            "customerAccessToken": (customerAccessToken.map { _ in Self.redacted }) as Any,
            "customer": customer as Any,
        ], displayStyle: .struct)
    }
}
