import Storefront

extension ShopPolicy.Kind {
    /// The names a shopper types for a policy (`about refund`, `--open "about terms"`): its first
    /// word, its handle, or its field name, in any case.
    public init?(name: String) {
        let name = name.lowercased()
        guard let kind = Self.allCases.first(where: { [$0.shortName, $0.defaultHandle, $0.rawValue.lowercased()].contains(name) })
        else { return nil }
        self = kind
    }

    /// The word that names the policy: refund, shipping, privacy, terms.
    public var shortName: String {
        switch self {
        case .refund: "refund"
        case .shipping: "shipping"
        case .privacy: "privacy"
        case .termsOfService: "terms"
        }
    }

    public static let names = "refund, shipping, privacy or terms"
}
