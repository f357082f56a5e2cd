import ServerSettings
import Foundation
import GraphQL
import Synchronization

/// Answers to catalog queries, kept while the stock they were made from stands. A query whose root
/// fields read only the catalog (products, collections, search, recommendations) answers the same
/// bytes for the same document, operation, variables and limits until an order changes the stock
/// (the catalog itself never changes while a storefront runs). Each answer is kept with the stock's
/// version read before it was made; a lookup under another version finds nothing and empties the
/// cache, so no answer outlives the stock it showed. Carts, the shop, content and anything a
/// customer sees are always executed.
public final class AnswerCache: Sendable {
    /// Answers kept by default; the bundled catalog's product pages and lists fit many times over.
    public static let standardCount = ServeDefaults.cachedAnswers
    /// Bytes of answers kept at most; past it the cache starts again rather than grow.
    static let maximumBytes = 8 << 20
    /// The root fields whose answers depend on nothing but the catalog, the stock and the buyer's
    /// market (which the variables carry).
    static let catalogRootFields: Set<String> = [
        "product", "productByHandle", "products", "productRecommendations",
        "collection", "collectionByHandle", "collections", "search", "predictiveSearch", "__typename",
    ]

    struct Key: Hashable, Sendable {
        let query: String
        let operationName: String?
        let variables: [String: Map]
        let limits: RequestLimits

        /// Hashed as the library finds the variables equal (see `MapHashing`).
        func hash(into hasher: inout Hasher) {
            hasher.combine(query)
            hasher.combine(operationName)
            MapHashing.combine(variables, into: &hasher)
            hasher.combine(limits)
        }
    }

    private struct Entries {
        var version: UInt64 = 0
        var answers: [Key: Data] = [:]
        var bytes = 0
    }

    let maximumCount: Int
    /// The stock's version now.
    private let version: @Sendable () -> UInt64
    private let entries = Mutex(Entries())

    init(maximumCount: Int, version: @escaping @Sendable () -> UInt64) {
        self.maximumCount = maximumCount
        self.version = version
    }

    /// The answer kept for `key` under the stock as it is now.
    func answer(_ key: Key) -> Data? {
        let now = version()
        return entries.withLock { entries in
            guard entries.version == now else {
                entries = Entries(version: now)
                return nil
            }
            return entries.answers[key]
        }
    }

    /// Keeps `answer`, made from the stock at `version` (read before the answer was made): an
    /// answer from a stock that has changed since is not kept.
    func keep(_ answer: Data, for key: Key, madeAt version: UInt64) {
        guard answer.count <= Self.maximumBytes else { return }
        let now = self.version()
        guard version == now else { return }
        entries.withLock { entries in
            if entries.version != now { entries = Entries(version: now) }
            if entries.answers.count >= maximumCount || entries.bytes + answer.count > Self.maximumBytes {
                entries = Entries(version: now)
            }
            entries.bytes += answer.count - (entries.answers.updateValue(answer, forKey: key)?.count ?? 0)
        }
    }

    /// The stock's version now, to be given to `keep` with the answer made after it.
    var currentVersion: UInt64 { version() }

    var count: Int { entries.withLock { $0.answers.count } }

    /// Whether `operation` is a query whose every root field reads only the catalog.
    static func isCatalogQuery(_ operation: OperationDefinition) -> Bool {
        guard operation.operation == .query else { return false }
        return operation.selectionSet.selections.allSatisfy { selection in
            guard let field = selection as? GraphQL.Field else { return false }
            return catalogRootFields.contains(field.name.value)
        }
    }
}
