import Foundation
import StorefrontModels

/// Every operation the client sends. Each is one named operation in its own `.graphql` resource file
/// (`Documents/<rawValue>.graphql`) that spreads the shared fragments of `Documents/Fragments/`;
/// the text sent is the operation with the fragments it uses appended. Validated against the
/// Storefront API schema in CI.
public enum StorefrontOperation: String, CaseIterable, Sendable {
    case shop = "Shop"
    case collections = "Collections"
    case collection = "Collection"
    case collectionProducts = "CollectionProducts"
    case products = "Products"
    case product = "Product"
    case productRecommendations = "ProductRecommendations"
    case search = "Search"
    case predictiveSearch = "PredictiveSearch"
    case cart = "Cart"
    case cartCreate = "CartCreate"
    case cartLinesAdd = "CartLinesAdd"
    case cartLinesUpdate = "CartLinesUpdate"
    case cartLinesRemove = "CartLinesRemove"
    case cartBuyerIdentityUpdate = "CartBuyerIdentityUpdate"
    case cartDiscountCodesUpdate = "CartDiscountCodesUpdate"
    case cartNoteUpdate = "CartNoteUpdate"
    case localization = "Localization"

    /// The operation name, as written in the document.
    public var name: String { rawValue }

    public var isMutation: Bool {
        switch self {
        case .cartCreate, .cartLinesAdd, .cartLinesUpdate, .cartLinesRemove, .cartBuyerIdentityUpdate,
             .cartDiscountCodesUpdate, .cartNoteUpdate:
            return true
        default:
            return false
        }
    }

    /// Whether a response may be cached: queries only, and never carts (they change behind our back
    /// and hold the buyer's contact details).
    public var isCacheable: Bool { !isMutation && self != .cart }

    /// The document text (the operation and the fragments it uses), loaded once from the module's resources.
    public var document: String {
        guard let text = StorefrontOperation.documents[self] else {
            // The resources are part of the module; a missing file is a packaging error.
            preconditionFailure("GraphQL document \(rawValue).graphql is missing from the Storefront module's resources")
        }
        return text
    }

    private static let documents: [StorefrontOperation: String] = {
        let folder = Bundle.module.resourceURL?.appendingPathComponent("Documents/Fragments", isDirectory: true)
        let names = folder.flatMap { try? FileManager.default.contentsOfDirectory(atPath: $0.path) } ?? []
        let fragments = GraphQLFragments(texts: names.filter { $0.hasSuffix(".graphql") }.sorted().compactMap { name in
            folder.flatMap { try? String(contentsOf: $0.appendingPathComponent(name), encoding: .utf8) }
        })
        var texts: [StorefrontOperation: String] = [:]
        for operation in StorefrontOperation.allCases {
            let url = Bundle.module.url(forResource: operation.rawValue, withExtension: "graphql", subdirectory: "Documents")
            if let url, let text = try? String(contentsOf: url, encoding: .utf8) { texts[operation] = fragments.composing(text) }
        }
        return texts
    }()
}
