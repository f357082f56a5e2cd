import Foundation

/// The Customer Account API operations the app sends, each a resource of this module
/// (`CustomerAccountDocuments/<rawValue>.gql`; `.gql`, not `.graphql`, so checks of every
/// `.graphql` file against the Storefront API's schema pass them by), in the style of Hydrogen's
/// customer-account routes. Validated against the Customer Account API's schema in CI.
public enum CustomerAccountOperation: String, CaseIterable, Sendable {
    case customerDetails = "CustomerDetails"
    case customerOrders = "CustomerOrders"
    case customerOrder = "CustomerOrder"
    case customerAddressCreate = "CustomerAddressCreate"
    case customerAddressUpdate = "CustomerAddressUpdate"
    case customerAddressDelete = "CustomerAddressDelete"
    case customerUpdate = "CustomerUpdate"
    case subscriptionContracts = "SubscriptionContracts"
    case subscriptionContract = "SubscriptionContract"
    case subscriptionContractPause = "SubscriptionContractPause"
    case subscriptionContractActivate = "SubscriptionContractActivate"
    case subscriptionContractCancel = "SubscriptionContractCancel"
    case subscriptionBillingCycleSkip = "SubscriptionBillingCycleSkip"

    /// The operation name, as written in the document.
    public var name: String { rawValue }

    /// The document text, loaded once from the module's resources.
    public var document: String {
        guard let text = Self.documents[self] else {
            // The resources are part of the module; a missing file is a packaging error.
            preconditionFailure("GraphQL document \(rawValue).gql is missing from the CustomerAccount module's resources")
        }
        return text
    }

    private static let documents: [CustomerAccountOperation: String] = {
        var texts: [CustomerAccountOperation: String] = [:]
        for operation in allCases {
            let url = Bundle.module.url(forResource: operation.rawValue, withExtension: "gql", subdirectory: "CustomerAccountDocuments")
            if let url, let text = try? String(contentsOf: url, encoding: .utf8) { texts[operation] = text }
        }
        return texts
    }()
}
