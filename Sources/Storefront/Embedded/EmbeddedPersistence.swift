import Foundation
import StorefrontModels

/// Where the embedded storefront keeps its carts, orders, stock and customers: JSON files in the
/// state directory for the app (`JSONStatePersistence`), a database for `serve`. The storefront
/// holds everything in memory and writes each change through here before it keeps it.
public protocol EmbeddedPersistence: Sendable {
    /// Where the records are, for messages.
    var location: String { get }
    /// Everything stored, read when the storefront opens. A damaged part is set aside (never
    /// written over) and said in `warnings`.
    func load(now: Date) -> StoredRecords
    /// Keeps `change` whole or not at all. Other processes may have written since: carts merge
    /// by token, an order placed twice (one checkout session) is kept once, and an order takes the
    /// next free number. Throws `StorefrontError.storage` when nothing could be kept.
    func commit(_ change: RecordChange) throws -> CommitOutcome
    /// Everything stored, when another process changed it since this one last read or wrote it;
    /// nil when nothing changed (or the store cannot tell).
    func recordsChangedElsewhere(now: Date) -> StoredRecords?
    /// How to find one cart without reading the others, when the store can (a database): the
    /// storefront then holds no carts in memory and reads each from the store when asked, so its
    /// memory does not grow with the carts shoppers leave. nil (JSON files): every cart is held.
    var cartLookup: (any CartLookup)? { get }
}

extension EmbeddedPersistence {
    public func recordsChangedElsewhere(now: Date) -> StoredRecords? { nil }
    public var cartLookup: (any CartLookup)? { nil }
}

/// One cart read from the store by its token; the store is the carts' one authority.
public protocol CartLookup: Sendable {
    /// The cart kept under `token`: nil when there is none or it is set aside (unreadable, or
    /// damaged, as `load` sets it aside). Throws `StorefrontError.storage` when the store cannot be read.
    func cart(token: String) throws -> CartRecord?
    /// Every cart kept, for the rare change that looks at all of them (logging out).
    func allCarts() throws -> [CartRecord]
}

/// Keeps nothing: a storefront that cannot keep its records anywhere (said once by whoever chose
/// it) and goes on in memory.
public struct InMemoryPersistence: EmbeddedPersistence {
    public init() {}
    public var location: String { "memory" }
    public func load(now: Date) -> StoredRecords { StoredRecords() }
    public func commit(_ change: RecordChange) throws -> CommitOutcome { CommitOutcome(order: change.order) }
}

/// What a store holds.
public struct StoredRecords: Sendable {
    public var carts: [CartRecord]
    public var orders: [Order]
    public var nextOrderNumber: Int
    /// Units sold per variant id, when the store keeps them; else they are counted from `orders`.
    public var unitsSold: [String: Int]?
    /// The cart the app was using.
    public var currentCartId: String?
    public var customers: [CustomerRecord]
    /// The customers' subscriptions, as last changed.
    public var subscriptionContracts: [SubscriptionContract]
    public var warnings: [String]

    public init(carts: [CartRecord] = [], orders: [Order] = [], nextOrderNumber: Int = EmbeddedState.firstOrderNumber,
                unitsSold: [String: Int]? = nil, currentCartId: String? = nil, customers: [CustomerRecord] = [],
                subscriptionContracts: [SubscriptionContract] = [], warnings: [String] = []) {
        self.carts = carts; self.orders = orders; self.nextOrderNumber = nextOrderNumber; self.unitsSold = unitsSold
        self.currentCartId = currentCartId; self.customers = customers; self.subscriptionContracts = subscriptionContracts
        self.warnings = warnings
    }
}

/// One change, kept whole or not at all.
public struct RecordChange: Sendable {
    public var carts: [CartRecord] = []
    public var removedCartTokens: [String] = []
    public var order: Order?
    /// `.some(nil)` forgets the current cart; nil leaves it.
    public var currentCartId: String??
    public var customers: [CustomerRecord] = []
    /// Contracts made or changed. Those made by `order` are kept only with it: when the order's
    /// checkout session was already kept, so were its contracts, and these are dropped.
    public var subscriptionContracts: [SubscriptionContract] = []

    public init(carts: [CartRecord] = [], removedCartTokens: [String] = [], order: Order? = nil,
                currentCartId: String?? = nil, customers: [CustomerRecord] = [], subscriptionContracts: [SubscriptionContract] = []) {
        self.carts = carts; self.removedCartTokens = removedCartTokens; self.order = order
        self.currentCartId = currentCartId; self.customers = customers; self.subscriptionContracts = subscriptionContracts
    }

    /// The contracts to keep, once the store knows whether `order` was new (`placedNow`).
    public func contractsToKeep(orderPlacedNow placedNow: Bool) -> [SubscriptionContract] {
        guard let order, !placedNow else { return subscriptionContracts }
        return subscriptionContracts.filter { $0.originCheckoutSessionId != order.draft.checkoutSessionId }
    }
}

public struct CommitOutcome: Sendable {
    /// The order as kept: renumbered when another process took its number, or the one kept
    /// before for the same checkout session.
    public var order: Order?
    /// Everything as stored now, when other processes may have changed it; nil when the store
    /// knows the storefront's copy is current.
    public var refreshed: StoredRecords?

    public init(order: Order?, refreshed: StoredRecords? = nil) { self.order = order; self.refreshed = refreshed }
}

/// A cart as one record: the keys a store looks it up by, and the whole cart as JSON (so a new
/// field on a cart needs no change to any store).
public struct CartRecord: Sendable, Hashable {
    let cart: StoredCart
    /// The cart's JSON when it was written already (by the rules that measured it).
    private let encoded: Data?

    /// `encoded`: `cart` as `RecordCoding` writes it, if it was written already.
    init(_ cart: StoredCart, encoded: Data? = nil) { self.cart = cart; self.encoded = encoded }

    public static func == (a: CartRecord, b: CartRecord) -> Bool { a.cart == b.cart }
    public func hash(into hasher: inout Hasher) { hasher.combine(cart) }

    public init(json: Data) throws {
        cart = try RecordCoding.decoder.decode(StoredCart.self, from: json)
        encoded = nil
    }

    public var token: String { cart.token }
    public var updatedAt: Date { cart.updatedAt }
    /// Why this cart cannot be kept as it is, or nil.
    public var problem: String? { cart.problem }
    public func json() throws -> Data { try encoded ?? cart.recordJSON() }
}

/// A customer the shop knows by an SSH key, and the cart they were filling.
public struct CustomerRecord: Codable, Sendable, Hashable {
    public var customer: Customer
    /// "SHA256:…" for a customer known by a key.
    public var keyFingerprint: String?
    public var cartId: String?

    public init(customer: Customer, keyFingerprint: String?, cartId: String?) {
        self.customer = customer; self.keyFingerprint = keyFingerprint; self.cartId = cartId
    }
}

extension Order {
    /// The same order under another number (another process took this one first).
    public func numbered(_ number: Int) -> Order {
        var order = self
        order.id = String(number)
        order.name = "#\(number)"
        return order
    }

    /// Units per variant this order takes off the shelf. A kept order's lines hold 1 to 10,000
    /// units each (`problem` sets aside any other), and the sum never overflows.
    public var unitsByVariant: [String: Int] {
        var units: [String: Int] = [:]
        for line in draft.lineItems where line.quantity > 0 {
            units[line.merchandiseId] = StockLedger.adding(units[line.merchandiseId] ?? 0, line.quantity)
        }
        return units
    }

    /// Why this order cannot be part of the books (a line quantity out of range, amounts in
    /// another currency than the order's, an amount that is not a number), or nil.
    public var problem: String? {
        let currency = draft.total.currencyCode
        for line in draft.lineItems where !(1...Order.maximumLineQuantity).contains(line.quantity) {
            return "a line of \(line.quantity) × \(line.merchandiseId)"
        }
        let amounts = [draft.subtotal, draft.shipping, draft.taxes, draft.discounts, draft.total]
            + draft.lineItems.map(\.price) + [draft.payment?.amount].compactMap { $0 }
        for amount in amounts {
            guard amount.currencyCode == currency else { return "an amount in \(amount.currencyCode) on a \(currency) order" }
            guard amount.amount.isFinite, abs(amount.amount) < CheckoutTotals.largestTotal else { return "an amount out of range" }
        }
        return nil
    }

    /// The most units of one item a line may hold (the cart's rule).
    public static let maximumLineQuantity = 10_000
}

/// One JSON form for records wherever they are kept: dates as the exact Double a `Date` holds,
/// so a record reads back equal to what was written.
public enum RecordCoding {
    public static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        encoder.dateEncodingStrategy = .deferredToDate
        return encoder
    }()
    public static let decoder: JSONDecoder = {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .deferredToDate
        return decoder
    }()
}
