import Foundation
import Graphiti
import Storefront

/// `Shop` and its parts; `QueryRoot.shop`.
final class ShopSchema: PartialSchema<StorefrontResolver, RequestContext> {
    @TypeDefinitions
    override var types: Types {
        Type(Shop.self, interfaces: [NodeValue.self]) {
            Field("id", at: \.idValue)
            Field("name", at: \.name)
            Field("description", at: \.describedAs)
            Field("primaryDomain", at: \.primaryDomain)
            Field("paymentSettings", at: \.paymentSettings)
            Field("refundPolicy", at: \.refundPolicy)
            Field("shippingPolicy", at: \.shippingPolicy)
            Field("privacyPolicy", at: \.privacyPolicy)
            Field("termsOfService", at: \.termsOfService)
            Field("subscriptionPolicy", at: \.subscriptionPolicy)
            Field("brand", at: \.brand)
            Field("moneyFormat", at: \.moneyFormat)
            metafieldField(Shop.self)
            metafieldsField(Shop.self)
        }
        Type(DomainNode.self, as: "Domain") {
            Field("host", at: \.host)
            Field("url", at: \.url)
            Field("sslEnabled", at: \.sslEnabled)
        }
        Type(PaymentSettingsNode.self, as: "PaymentSettings") {
            Field("currencyCode", at: \.currencyCode)
            Field("countryCode", at: \.countryCode)
        }
        Type(ShopPolicyNode.self, as: "ShopPolicy", interfaces: [NodeValue.self]) {
            Field("id", at: \.idValue)
            Field("handle", at: \.handle)
            Field("title", at: \.title)
            Field("body", at: \.body)
            Field("url", at: \.urlValue)
        }
    }

    @FieldDefinitions
    override var query: Fields {
        Field("shop", at: StorefrontResolver.shop)
    }
}
