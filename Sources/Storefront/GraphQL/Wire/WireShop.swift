import Foundation

/// The shop as `Shop.graphql` selects it.
struct WireShop: Decodable, Sendable {
    struct Host: Decodable, Sendable { var host: String }
    struct Settings: Decodable, Sendable { var currencyCode: String; var countryCode: String }
    struct Policy: Decodable, Sendable { var url: String }

    var name: String
    var description: String?
    var primaryDomain: Host
    var paymentSettings: Settings
    var refundPolicy: Policy?
    var shippingPolicy: Policy?

    var model: Shop {
        let line = TextSanitizer.cleanLine
        return Shop(name: line(name), description: TextSanitizer.clean(description ?? ""), domain: line(primaryDomain.host),
                    currencyCode: line(paymentSettings.currencyCode), countryCode: line(paymentSettings.countryCode),
                    refundPolicyURL: refundPolicy.map { line($0.url) }, shippingPolicyURL: shippingPolicy.map { line($0.url) })
    }
}
