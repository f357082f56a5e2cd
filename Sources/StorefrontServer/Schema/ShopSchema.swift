import Foundation
import Graphiti
import Storefront

/// `Shop` and its parts; `QueryRoot.shop`.
final class ShopSchema: PartialSchema<StorefrontResolver, RequestContext> {
    @TypeDefinitions
    override var types: Types {
        Type(Shop.self, interfaces: [NodeValue.self]) {
            keyField("id", at: \.idValue)
            keyField("name", at: \.name)
            keyField("description", at: \.describedAs)
            keyField("primaryDomain", at: \.primaryDomain)
            keyField("paymentSettings", at: \.paymentSettings)
            keyField("refundPolicy", at: \.refundPolicy)
            keyField("shippingPolicy", at: \.shippingPolicy)
            keyField("privacyPolicy", at: \.privacyPolicy)
            keyField("termsOfService", at: \.termsOfService)
            keyField("subscriptionPolicy", at: \.subscriptionPolicy)
            keyField("brand", at: \.brand)
            keyField("moneyFormat", at: \.moneyFormat)
            metafieldField(Shop.self)
            metafieldsField(Shop.self)
        }
        Type(DomainNode.self, as: "Domain") {
            keyField("host", at: \.host)
            keyField("url", at: \.url)
            keyField("sslEnabled", at: \.sslEnabled)
        }
        Type(PaymentSettingsNode.self, as: "PaymentSettings") {
            keyField("currencyCode", at: \.currencyCode)
            keyField("countryCode", at: \.countryCode)
        }
        Type(ShopPolicyNode.self, as: "ShopPolicy", interfaces: [NodeValue.self]) {
            keyField("id", at: \.idValue)
            keyField("handle", at: \.handle)
            keyField("title", at: \.title)
            keyField("body", at: \.body)
            keyField("url", at: \.urlValue)
        }
    }

    @FieldDefinitions
    override var query: Fields {
        Field("shop", at: StorefrontResolver.shop)
    }
}
