import Foundation

/// One of the shop's legal pages (`ShopPolicy` in the Storefront API): its body is HTML, as the
/// shop's admin stores it; `text` is that body as the terminal shows it.
public struct ShopPolicy: Hashable, Sendable, Codable {
    /// Which policy: the `Shop` field it is read from.
    public enum Kind: String, CaseIterable, Hashable, Sendable, Codable {
        case refund = "refundPolicy"
        case shipping = "shippingPolicy"
        case privacy = "privacyPolicy"
        case termsOfService = "termsOfService"

        /// The title and handle a shop's admin gives each policy unless it is renamed.
        public var defaultTitle: String {
            switch self {
            case .refund: "Refund policy"
            case .shipping: "Shipping policy"
            case .privacy: "Privacy policy"
            case .termsOfService: "Terms of service"
            }
        }

        public var defaultHandle: String {
            switch self {
            case .refund: "refund-policy"
            case .shipping: "shipping-policy"
            case .privacy: "privacy-policy"
            case .termsOfService: "terms-of-service"
            }
        }
    }

    public var kind: Kind
    /// `gid://shopify/ShopPolicy/…`.
    public var id: String
    public var handle: String
    public var title: String
    /// HTML.
    public var body: String
    /// Where the policy is published on the shop's site.
    public var url: String

    public init(kind: Kind, id: String, handle: String, title: String, body: String, url: String) {
        self.kind = kind; self.id = id; self.handle = handle; self.title = title; self.body = body; self.url = url
    }

    /// The body as plain paragraphs: tags dropped, a blank line between blocks, list items as
    /// "• " lines, entities decoded.
    public var text: String { PolicyText.plain(fromHTML: body) }
}

/// The shop's subscription policy (`ShopPolicyWithDefault`): published like the other policies,
/// but not one of their kinds.
public struct SubscriptionPolicy: Hashable, Sendable, Codable {
    public static let defaultTitle = "Subscription policy"
    public static let defaultHandle = "subscription-policy"

    public var id: String?
    public var handle: String
    public var title: String
    /// HTML.
    public var body: String
    public var url: String

    public init(id: String?, handle: String, title: String, body: String, url: String) {
        self.id = id; self.handle = handle; self.title = title; self.body = body; self.url = url
    }

    public var text: String { PolicyText.plain(fromHTML: body) }
}

extension Shop {
    /// The policy of that kind, when the shop publishes one.
    public func policy(_ kind: ShopPolicy.Kind) -> ShopPolicy? { policies.first { $0.kind == kind } }

    public var refundPolicyURL: String? { policy(.refund)?.url }
    public var shippingPolicyURL: String? { policy(.shipping)?.url }
}
