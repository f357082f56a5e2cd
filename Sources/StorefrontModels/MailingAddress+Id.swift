import Foundation

extension MailingAddress {
    /// `gid://shopify/MailingAddress/<n>`: the same address always has the same id (a digest of its
    /// fields), so a customer's address can be named by a client and found again by the store.
    public var stableId: String {
        let text = [firstName, lastName, company, address1, address2, city, zoneCode, countryCode, postalCode, phone]
            .map { $0 ?? "" }.joined(separator: "\u{1F}")
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return "gid://shopify/MailingAddress/\(hash)"
    }
}
