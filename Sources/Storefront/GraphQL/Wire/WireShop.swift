import Foundation
import StorefrontModels

/// The shop as `Shop.graphql` selects it.
struct WireShop: Decodable, Sendable {
    struct Host: Decodable, Sendable { var host: String }
    struct Settings: Decodable, Sendable { var currencyCode: String; var countryCode: String }
    struct Policy: Decodable, Sendable {
        var id: String
        var handle: String
        var title: String
        var body: String
        var url: String

        func model(_ kind: ShopPolicy.Kind) -> ShopPolicy {
            let line = TextSanitizer.cleanLine
            return ShopPolicy(kind: kind, id: line(id), handle: line(handle), title: line(title),
                              body: TextSanitizer.clean(body), url: line(url))
        }
    }

    var name: String
    var description: String?
    var primaryDomain: Host
    var paymentSettings: Settings
    var refundPolicy: Policy?
    var shippingPolicy: Policy?
    var privacyPolicy: Policy?
    var termsOfService: Policy?
    var subscriptionPolicy: PolicyWithDefault?

    /// `ShopPolicyWithDefault`: its id is null for a shop's default text.
    struct PolicyWithDefault: Decodable, Sendable {
        var id: String?
        var handle: String
        var title: String
        var body: String
        var url: String

        var model: SubscriptionPolicy {
            let line = TextSanitizer.cleanLine
            return SubscriptionPolicy(id: id.map(line), handle: line(handle), title: line(title), body: TextSanitizer.clean(body), url: line(url))
        }
    }

    var model: Shop {
        let line = TextSanitizer.cleanLine
        let policies: [(ShopPolicy.Kind, Policy?)] = [(.refund, refundPolicy), (.shipping, shippingPolicy),
                                                     (.privacy, privacyPolicy), (.termsOfService, termsOfService)]
        return Shop(name: line(name), description: TextSanitizer.clean(description ?? ""), domain: line(primaryDomain.host),
                    currencyCode: line(paymentSettings.currencyCode), countryCode: line(paymentSettings.countryCode),
                    policies: policies.compactMap { kind, policy in policy?.model(kind) },
                    subscriptionPolicy: subscriptionPolicy?.model)
    }
}
