import Foundation
import Graphiti
import Storefront

/// `Shop` and its parts; `QueryRoot.shop`.
final class ShopSchema: PartialSchema<StorefrontResolver, RequestContext> {
    @TypeDefinitions
    override var types: Types {
        Type(Shop.self) {
            Field("id", at: \.idValue)
            Field("name", at: \.name)
            Field("description", at: \.description)
            Field("primaryDomain", at: \.primaryDomain)
            Field("paymentSettings", at: \.paymentSettings)
            Field("refundPolicy", at: \.refundPolicy)
            Field("shippingPolicy", at: \.shippingPolicy)
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
        Type(ShopPolicyNode.self, as: "ShopPolicy") {
            Field("id", at: \.id)
            Field("handle", at: \.handle)
            Field("title", at: \.title)
            Field("url", at: \.url)
        }
    }

    @FieldDefinitions
    override var query: Fields {
        Field("shop", at: StorefrontResolver.shop)
    }
}
