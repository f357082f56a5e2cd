import Foundation
import Synchronization
import StorefrontCatalog
import StorefrontModels

/// The storefront that ships with the app: the catalog from a JSON file, carts and orders in
/// the state directory. It answers exactly as the Storefront API would (cursors, user errors,
/// warnings, costs), so the app cannot tell it from a real shop, and the simulated checkout
/// completes its carts through `CheckoutBackend`.
///
/// Reads are `nonisolated`: the catalog never changes, so they run in parallel. Carts and orders
/// are actor state, saved before a mutation returns (and kept only once saved, unless nothing can be written).
///
/// As in the API, `cart(id:)` returns nil for a cart that is unknown, expired or already
/// completed by an order; `checkoutState(cartId:)` tells which, and throws for an unknown cart.
/// Records are kept through an `EmbeddedPersistence` (JSON files by default). Several processes
/// may share a state directory: each change is merged with what the others kept, and the
/// storefront then sees their carts and orders too. When nothing can be written (a read-only or
/// full disk), it says so once and goes on in memory, leaving what was saved untouched.
public actor EmbeddedStorefront: StorefrontClient, CheckoutBackend {
    /// A cart nobody touched for this long is expired: `cart(id:)` returns nil, checkout says so.
    public static let cartLifetime: TimeInterval = 10 * 24 * 60 * 60
    /// How long an expired or completed cart is kept on disk (so checkout can still say which it was).
    static let retention: TimeInterval = 90 * 24 * 60 * 60

    /// The catalog. A storefront made over an index (`init(index:loading:)`) waits here, on
    /// this thread, until the catalog is read; `query` and `mutate` wait without blocking.
    public nonisolated var catalog: StoreCatalog { source.catalog }
    nonisolated let source: CatalogSource
    public nonisolated let stateDirectory: URL
    /// Problems found in the state directory when starting (a corrupt file moved aside, ...).
    public nonisolated let stateWarnings: [String]
    /// Where records are kept.
    public nonisolated let persistence: any EmbeddedPersistence
    /// What orders took off the shelf; every read of a variant goes through it.
    nonisolated let stock: StockLedger
    /// What every answer about the catalog depends on besides the catalog itself (which never
    /// changes in a storefront's life): a different number after every change to the stock.
    public nonisolated var stockVersion: UInt64 { stock.version }
    /// Where the catalog's pictures are: `images/` beside a catalog file, or the bundled pictures.
    public nonisolated var pictureDirectory: URL? {
        get { pictureFolder.withLock { $0 } }
        set { pictureFolder.withLock { $0 = newValue } }
    }
    private nonisolated let pictureFolder = Mutex<URL?>(EmbeddedPictures.bundledDirectory)

    let now: @Sendable () -> Date
    var identifiers: IdentifierSource
    /// Carts by token, held in memory when the store cannot find one cart alone (JSON files) or
    /// nothing can be written; with a store that can (`cartLookup`, serve's database) none are
    /// held and each is read from the store when asked: memory does not grow with the carts kept.
    private var carts: [String: StoredCart] = [:]
    private nonisolated let lookup: (any CartLookup)?
    /// What carts need of the orders (the carts they completed, their emails, gift cards spent).
    private var orderFacts: OrderFacts
    private var orderBook: EmbeddedState.Orders
    private var session: EmbeddedState.Session
    /// Customers known by a key, by customer id (kept for `serve`'s account server).
    private(set) var customerRecords: [String: CustomerRecord] = [:]
    /// The customers' subscriptions, in the order they were made.
    var contracts: [SubscriptionContract] = []
    /// Resolves `buyerIdentity.customerAccessToken`; without one, carts cannot carry a token.
    var customers: (any CustomerDirectory)?
    /// Set once nothing can be written: from then on changes live in memory only.
    private(set) var unsavedBecause: String?
    /// Said once, in the next cart answer, after writing stopped.
    private var pendingStorageWarning: String?
    /// Told (once) when writing stops, e.g. to print it on standard error.
    var storageProblemHandler: (@Sendable (String) -> Void)?

    /// - Parameters:
    ///   - catalogPath: a catalog file; nil uses the catalog bundled with the app.
    ///   - stateDirectory: where carts and orders live; nil uses `$XDG_STATE_HOME/storefront`
    ///     (default `~/.local/state/storefront`).
    ///   - now: the clock, injected so tests decide when carts expire.
    ///   - identifiers: where cart tokens and keys come from: random, or seeded for a run that
    ///     must print the same ids every time.
    ///   - persistence: where records are kept; nil: JSON files in `stateDirectory`.
    public init(catalogPath: String? = nil, stateDirectory: URL? = nil, persistence: (any EmbeddedPersistence)? = nil,
                now: @escaping @Sendable () -> Date = { Date() }, identifiers: IdentifierSource = .random) throws {
        let catalog = try catalogPath.map { try CatalogLoader.load(contentsOf: $0) } ?? CatalogLoader.bundled()
        self.init(catalog: catalog, stateDirectory: stateDirectory, persistence: persistence, now: now, identifiers: identifiers)
        if let catalogPath {
            pictureDirectory = URL(fileURLWithPath: catalogPath).deletingLastPathComponent().appendingPathComponent("images")
        }
    }

    /// A storefront over a catalog already in memory (tests, benchmarks, demos).
    public init(catalog: StoreCatalog, stateDirectory: URL? = nil, persistence: (any EmbeddedPersistence)? = nil,
                now: @escaping @Sendable () -> Date = { Date() }, identifiers: IdentifierSource = .random) {
        self.init(source: CatalogSource(catalog), stateDirectory: stateDirectory, persistence: persistence, now: now,
                  identifiers: identifiers)
    }

    /// A storefront ready at once over `index` (the catalog file's index, current): `read` reads
    /// the catalog on a thread of its own, from when the first page of collections is answered or
    /// anything needs the catalog, and until it has, the reads a first screen makes are answered
    /// from the index (see `answerFromIndex`) with the same stock laid over. Carts,
    /// orders, prices and every other read wait for the catalog, so there is one set of books.
    public init(index: CatalogIndex, loading read: @escaping @Sendable () throws -> StoreCatalog, stateDirectory: URL? = nil,
                persistence: (any EmbeddedPersistence)? = nil, now: @escaping @Sendable () -> Date = { Date() },
                identifiers: IdentifierSource = .random) {
        self.init(source: CatalogSource(index: index, read: read), stateDirectory: stateDirectory, persistence: persistence,
                  now: now, identifiers: identifiers)
    }

    private init(source: CatalogSource, stateDirectory: URL?, persistence: (any EmbeddedPersistence)?,
                 now: @escaping @Sendable () -> Date, identifiers: IdentifierSource) {
        self.source = source
        let directory = stateDirectory ?? Self.defaultStateDirectory()
        self.stateDirectory = directory
        self.now = now
        self.identifiers = identifiers
        let persistence = persistence ?? JSONStatePersistence(directory: directory)
        self.persistence = persistence
        let records = persistence.load(now: now())
        orderBook = EmbeddedState.Orders(nextOrderNumber: records.nextOrderNumber, orders: records.orders)
        session = EmbeddedState.Session(currentCartId: records.currentCartId)
        stock = StockLedger(orders: records.orders, unitsSold: records.unitsSold)
        var warnings = records.warnings
        if let problem = Self.unwritable(directory) {
            unsavedBecause = problem
            warnings.append(Self.inMemoryNotice(problem))
        }
        stateWarnings = warnings
        lookup = persistence.cartLookup
        orderFacts = OrderFacts(records.orders)
        carts = lookup == nil ? Self.keptCarts(records, ordered: orderFacts.cartTokens, now: now()) : [:]
        customerRecords = Dictionary(records.customers.map { ($0.customer.id, $0) }, uniquingKeysWith: { _, last in last })
        contracts = records.subscriptionContracts
    }

    /// Carts by token, without those untouched for far longer than they live; a cart an order
    /// names is completed even if the process stopped before it wrote the cart.
    private static func keptCarts(_ records: StoredRecords, ordered: Set<String>, now: Date) -> [String: StoredCart] {
        var kept: [String: StoredCart] = [:]
        for record in records.carts {
            if let cart = keptCart(record, ordered: ordered, now: now) { kept[cart.token] = cart }
        }
        return kept
    }

    /// A cart as read from the store: nil when untouched for far longer than it lives; completed
    /// when an order names it.
    private static func keptCart(_ record: CartRecord, ordered: Set<String>, now: Date) -> StoredCart? {
        guard now.timeIntervalSince(record.updatedAt) < retention else { return nil }
        var cart = record.cart
        if ordered.contains(cart.token) { cart.state = .completed }
        return cart
    }

    /// The cart kept under `token`: held in memory, else read from the store when it can find one.
    private func cart(token: String) throws -> StoredCart? {
        if let held = carts[token] { return held }
        guard let lookup, let record = try lookup.cart(token: token) else { return nil }
        return Self.keptCart(record, ordered: orderFacts.cartTokens, now: now())
    }

    /// Every cart kept, held or in the store.
    private func allCarts() throws -> [StoredCart] {
        guard let lookup else { return Array(carts.values) }
        var all: [String: StoredCart] = [:]
        for record in try lookup.allCarts() {
            if let cart = Self.keptCart(record, ordered: orderFacts.cartTokens, now: now()) { all[cart.token] = cart }
        }
        for (token, cart) in carts { all[token] = cart }
        return Array(all.values)
    }

    /// After `cart` was committed: held in memory only when the store cannot give it back (it
    /// cannot find one cart alone, or nothing is being written).
    private func hold(_ cart: StoredCart) {
        carts[cart.token] = lookup == nil || unsavedBecause != nil ? cart : nil
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

    public nonisolated func metafields(ownerId: String) async throws -> [Metafield] { catalog.metafields[ownerId] ?? [] }

    public nonisolated func collections(_ page: PageArguments, sortKey: CollectionSortKeys, productPreview: Int) async throws -> Page<Collection> {
        try Self.checkPreview(productPreview)
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

    /// `search(unavailableProducts: SHOW)`: in relevance order, whether or not a product can be bought.
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

    nonisolated func productPage(_ listing: some PagedListing, name: String, arguments: PageArguments) throws -> Page<Product> {
        try Paginator.page(listing, name: name, arguments: arguments, id: { catalog.products[$0].id }, node: { stock.current(catalog.products[$0]) })
    }

    // MARK: - Carts

    public func cart(id: String) async throws -> Cart? {
        catchUp()
        guard let stored = try openCart(id) else { return nil }
        return pricing.cart(from: stored)
    }

    public func checkoutCart(id: String) async throws -> Cart? {
        try await cart(id: id).map { catalog.markets.localize($0, BuyerContext(country: $0.buyerIdentity.countryCode)) }
    }

    public func cartCreate(_ input: CartInput) async throws -> CartPayload {
        let time = now()
        // A seeded source repeats its tokens in a state directory used before: never reuse one.
        // (The system's 150 random bits do not repeat; they are not looked up.)
        var token = identifiers.token()
        while identifiers.isSeeded, try cart(token: token) != nil { token = identifiers.token() }
        var cart = StoredCart(token: token, key: identifiers.key(), createdAt: time, updatedAt: time, lines: [],
                              buyerIdentity: BuyerIdentity(), discountCodes: [], note: nil,
                              attributes: [],
                              state: .open, nextLineNumber: 1)
        var identity = input.buyerIdentity
        if let requested = identity {
            switch try await resolveCustomer(requested) {
            case .success(let resolved): identity = resolved
            case .failure(let error): return CartPayload(cart: nil, userErrors: [error])
            }
        }
        // The rules' time is the new cart's: what they write of it is what is kept.
        let rules = self.rules(at: time)
        var warnings: [CartWarning] = []
        var steps: [(StoredCart) -> CartRules.Outcome] = []
        // The buyer's country first: it decides what the lines may hold.
        if let identity { steps.append { rules.setBuyerIdentity(identity, on: $0) } }
        if !input.attributes.isEmpty { steps.append { rules.setAttributes(input.attributes, on: $0) } }
        if !input.lines.isEmpty { steps.append { rules.addLines(input.lines, to: $0) } }
        if !input.discountCodes.isEmpty { steps.append { rules.setDiscountCodes(input.discountCodes, on: $0) } }
        if let note = input.note { steps.append { rules.setNote(note, on: $0) } }
        if !input.giftCardCodes.isEmpty { steps.append { rules.addGiftCardCodes(input.giftCardCodes, to: $0) } }
        if !input.deliveryAddresses.isEmpty { steps.append { rules.addDeliveryAddresses(input.deliveryAddresses, to: $0) } }
        if !input.metafields.isEmpty { steps.append { rules.setMetafields(input.metafields, on: $0) } }
        var last: CartRules.Outcome?
        for step in steps {
            let outcome = step(cart)
            // Nothing is created when any part of the input is wrong.
            if !outcome.userErrors.isEmpty { return CartPayload(cart: nil, userErrors: outcome.userErrors) }
            cart = outcome.cart
            warnings += outcome.warnings
            last = outcome
        }
        cart.updatedAt = time
        // The last step's JSON is kept when the cart is still what it wrote.
        try save(cart, encoded: last.flatMap { $0.cart == cart ? $0.encoded : nil })
        let priced = pricing.priced(cart)
        return CartPayload(cart: priced.cart, warnings: warnings + priced.discountWarnings + storageWarning(cartId: cart.id),
                           unitsAdded: Self.gained(by: input.lines, before: nil, after: cart))
    }

    public func cartLinesAdd(cartId: String, lines: [CartLineInput]) async throws -> CartPayload {
        var before: StoredCart?, after: StoredCart?
        var payload = try mutate(cartId) { rules, stored in
            let outcome = rules.addLines(lines, to: stored)
            (before, after) = (stored, outcome.cart)
            return outcome
        }
        // Counted against the cart as this call found it (after taking in other processes' changes)
        // and as it was kept, without reading it again.
        if payload.userErrors.isEmpty, let before, let after {
            payload.unitsAdded = Self.gained(by: lines, before: before, after: after)
        }
        return payload
    }

    /// Units of each merchandise `lines` asked for that `after` holds beyond `before`.
    private static func gained(by lines: [CartLineInput], before: StoredCart?, after: StoredCart) -> [String: Int] {
        func units(_ cart: StoredCart?) -> [String: Int] { CartPayload.units((cart?.lines ?? []).map { ($0.merchandiseId, $0.quantity) }) }
        return CartPayload.gained(before: units(before), after: units(after), requested: lines.map(\.merchandiseId))
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

    public func cartAttributesUpdate(cartId: String, attributes: [Attribute]) async throws -> CartPayload {
        try mutate(cartId) { $0.setAttributes(attributes, on: $1) }
    }

    public func cartDeliveryAddressesAdd(cartId: String, addresses: [CartSelectableAddressInput]) async throws -> CartPayload {
        try mutate(cartId) { $0.addDeliveryAddresses(addresses, to: $1) }
    }

    public func cartDeliveryAddressesUpdate(cartId: String, addresses: [CartSelectableAddressInput]) async throws -> CartPayload {
        try mutate(cartId) { $0.updateDeliveryAddresses(addresses, in: $1) }
    }

    public func cartDeliveryAddressesRemove(cartId: String, addressIds: [String]) async throws -> CartPayload {
        try mutate(cartId) { $0.removeDeliveryAddresses(addressIds, from: $1) }
    }

    public func cartDeliveryAddressesReplace(cartId: String, addresses: [CartSelectableAddressInput]) async throws -> CartPayload {
        try mutate(cartId) { $0.replaceDeliveryAddresses(addresses, on: $1) }
    }

    public func cartSelectedDeliveryOptionsUpdate(cartId: String, options: [CartSelectedDeliveryOptionInput]) async throws -> CartPayload {
        try mutate(cartId) { $0.selectDeliveryOptions(options, on: $1) }
    }

    public func cartGiftCardCodesAdd(cartId: String, giftCardCodes: [String]) async throws -> CartPayload {
        try mutate(cartId) { $0.addGiftCardCodes(giftCardCodes, to: $1) }
    }

    public func cartGiftCardCodesUpdate(cartId: String, giftCardCodes: [String]) async throws -> CartPayload {
        try mutate(cartId) { $0.setGiftCardCodes(giftCardCodes, on: $1) }
    }

    public func cartGiftCardCodesRemove(cartId: String, appliedGiftCardIds: [String]) async throws -> CartPayload {
        try mutate(cartId) { $0.removeGiftCards(appliedGiftCardIds, from: $1) }
    }

    public func cartMetafieldsSet(_ inputs: [CartMetafieldInput]) async throws -> CartMetafieldsSetPayload {
        guard inputs.count <= CartRules.maximumMetafieldsPerRequest else {
            return CartMetafieldsSetPayload(metafields: nil, userErrors: [MetafieldUserError(
                code: MetafieldUserError.lessThanOrEqualTo, field: ["metafields"],
                message: "At most \(CartRules.maximumMetafieldsPerRequest) metafields are set at once (\(inputs.count) given).")])
        }
        var errors: [MetafieldUserError] = []
        var byCart: [(token: String, inputs: [(index: Int, input: CartMetafieldInput)])] = []
        for (index, input) in inputs.enumerated() {
            guard let ownerId = input.ownerId, let cart = try openCart(ownerId) else {
                errors.append(MetafieldUserError(code: MetafieldUserError.invalidOwner, elementIndex: index, field: ["metafields", String(index), "ownerId"],
                                                 message: "No open cart has the id \(TextSanitizer.cleanLine(input.ownerId ?? ""))."))
                continue
            }
            if let group = byCart.firstIndex(where: { $0.token == cart.token }) {
                byCart[group].inputs.append((index, input))
            } else {
                byCart.append((cart.token, [(index, input)]))
            }
        }
        let rules = self.rules
        var changed: [StoredCart] = []
        var set: [(index: Int, metafield: CartMetafield)] = []
        for group in byCart {
            guard let stored = try cart(token: group.token) else { continue }
            let outcome = rules.setMetafields(group.inputs, on: stored, field: ["metafields"])
            errors += outcome.errors
            changed.append(outcome.cart)
            set += zip(group.inputs.map(\.index), outcome.set).map { ($0, $1) }
        }
        // As with cart input, a request with any refused metafield sets none of them.
        guard errors.isEmpty else {
            return CartMetafieldsSetPayload(metafields: nil, userErrors: errors.sorted { ($0.elementIndex ?? -1) < ($1.elementIndex ?? -1) })
        }
        try commit(RecordChange(carts: changed.map { CartRecord($0) }))
        for cart in changed { hold(cart) }
        return CartMetafieldsSetPayload(metafields: set.sorted { $0.index < $1.index }.map(\.metafield))
    }

    public func cartMetafieldDelete(ownerId: String, key: String) async throws -> CartMetafieldDeletePayload {
        guard let stored = try openCart(ownerId) else {
            return CartMetafieldDeletePayload(deletedId: nil, userErrors: [MetafieldUserError(
                code: MetafieldUserError.invalidOwner, field: ["input", "ownerId"],
                message: "No open cart has the id \(TextSanitizer.cleanLine(ownerId)).")])
        }
        let outcome = rules.deleteMetafield(key: key, from: stored)
        guard outcome.errors.isEmpty else { return CartMetafieldDeletePayload(deletedId: nil, userErrors: outcome.errors) }
        try save(outcome.cart)
        return CartMetafieldDeletePayload(deletedId: outcome.deletedId)
    }

    /// The cart the app was using, if it is still open.
    public func currentCartId() -> String? {
        catchUp()
        guard let id = session.currentCartId, (try? openCart(id)) != nil else { return nil }
        return id
    }

    /// Remembers (or forgets, with nil) the cart the app is using, across restarts.
    public func setCurrentCartId(_ id: String?) throws {
        try commit(RecordChange(currentCartId: .some(id)))
        session.currentCartId = id
    }

    /// Deletes every cart that carries a customer (logging out): a signed-in customer's cart must
    /// not outlive the session on a shared machine. Returns how many were deleted.
    @discardableResult
    public func removeAuthenticatedCarts() throws -> Int {
        let removed = try allCarts().filter { $0.buyerIdentity.customerAccessToken != nil || $0.buyerIdentity.customer != nil }
        guard !removed.isEmpty else { return 0 }
        let forgetsCurrent = session.currentCartId.map { current in removed.contains { $0.id == current } } ?? false
        try commit(RecordChange(removedCartTokens: removed.map(\.token), currentCartId: forgetsCurrent ? .some(nil) : nil))
        for cart in removed { carts[cart.token] = nil }
        // Logging out on a shared machine must not leave the carts on disk while saying they went.
        if let problem = unsavedBecause {
            throw StorefrontError.storage("\(problem): the signed-in carts are gone from this session but are still on disk")
        }
        if forgetsCurrent { session.currentCartId = nil }
        return removed.count
    }

    private func mutate(_ cartId: String, _ change: (CartRules, StoredCart) -> CartRules.Outcome) throws -> CartPayload {
        catchUp()
        guard let stored = try openCart(cartId) else {
            return CartPayload(cart: nil, userErrors: [CartUserError(code: .invalid, field: ["cartId"],
                                                                     message: "The specified cart does not exist.")])
        }
        let outcome = change(rules, stored)
        if outcome.cart != stored { try save(outcome.cart, encoded: outcome.encoded) }
        // Input that is refused changes nothing and, as in the Storefront API, answers no cart.
        guard outcome.userErrors.isEmpty else { return CartPayload(cart: nil, userErrors: outcome.userErrors) }
        // Every answer says which of the cart's codes do not apply, and why (a code can lapse when a line goes).
        let priced = pricing.priced(outcome.cart)
        return CartPayload(cart: priced.cart, userErrors: [],
                           warnings: outcome.warnings + priced.discountWarnings + storageWarning(cartId: cartId))
    }

    /// The cart mutations, with gift card balances as orders left them.
    private var rules: CartRules { rules(at: now()) }

    private func rules(at time: Date) -> CartRules {
        CartRules(catalog: catalog, stock: stock, now: time, giftCardsSpent: orderFacts.giftCardsSpent)
    }

    /// Prices carts; first-order codes look at the emails of the orders placed here.
    private var pricing: CartPricing {
        CartPricing(catalog: catalog, stock: stock, now: now(),
                    orderEmails: orderFacts.emails, giftCardsSpent: orderFacts.giftCardsSpent)
    }

    /// The stored cart behind an id, if it exists, the key matches and it is still open.
    private func openCart(_ id: String) throws -> StoredCart? {
        guard let stored = try storedCart(id) else { return nil }
        return state(of: stored) == .open ? stored : nil
    }

    private func storedCart(_ id: String) throws -> StoredCart? {
        guard let (token, key) = StoredCart.parse(id: id), let stored = try cart(token: token), stored.key == key else { return nil }
        return stored
    }

    private func state(of cart: StoredCart) -> CartCheckoutState {
        if cart.state != .open { return cart.state }
        return now().timeIntervalSince(cart.updatedAt) >= Self.cartLifetime ? .expired : .open
    }

    /// Keeps `cart` through the persistence, then in memory.
    /// `encoded`: the cart's JSON, when the rules wrote it already.
    private func save(_ cart: StoredCart, encoded: Data? = nil) throws {
        try commit(RecordChange(carts: [CartRecord(cart, encoded: encoded)]))
        hold(cart)
    }

    /// Writes a change through the persistence and takes in what other processes kept meanwhile.
    /// When nothing can be written, the storefront goes on in memory (said once) and the files
    /// are left as they were.
    @discardableResult
    func commit(_ change: RecordChange) throws -> Order? {
        guard unsavedBecause == nil else { return change.order }
        let outcome: CommitOutcome
        do {
            outcome = try persistence.commit(change)
        } catch let error as StorefrontError {
            guard case .storage(let problem) = error else { throw error }
            unsavedBecause = problem
            let notice = Self.inMemoryNotice(problem)
            pendingStorageWarning = notice
            storageProblemHandler?(notice)
            return change.order
        }
        if let refreshed = outcome.refreshed { takeIn(refreshed) }
        return outcome.order
    }

    func takePendingStorageWarning() -> String? {
        defer { pendingStorageWarning = nil }
        return pendingStorageWarning
    }

    /// Reads what another process on the same records changed since this one last looked, so a
    /// read answers the cart as it is now and a change starts from it (never from an older copy).
    func catchUp() {
        guard unsavedBecause == nil, let records = persistence.recordsChangedElsewhere(now: now()) else { return }
        takeIn(records)
        session.currentCartId = records.currentCartId
    }

    /// What other processes kept: their carts and orders join this storefront's.
    private func takeIn(_ records: StoredRecords) {
        orderFacts = OrderFacts(records.orders)
        carts = lookup == nil ? Self.keptCarts(records, ordered: orderFacts.cartTokens, now: now()) : [:]
        orderBook = EmbeddedState.Orders(nextOrderNumber: records.nextOrderNumber, orders: records.orders)
        stock.replace(orders: records.orders, unitsSold: records.unitsSold)
        for record in records.customers { customerRecords[record.customer.id] = record }
        contracts = records.subscriptionContracts
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
        catchUp()
        guard let stored = try storedCart(cartId) else {
            throw StorefrontError.invalidArgument("This store has no cart \(cartId).")
        }
        return state(of: stored)
    }

    /// Marks a cart completed or expired (or open again), as a checkout or a test needs.
    public func setCheckoutState(_ newState: CartCheckoutState, cartId: String) throws {
        guard var stored = try storedCart(cartId) else {
            throw StorefrontError.invalidArgument("This store has no cart \(cartId).")
        }
        stored.state = newState
        if newState == .open { stored.updatedAt = now() }
        try save(stored)
    }

    /// Keeps a customer known by a key (and their current cart).
    public func keep(_ record: CustomerRecord) throws {
        try commit(RecordChange(customers: [record]))
        customerRecords[record.customer.id] = record
    }

    /// Every customer known by a key, as kept.
    public func keptCustomers() -> [CustomerRecord] { customerRecords.values.sorted { $0.customer.id < $1.customer.id } }

    public func placeOrder(_ request: CheckoutCompletion) async throws -> Order {
        catchUp()
        if let existing = orderBook.orders.first(where: { $0.draft.checkoutSessionId == request.checkoutSessionId }) {
            return existing
        }
        guard var stored = try storedCart(request.cartId) else {
            throw OrderPlacementError.refused(code: OrderPlacementError.invalidCart, message: "This store has no cart \(request.cartId).")
        }
        switch state(of: stored) {
        case .completed: throw OrderPlacementError.refused(code: OrderPlacementError.cartCompleted, message: "Checkout already completed")
        case .expired: throw OrderPlacementError.refused(code: OrderPlacementError.cartExpired, message: "Checkout has expired.")
        case .open: break
        }
        guard !stored.lines.isEmpty else { throw OrderPlacementError.refused(code: OrderPlacementError.invalidCart, message: "Cart is empty") }
        // A subscription is the customer's: a guest cannot take one out, as in a real shop.
        if stored.lines.contains(where: { $0.sellingPlanId != nil }), stored.buyerIdentity.customer == nil {
            throw OrderPlacementError.refused(code: OrderPlacementError.accountRequired,
                                              message: "A subscription is bought with a customer account: sign in, then check out again.")
        }
        try checkStock(of: stored)
        let number = orderBook.nextOrderNumber
        let (draft, giftCards) = try OrderBuilder(pricing: pricing, shopCountry: catalog.shop.countryCode).order(of: stored, for: request)
        let placed = Order(id: String(number), name: "#\(number)", processedAt: now(), draft: draft,
                           customerId: stored.buyerIdentity.customer?.id, giftCardPayments: giftCards.isEmpty ? nil : giftCards)
        stored.state = .completed
        stored.updatedAt = now()
        let made = newContracts(for: placed)
        // The order, its stock, its subscriptions and the completed cart are kept together, or not at all.
        let order = try commit(RecordChange(carts: [CartRecord(stored)], order: placed, subscriptionContracts: made)) ?? placed
        hold(stored)
        if !orderBook.orders.contains(where: { $0.draft.checkoutSessionId == order.draft.checkoutSessionId }) {
            orderBook.orders.append(order)
            orderFacts.add(order)
            orderBook.nextOrderNumber = max(orderBook.nextOrderNumber, (Int(order.id) ?? number) + 1)
            stock.record(order)
            contracts += made
        }
        // The customer's account remembers the e-mail (and a name) they gave, for their next checkout.
        if let customerId = order.customerId {
            await customers?.customerCheckedOut(customerId: customerId, email: order.draft.email.flatMap { CartRules.looksLikeEmail($0) ? $0 : nil },
                                                shippingAddress: order.draft.shippingAddress)
        }
        return order
    }

    public func orders() async throws -> [Order] {
        catchUp()
        return orderBook.orders
    }

    /// The orders `customer`'s account lists (`Order.isListed(for:)`), newest first, as the ledger
    /// recorded them.
    public func orders(listedFor customer: Customer) async throws -> [CustomerOrder] {
        try await orders().filter { $0.isListed(for: customer) }.map(CustomerOrder.init).sorted { $0.processedAt > $1.processedAt }
    }

    /// An order cannot take more than is on the shelf, nor what the cart's country is not sold: the
    /// buyer hears which item.
    private func checkStock(of cart: StoredCart) throws {
        var wanted: [String: Int] = [:]
        for line in cart.lines { wanted[line.merchandiseId, default: 0] += line.quantity }
        for (id, quantity) in wanted.sorted(by: { $0.key < $1.key }) {
            guard let (product, listed) = catalog.variant(id: id) else { continue }
            let variant = stock.current(listed)
            let name = product.variants.count > 1 ? "\(product.title) (\(variant.title))" : product.title
            let market = catalog.markets.market(for: cart.buyerIdentity.countryCode)
            guard market.sells(product.handle) else {
                throw OrderPlacementError.refused(code: OrderPlacementError.invalidCart, message: "\(product.title) is not sold in \(market.name).")
            }
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
