import Foundation
import Storefront
import CheckoutSheet

/// Everything effects reach outside the state for. Injected into the reducer, so tests replace each.
public struct AppDependencies: Sendable {
    public var storefront: any StorefrontClient
    public var checkout: any CheckoutSheetPresenting
    /// Drives the search debounce; tests pass a clock that moves only when told.
    public var clock: any Clock<Duration>
    public var now: @Sendable () -> Date
    /// The id of the cart of the previous run, if one was saved.
    public var loadCartId: @Sendable () async -> String?
    /// Remembers the current cart id (nil forgets it, after an order or an expired cart).
    public var saveCartId: @Sendable (String?) async -> Void
    /// The current cart as last seen, kept for a start without network (over a Storefront API).
    public var loadSeenCart: @Sendable () async -> Cart?
    /// Keeps the cart as the storefront last confirmed it.
    public var saveSeenCart: @Sendable (Cart) async -> Void
    public var settings: AppSettings
    /// The customer account; nil when the app runs without one.
    public var account: AccountClient?
    /// What the storefront client says about the network (over a Storefront API); listened to from
    /// `appStarted` until the stream ends. The embedded storefront has nothing to say.
    public var connectionEvents: @Sendable () -> AsyncStream<ConnectionEvent>
    /// The same storefront read past any saved answer: an order changed the stock. nil reads
    /// through `storefront` (the embedded store has no cache). Asked in the shopper's market, as
    /// `storefront` is.
    public var freshStorefront: (any StorefrontClient)?
    /// Drops the storefront's saved answers (nil when it keeps none): after an order their stock is
    /// what was on the shelf before, for this process and for the next one that reads them.
    public var forgetSavedAnswers: (@Sendable () async -> Void)?
    /// Opens an address in a browser; false when there is none to open (over SSH, in a bare terminal).
    public var openURL: @Sendable (String) async -> Bool
    /// What the storefront found wrong with its saved state when it opened (a corrupt file set
    /// aside): told to the shopper once, when the app starts.
    public var startupNotices: [String]
    /// The country to start in (`--country`, else the one picked last time); nil: the shop's own.
    public var country: String?
    /// Remembers the country the shopper picked, for the next start.
    public var saveCountry: @Sendable (String?) async -> Void

    /// The shop's ledger: the orders this shopper placed as a guest from this terminal (the
    /// embedded shop's guest orders; over `serve`, those of the checkout sessions paid here). Nil
    /// where the shop keeps no such ledger: the list then holds this run's orders.
    public var ledgerOrders: (@Sendable () async throws -> [Order])?

    public init(storefront: any StorefrontClient, checkout: any CheckoutSheetPresenting,
                clock: any Clock<Duration> = ContinuousClock(),
                now: @escaping @Sendable () -> Date = { Date() },
                loadCartId: @escaping @Sendable () async -> String? = { nil },
                saveCartId: @escaping @Sendable (String?) async -> Void = { _ in },
                loadSeenCart: @escaping @Sendable () async -> Cart? = { nil },
                saveSeenCart: @escaping @Sendable (Cart) async -> Void = { _ in },
                settings: AppSettings = AppSettings(), account: AccountClient? = nil,
                connectionEvents: @escaping @Sendable () -> AsyncStream<ConnectionEvent> = { AsyncStream { $0.finish() } },
                openURL: @escaping @Sendable (String) async -> Bool = { _ in false },
                startupNotices: [String] = [],
                country: String? = nil, saveCountry: @escaping @Sendable (String?) async -> Void = { _ in },
                freshStorefront: (any StorefrontClient)? = nil,
                forgetSavedAnswers: (@Sendable () async -> Void)? = nil,
                ledgerOrders: (@Sendable () async throws -> [Order])? = nil) {
        self.storefront = storefront; self.checkout = checkout; self.clock = clock
        self.now = now; self.loadCartId = loadCartId; self.saveCartId = saveCartId
        self.loadSeenCart = loadSeenCart; self.saveSeenCart = saveSeenCart; self.settings = settings
        self.account = account; self.connectionEvents = connectionEvents; self.openURL = openURL
        self.startupNotices = startupNotices
        self.country = country; self.saveCountry = saveCountry
        self.freshStorefront = freshStorefront
        self.forgetSavedAnswers = forgetSavedAnswers
        self.ledgerOrders = ledgerOrders
    }
}
