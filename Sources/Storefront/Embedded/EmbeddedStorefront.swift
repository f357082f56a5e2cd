import Foundation
import Synchronization

/// The storefront that ships with the app: the catalog from a JSON file, carts and orders in
/// the state directory. It answers exactly as the Storefront API would (cursors, user errors,
/// warnings, costs), so the app cannot tell it from a real shop, and the simulated checkout
/// completes its carts through `CheckoutBackend`.
///
/// Reads are `nonisolated`: the catalog never changes, so they run in parallel. Carts and orders
/// are actor state, saved to disk before a mutation returns (and kept only once saved).
///
/// As in the API, `cart(id:)` returns nil for a cart that is unknown, expired or already
/// completed by an order; `checkoutState(cartId:)` tells which, and throws for an unknown cart.
/// One process at a time owns a state directory: two instances on the same directory do not
/// see each other's changes after they start.
public actor EmbeddedStorefront: StorefrontClient, CheckoutBackend {
    /// A cart nobody touched for this long is expired: `cart(id:)` returns nil, checkout says so.
    public static let cartLifetime: TimeInterval = 10 * 24 * 60 * 60
    /// How long an expired or completed cart is kept on disk (so checkout can still say which it was).
    static let retention: TimeInterval = 90 * 24 * 60 * 60

    public nonisolated let catalog: StoreCatalog
    public nonisolated let stateDirectory: URL
    /// Problems found in the state directory when starting (a corrupt file moved aside, ...).
    public nonisolated let stateWarnings: [String]
    /// What orders took off the shelf; every read of a variant goes through it.
    nonisolated let stock: StockLedger
    /// Where the catalog's pictures are: `images/` beside a catalog file, or the bundled pictures.
    public nonisolated var pictureDirectory: URL? {
        get { pictureFolder.withLock { $0 } }
        set { pictureFolder.withLock { $0 = newValue } }
    }
    private nonisolated let pictureFolder = Mutex<URL?>(EmbeddedPictures.bundledDirectory)

    private let now: @Sendable () -> Date
    private var identifiers: IdentifierSource
    private let store: StateStore
    private var carts: [String: StoredCart] = [:]   // by token
    private var orderBook: EmbeddedState.Orders
    private var session: EmbeddedState.Session
    /// Resolves `buyerIdentity.customerAccessToken`; without one, carts cannot carry a token.
    var customers: (any CustomerDirectory)?
    /// State files that could not be read nor moved aside: never written over.
    private let unmovable: Set<String>

    /// - Parameters:
    ///   - catalogPath: a catalog file; nil uses the catalog bundled with the app.
    ///   - stateDirectory: where carts and orders live; nil uses `$XDG_STATE_HOME/storefront`
    ///     (default `~/.local/state/storefront`).
    ///   - now: the clock, injected so tests decide when carts expire.
    ///   - identifiers: where cart tokens and keys come from: random, or seeded for a run that
    ///     must print the same ids every time.
    public init(catalogPath: String? = nil, stateDirectory: URL? = nil,
                now: @escaping @Sendable () -> Date = { Date() }, identifiers: IdentifierSource = .random) throws {
        let catalog = try catalogPath.map { try CatalogLoader.load(contentsOf: $0) } ?? CatalogLoader.bundled()
        self.init(catalog: catalog, stateDirectory: stateDirectory, now: now, identifiers: identifiers)
        if let catalogPath {
            pictureDirectory = URL(fileURLWithPath: catalogPath).deletingLastPathComponent().appendingPathComponent("images")
        }
    }

    /// A storefront over a catalog already in memory (tests, benchmarks, demos).
    public init(catalog: StoreCatalog, stateDirectory: URL? = nil, now: @escaping @Sendable () -> Date = { Date() },
                identifiers: IdentifierSource = .random) {
        self.catalog = catalog
        let directory = stateDirectory ?? Self.defaultStateDirectory()
        self.stateDirectory = directory
        self.now = now
        self.identifiers = identifiers
        let store = StateStore(directory: directory)
        self.store = store
        var warnings: [String] = []
        var unmovable: Set<String> = []
        let start = now()
        func read<Value: Decodable>(_ type: Value.Type, _ name: String) -> Value? {
            switch store.read(type, from: name, now: start) {
            case .missing: return nil
            case .loaded(let value): return value
            case .corrupt(let message, let movedAside):
                warnings.append(message)
                if !movedAside { unmovable.insert(name) }
                return nil
            }
        }
        let savedCarts = read(EmbeddedState.Carts.self, EmbeddedState.cartsFile)
        orderBook = read(EmbeddedState.Orders.self, EmbeddedState.ordersFile)
            ?? EmbeddedState.Orders(nextOrderNumber: EmbeddedState.firstOrderNumber, orders: [])
        session = read(EmbeddedState.Session.self, EmbeddedState.sessionFile) ?? EmbeddedState.Session()
        stock = StockLedger(orders: orderBook.orders)
        // Carts untouched for far longer than they live are of no use to anyone: drop them.
        for cart in savedCarts?.carts ?? [] where start.timeIntervalSince(cart.updatedAt) < Self.retention {
            carts[cart.token] = cart
        }
        stateWarnings = warnings
        self.unmovable = unmovable
    }

    /// A storefront over catalog JSON in memory.
    public static func load(catalogData: Data, name: String = "catalog", stateDirectory: URL? = nil,
                            now: @escaping @Sendable () -> Date = { Date() },
                            identifiers: IdentifierSource = .random) throws -> EmbeddedStorefront {
        EmbeddedStorefront(catalog: try CatalogLoader.load(data: catalogData, file: name), stateDirectory: stateDirectory, now: now,
                           identifiers: identifiers)
    }

    /// `$XDG_STATE_HOME/storefront`, or `~/.local/state/storefront`.
    public static func defaultStateDirectory(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") {
            return URL(fileURLWithPath: state).appendingPathComponent("storefront")
        }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return URL(fileURLWithPath: home).appendingPathComponent(".local/state/storefront")
    }

    // MARK: - Reads

    public nonisolated func shop() async throws -> Shop { catalog.shop }

    public nonisolated func collections(_ page: PageArguments, sortKey: CollectionSortKeys, productPreview: Int) async throws -> Page<Collection> {
        guard (0...PageArguments.maximumPageSize).contains(productPreview) else {
            throw StorefrontError.invalidArgument("A product preview holds 0 to \(PageArguments.maximumPageSize) products (asked for \(productPreview)).")
        }
        return try Paginator.page(ListedArray(elements: catalog.collectionOrder(sortKey)), name: "collections.\(sortKey.rawValue)",
                                  arguments: page, id: { catalog.collections[$0].id }) { c in
            var collection = catalog.collections[c]
            collection.productsPreview = catalog.collectionProductIndices[c].prefix(productPreview).map { stock.current(catalog.products[$0]) }
            return collection
        }
    }

    public nonisolated func collection(handle: String) async throws -> Collection? { catalog.collection(handle: handle) }

    public nonisolated func collectionProducts(handle: String, page: PageArguments, sortKey: ProductCollectionSortKeys,
                                               reverse: Bool) async throws -> Page<Product> {
        try Paginator.validate(page)
        guard let index = catalog.collectionIndexByHandle[handle] else { return .empty }
        var order = catalog.collectionProductOrder(index, sortKey: sortKey)
        if reverse { order.reverse() }
        return try productPage(ListedArray(elements: order), name: "collection.\(handle).\(sortKey.rawValue).\(reverse ? "r" : "f")",
                               arguments: page)
    }

    public nonisolated func products(_ page: PageArguments, query: String?, sortKey: ProductSortKeys,
                                     reverse: Bool) async throws -> Page<Product> {
        try Paginator.validate(page)
        // Matches are found as the page needs them: a first page reads a few dozen products.
        let listing = try catalog.searchIndex.listing(query: query, sortKey: sortKey, reverse: reverse)
        let name = "products.\(sortKey.rawValue).\(reverse ? "r" : "f").\(SearchIndex.fingerprint(query ?? ""))"
        return try productPage(listing, name: name, arguments: page)
    }

    public nonisolated func product(handle: String) async throws -> Product? { catalog.product(handle: handle).map(stock.current) }
    public nonisolated func product(id: String) async throws -> Product? { catalog.product(id: id).map(stock.current) }

    public nonisolated func productRecommendations(productId: String) async throws -> [Product] {
        guard let index = catalog.productIndex(id: productId) else { return [] }
        return catalog.recommendations(for: index, limit: 10).map { stock.current(catalog.products[$0]) }
    }

    public nonisolated func search(query: String, page: PageArguments) async throws -> Page<Product> {
        try Paginator.validate(page)
        let listing = try catalog.searchIndex.listing(query: query, sortKey: .relevance, reverse: false)
        return try productPage(listing, name: "search.\(SearchIndex.fingerprint(query))", arguments: page)
    }

    public nonisolated func predictiveSearch(query: String, limit: Int) async throws -> [Product] {
        guard (1...10).contains(limit) else {
            throw StorefrontError.invalidArgument("Predictive search returns 1 to 10 products (asked for \(limit)).")
        }
        return catalog.searchIndex.titlePrefixMatches(query, limit: limit).map { stock.current(catalog.products[$0]) }
    }

    private nonisolated func productPage(_ listing: some PagedListing, name: String, arguments: PageArguments) throws -> Page<Product> {
        try Paginator.page(listing, name: name, arguments: arguments, id: { catalog.products[$0].id }, node: { stock.current(catalog.products[$0]) })
    }

    // MARK: - Carts

    public func cart(id: String) async throws -> Cart? {
        guard let stored = openCart(id) else { return nil }
        return pricing.cart(from: stored)
    }

    public func cartCreate(_ input: CartInput) async throws -> CartPayload {
        let time = now()
        // A seeded source repeats its tokens in a state directory used before: never reuse one.
        var token = identifiers.token()
        while carts[token] != nil { token = identifiers.token() }
        var cart = StoredCart(token: token, key: identifiers.key(), createdAt: time, updatedAt: time, lines: [],
                              buyerIdentity: BuyerIdentity(), discountCodes: [], note: nil,
                              attributes: input.attributes.map { Attribute(key: TextSanitizer.cleanLine($0.key), value: $0.value.map(TextSanitizer.clean)) },
                              state: .open, nextLineNumber: 1)
        var identity = input.buyerIdentity
        if let requested = identity {
            switch try await resolveCustomer(requested) {
            case .success(let resolved): identity = resolved
            case .failure(let error): return CartPayload(cart: nil, userErrors: [error])
            }
        }
        let rules = CartRules(catalog: catalog, stock: stock, now: time)
        var warnings: [CartWarning] = []
        var steps: [(StoredCart) -> CartRules.Outcome] = []
        if !input.lines.isEmpty { steps.append { rules.addLines(input.lines, to: $0) } }
        if let identity { steps.append { rules.setBuyerIdentity(identity, on: $0) } }
        if !input.discountCodes.isEmpty { steps.append { rules.setDiscountCodes(input.discountCodes, on: $0) } }
        if let note = input.note { steps.append { rules.setNote(note, on: $0) } }
        for step in steps {
            let outcome = step(cart)
            // Nothing is created when any part of the input is wrong.
            if !outcome.userErrors.isEmpty { return CartPayload(cart: nil, userErrors: outcome.userErrors) }
            cart = outcome.cart
            warnings += outcome.warnings
        }
        cart.updatedAt = time
        try save(cart)
        let priced = pricing.priced(cart)
        return CartPayload(cart: priced.cart, warnings: warnings + priced.discountWarnings)
    }

    public func cartLinesAdd(cartId: String, lines: [CartLineInput]) async throws -> CartPayload {
        try mutate(cartId) { $0.addLines(lines, to: $1) }
    }

    public func cartLinesUpdate(cartId: String, lines: [CartLineUpdateInput]) async throws -> CartPayload {
        try mutate(cartId) { $0.updateLines(lines, in: $1) }
    }

    public func cartLinesRemove(cartId: String, lineIds: [String]) async throws -> CartPayload {
        try mutate(cartId) { $0.removeLines(lineIds, from: $1) }
    }

    public func cartBuyerIdentityUpdate(cartId: String, buyerIdentity: BuyerIdentity) async throws -> CartPayload {
        let identity: BuyerIdentity
        switch try await resolveCustomer(buyerIdentity) {
        case .success(let resolved): identity = resolved
        case .failure(let error): return CartPayload(cart: nil, userErrors: [error])
        }
        return try mutate(cartId) { $0.setBuyerIdentity(identity, on: $1) }
    }

    public func cartDiscountCodesUpdate(cartId: String, discountCodes: [String]) async throws -> CartPayload {
        try mutate(cartId) { $0.setDiscountCodes(discountCodes, on: $1) }
    }

    public func cartNoteUpdate(cartId: String, note: String) async throws -> CartPayload {
        try mutate(cartId) { $0.setNote(note, on: $1) }
    }

    /// The cart the app was using, if it is still open.
    public func currentCartId() -> String? {
        guard let id = session.currentCartId, openCart(id) != nil else { return nil }
        return id
    }

    /// Remembers (or forgets, with nil) the cart the app is using, across restarts.
    public func setCurrentCartId(_ id: String?) throws {
        var updated = session
        updated.currentCartId = id
        try write(updated, to: EmbeddedState.sessionFile)
        session = updated
    }

    /// Deletes every cart that carries a customer (logging out): a signed-in customer's cart must
    /// not outlive the session on a shared machine. Returns how many were deleted.
    @discardableResult
    public func removeAuthenticatedCarts() throws -> Int {
        let remaining = carts.filter { $0.value.buyerIdentity.customerAccessToken == nil && $0.value.buyerIdentity.customer == nil }
        let removed = carts.values.filter { remaining[$0.token] == nil }
        guard !removed.isEmpty else { return 0 }
        try write(EmbeddedState.Carts(carts: remaining.values.sorted { $0.createdAt < $1.createdAt }), to: EmbeddedState.cartsFile)
        carts = remaining
        if let current = session.currentCartId, removed.contains(where: { $0.id == current }) {
            try setCurrentCartId(nil)
        }
        return removed.count
    }

    private func mutate(_ cartId: String, _ change: (CartRules, StoredCart) -> CartRules.Outcome) throws -> CartPayload {
        guard let stored = openCart(cartId) else {
            return CartPayload(cart: nil, userErrors: [CartUserError(code: .invalid, field: ["cartId"],
                                                                     message: "The specified cart does not exist.")])
        }
        let outcome = change(CartRules(catalog: catalog, stock: stock, now: now()), stored)
        if outcome.cart != stored { try save(outcome.cart) }
        // Input that is refused changes nothing and, as in the Storefront API, answers no cart.
        guard outcome.userErrors.isEmpty else { return CartPayload(cart: nil, userErrors: outcome.userErrors) }
        // Every answer says which of the cart's codes do not apply, and why (a code can lapse when a line goes).
        let priced = pricing.priced(outcome.cart)
        return CartPayload(cart: priced.cart, userErrors: [], warnings: outcome.warnings + priced.discountWarnings)
    }

    /// Prices carts; first-order codes look at the emails of the orders placed here.
    private var pricing: CartPricing {
        CartPricing(catalog: catalog, stock: stock, now: now(),
                    orderEmails: Set(orderBook.orders.compactMap { $0.draft.email?.lowercased() }))
    }

    /// The stored cart behind an id, if it exists, the key matches and it is still open.
    private func openCart(_ id: String) -> StoredCart? {
        guard let stored = storedCart(id) else { return nil }
        return state(of: stored) == .open ? stored : nil
    }

    private func storedCart(_ id: String) -> StoredCart? {
        guard let (token, key) = StoredCart.parse(id: id), let stored = carts[token], stored.key == key else { return nil }
        return stored
    }

    private func state(of cart: StoredCart) -> CartCheckoutState {
        if cart.state != .open { return cart.state }
        return now().timeIntervalSince(cart.updatedAt) >= Self.cartLifetime ? .expired : .open
    }

    /// Writes the carts with `cart` in them, then keeps the change: a failed write changes nothing.
    private func save(_ cart: StoredCart) throws {
        var updated = carts
        updated[cart.token] = cart
        try write(EmbeddedState.Carts(carts: updated.values.sorted { $0.createdAt < $1.createdAt }), to: EmbeddedState.cartsFile)
        carts = updated
    }

    private func write<Value: Encodable>(_ value: Value, to name: String) throws {
        if unmovable.contains(name) {
            throw StorefrontError.storage("\(store.url(name).path) is unreadable and could not be moved aside; "
                                          + "move or remove it so that it is not overwritten")
        }
        try store.write(value, to: name)
    }

    // MARK: - Checkout

    public nonisolated func cartId(forCheckoutURL url: String) -> String? {
        guard let components = URLComponents(string: url), components.scheme == "https",
              components.host?.lowercased() == catalog.shop.domain else { return nil }
        let path = components.path.split(separator: "/")
        guard path.count == 3, path[0] == "cart", path[1] == "c", !path[2].isEmpty,
              let key = components.queryItems?.first(where: { $0.name == "key" })?.value, !key.isEmpty else { return nil }
        return "gid://shopify/Cart/\(path[2])?key=\(key)"
    }

    public func checkoutState(cartId: String) async throws -> CartCheckoutState {
        guard let stored = storedCart(cartId) else {
            throw StorefrontError.invalidArgument("This store has no cart \(cartId).")
        }
        return state(of: stored)
    }

    /// Marks a cart completed or expired (or open again), as a checkout or a test needs.
    public func setCheckoutState(_ newState: CartCheckoutState, cartId: String) throws {
        guard var stored = storedCart(cartId) else {
            throw StorefrontError.invalidArgument("This store has no cart \(cartId).")
        }
        stored.state = newState
        if newState == .open { stored.updatedAt = now() }
        try save(stored)
    }

    public func placeOrder(_ draft: OrderDraft) async throws -> Order {
        if let existing = orderBook.orders.first(where: { $0.draft.checkoutSessionId == draft.checkoutSessionId }) {
            return existing
        }
        guard var stored = storedCart(draft.cartId) else {
            throw OrderPlacementError.refused(code: OrderPlacementError.invalidCart, message: "This store has no cart \(draft.cartId).")
        }
        switch state(of: stored) {
        case .completed: throw OrderPlacementError.refused(code: OrderPlacementError.cartCompleted, message: "Checkout already completed")
        case .expired: throw OrderPlacementError.refused(code: OrderPlacementError.cartExpired, message: "Checkout has expired.")
        case .open: break
        }
        guard !stored.lines.isEmpty else { throw OrderPlacementError.refused(code: OrderPlacementError.invalidCart, message: "Cart is empty") }
        try checkStock(of: stored)
        let number = orderBook.nextOrderNumber
        let order = Order(id: String(number), name: "#\(number)", processedAt: now(), draft: draft,
                          customerId: stored.buyerIdentity.customer?.id)
        var book = orderBook
        book.orders.append(order)
        book.nextOrderNumber = number + 1
        try write(book, to: EmbeddedState.ordersFile)
        orderBook = book
        stock.record(order)
        stored.state = .completed
        stored.updatedAt = now()
        try save(stored)
        return order
    }

    public func orders() async throws -> [Order] { orderBook.orders }

    /// An order cannot take more than is on the shelf: the buyer hears which item ran short.
    private func checkStock(of cart: StoredCart) throws {
        var wanted: [String: Int] = [:]
        for line in cart.lines { wanted[line.merchandiseId, default: 0] += line.quantity }
        for (id, quantity) in wanted.sorted(by: { $0.key < $1.key }) {
            guard let (product, listed) = catalog.variant(id: id) else { continue }
            let variant = stock.current(listed)
            let name = product.variants.count > 1 ? "\(product.title) (\(variant.title))" : product.title
            guard variant.availableForSale else {
                throw OrderPlacementError.refused(code: OrderPlacementError.invalidCart, message: "\(name) is sold out.")
            }
            if let left = variant.quantityAvailable, quantity > left {
                throw OrderPlacementError.refused(code: OrderPlacementError.invalidCart,
                                                  message: "Only \(left) of \(name) left; the cart holds \(quantity).")
            }
        }
    }
}
