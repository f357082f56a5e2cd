import Foundation
import Storefront

/// Who an agent acts for: a guest, or the customer whose Customer Account access token it holds
/// (the same token the app carries on a cart once that customer logs in).
public struct AgentCaller: Sendable {
    public var accessToken: String?
    public var customer: Customer?

    public init(accessToken: String? = nil, customer: Customer? = nil) {
        self.accessToken = accessToken; self.customer = customer
    }

    public static let guest = AgentCaller()
}

/// Where a customer's current cart is kept, so the agent and the app find the same one: the
/// account server's pointer in `serve`, the state directory's current cart in the embedded shop.
public struct CustomerCarts: Sendable {
    public var current: @Sendable (AgentCaller) async -> String?
    public var set: @Sendable (AgentCaller, String) async -> Void

    public init(current: @escaping @Sendable (AgentCaller) async -> String?,
                set: @escaping @Sendable (AgentCaller, String) async -> Void) {
        self.current = current; self.set = set
    }
}

/// The shop as an agent reaches it: the same storefront client and checkout backend the app uses.
/// Every price, total and order comes from the shop; an agent names variants, quantities, the
/// buyer, the address, the delivery option and a payment token, never an amount.
public struct AgentShop: Sendable {
    public let storefront: any StorefrontClient
    public let checkout: any CheckoutBackend
    public let customerCarts: CustomerCarts?
    let keys: IdempotencyKeys
    /// What a checkout holds that the shop's client cannot keep on the cart (a Storefront API
    /// client without the delivery-address mutations): kept here, for this process's life.
    let notes: CheckoutNotes

    public init(storefront: any StorefrontClient, checkout: any CheckoutBackend, customerCarts: CustomerCarts? = nil) {
        self.storefront = storefront; self.checkout = checkout; self.customerCarts = customerCarts
        self.keys = IdempotencyKeys()
        self.notes = CheckoutNotes()
    }

    // MARK: Catalog

    /// Products matching a query: the Shopify search syntax, and for a question in words that
    /// matches nothing as a whole, any of its words.
    func search(query: String, country: String?, limit: Int, after: String?) async throws -> Page<Product> {
        let store = country.map { storefront.inContext(BuyerContext(country: $0.uppercased())) } ?? storefront
        let page = PageArguments(first: limit, after: after)
        let found = try await store.search(query: query, page: page)
        let words = query.split(whereSeparator: { $0.isWhitespace || $0.isPunctuation }).map(String.init)
            .filter { $0.count > 2 && !["and", "the", "for", "with", "or", "not"].contains($0.lowercased()) }
        guard found.edges.isEmpty, after == nil, words.count > 1 else { return found }
        return try await store.search(query: words.joined(separator: " OR "), page: page)
    }

    /// A product by its id (`gid://shopify/Product/…`) or its handle.
    func product(_ idOrHandle: String, country: String?) async throws(ToolFailure) -> Product {
        let store = country.map { storefront.inContext(BuyerContext(country: $0.uppercased())) } ?? storefront
        let found: Product?
        do {
            found = idOrHandle.hasPrefix("gid://") ? try await store.product(id: idOrHandle) : try await store.product(handle: idOrHandle)
        } catch { throw Self.failure(error) }
        guard let found else { throw ToolFailure("not_found", "The shop has no product \(Self.quoted(idOrHandle)).") }
        return found
    }

    /// The variant of `product` an agent asked for: by id, by its options, else the first available.
    static func variant(of product: Product, id: String? = nil, options: [String: String]? = nil) throws(ToolFailure) -> ProductVariant {
        if let id {
            guard let variant = product.variants.first(where: { $0.id == id }) else {
                throw ToolFailure("not_found", "\(product.title) has no variant \(quoted(id)).")
            }
            return variant
        }
        if let options, !options.isEmpty {
            let wanted = Dictionary(options.map { ($0.key.lowercased(), $0.value.lowercased()) }, uniquingKeysWith: { a, _ in a })
            let matching = product.variants.first { variant in
                wanted.allSatisfy { key, value in
                    variant.selectedOptions.contains { $0.name.lowercased() == key && $0.value.lowercased() == value }
                }
            }
            guard let matching else {
                let offered = product.options.map { "\($0.name): \($0.optionValues.map(\.name).joined(separator: ", "))" }
                throw ToolFailure("not_found", "No variant of \(product.title) has those options (\(offered.joined(separator: "; "))).")
            }
            return matching
        }
        guard let first = product.variants.first(where: \.availableForSale) ?? product.variants.first else {
            throw ToolFailure("not_found", "\(product.title) has no variants.")
        }
        return first
    }

    /// The shop's policies whose title or text holds a word of the question, else all of them.
    func policies(matching query: String) async throws -> (Shop, [ShopPolicy]) {
        let shop = try await storefront.shop()
        let asked: Set<String> = ["what", "your", "you", "the", "and", "can", "does", "how", "policy", "policies", "shop", "store"]
        let words = query.lowercased().split(whereSeparator: { !$0.isLetter && !$0.isNumber }).map(String.init)
            .filter { $0.count > 2 && !asked.contains($0) }
        let matching = shop.policies.filter { policy in
            let text = (policy.title + " " + policy.text).lowercased()
            return words.contains { text.contains($0) }
        }
        return (shop, matching.isEmpty ? shop.policies : matching)
    }

    // MARK: Carts

    /// The cart named, when the caller may use it: a cart of a customer is that customer's alone.
    func cart(_ id: String) async throws(ToolFailure) -> Cart {
        let found: Cart?
        do { found = try await storefront.cart(id: id) } catch { throw Self.failure(error) }
        guard let found else {
            throw ToolFailure("not_found", "The shop has no open cart \(Self.quoted(id)): it does not exist, has expired or was checked out.")
        }
        try checkOwner(found)
        return found
    }

    func checkOwner(_ cart: Cart) throws(ToolFailure) {
        guard let owner = cart.buyerIdentity.customer?.id else { return }
        guard owner == caller.customer?.id else {
            throw ToolFailure("forbidden", "This cart belongs to another customer; act with that customer's access token.")
        }
    }

    /// The caller's current cart, where the shop remembers it for them (the customer's account,
    /// or the terminal's state directory for `storefront mcp`).
    func currentCartId() async -> String? {
        await customerCarts?.current(caller)
    }

    /// Creates a cart for the caller (carrying the customer's token) with these lines and buyer.
    func createCart(lines: [CartLineInput], buyer: BuyerIdentity?, note: String?, discountCodes: [String]) async throws(ToolFailure) -> CartPayload {
        var identity = buyer ?? BuyerIdentity()
        if let token = caller.accessToken { identity.customerAccessToken = token }
        let input = CartInput(lines: lines, buyerIdentity: identity.isEmpty ? nil : identity, discountCodes: discountCodes, note: note)
        let payload: CartPayload
        do { payload = try await storefront.cartCreate(input) } catch { throw Self.failure(error) }
        try Self.check(payload)
        if let id = payload.cart?.id { await customerCarts?.set(caller, id) }
        return payload
    }

    /// Runs a mutation on a cart the caller may use, and refuses what the shop refused.
    func mutate(_ id: String, _ change: (any StorefrontClient) async throws -> CartPayload) async throws(ToolFailure) -> CartPayload {
        _ = try await cart(id)
        let payload: CartPayload
        do { payload = try await change(storefront) } catch { throw Self.failure(error) }
        try Self.check(payload)
        return payload
    }

    static func check(_ payload: CartPayload) throws(ToolFailure) {
        if let error = payload.userErrors.first {
            throw ToolFailure(error.code?.rawValue.lowercased() ?? "invalid_input", error.message)
        }
        guard payload.cart != nil else { throw ToolFailure("invalid_input", "The shop returned no cart.") }
    }

    // MARK: Orders

    /// The order the shop recorded for a cart, if it was checked out.
    func order(ofCart cartId: String) async throws -> Order? {
        try await checkout.orders().last { $0.draft.cartId == cartId }
    }

    /// An order the caller may read: a customer's own orders by number or checkout, a guest's only
    /// by the checkout (cart) id that placed it.
    func order(_ id: String) async throws(ToolFailure) -> Order {
        let orders: [Order]
        do { orders = try await checkout.orders() } catch { throw Self.failure(error) }
        let byCheckout = orders.last { $0.draft.cartId == id }
        let byNumber = orders.last { $0.id == id || $0.name == id }
        if let order = byCheckout, order.customerId == nil || order.customerId == caller.customer?.id { return order }
        if let order = byNumber, let owner = order.customerId, owner == caller.customer?.id { return order }
        throw ToolFailure("not_found", "No order \(Self.quoted(id)) of yours: a guest reads an order by its checkout id.")
    }

    // MARK: Errors

    /// Any failure of the shop, as the agent should read it.
    static func failure(_ error: any Error) -> ToolFailure {
        switch error {
        case let failure as ToolFailure: return failure
        case let refused as OrderPlacementError:
            switch refused {
            case .refused(let code, let message): return ToolFailure(code, message)
            case .webCheckoutRequired(let url): return ToolFailure("requires_escalation", "This shop takes payment only in its web checkout: \(url)")
            }
        case let storefront as StorefrontError:
            switch storefront {
            case .invalidArgument(let message) where message.hasPrefix("this storefront does not take"):
                return ToolFailure(ToolFailure.notTaken, message)
            case .invalidSearch, .invalidArgument, .invalidCursor: return ToolFailure("invalid_input", storefront.description)
            default: return ToolFailure("unavailable", "The shop could not answer: \(storefront.description)")
            }
        default: return ToolFailure("unavailable", "The shop could not answer: \(error)")
        }
    }

    /// A value of the agent's, short and on one line, for a message.
    static func quoted(_ text: String) -> String {
        "\"\(TextSanitizer.cleanLine(String(text.prefix(80))))\""
    }

    /// The caller of the current tool call (set by `AgentTools` for the call's duration).
    var caller: AgentCaller { AgentCallContext.caller ?? .guest }
}

/// The caller of the tool call running on this task.
enum AgentCallContext {
    @TaskLocal static var caller: AgentCaller?
}

extension BuyerIdentity {
    var isEmpty: Bool { email == nil && phone == nil && countryCode == nil && customerAccessToken == nil }

    /// This identity with what `change` gives (the rest kept), carrying the caller's token; the
    /// customer is the shop's to resolve again.
    func merged(with change: BuyerIdentity, token: String?) -> BuyerIdentity {
        var identity = self
        identity.customer = nil
        if let email = change.email { identity.email = email }
        if let phone = change.phone { identity.phone = phone }
        if let country = change.countryCode { identity.countryCode = country }
        if let token { identity.customerAccessToken = token }
        return identity
    }
}

/// Which checkout each idempotency key completed: a key replayed for its checkout gets the same
/// order; a key reused for another checkout is refused. The most recent keys are kept.
actor IdempotencyKeys {
    static let capacity = 10_000
    private var checkoutByKey: [String: String] = [:]
    private var order: [String] = []

    /// Binds `key` to `checkout`, or throws when it is bound to another one.
    func claim(_ key: String, for checkout: String) throws(ToolFailure) {
        if let bound = checkoutByKey[key] {
            guard bound == checkout else {
                throw ToolFailure("idempotency_conflict", "This idempotency key completed another checkout; use a new key.")
            }
            return
        }
        checkoutByKey[key] = checkout
        order.append(key)
        if order.count > Self.capacity {
            checkoutByKey[order.removeFirst()] = nil
        }
    }
}

/// A checkout's address, delivery option and cancellation where the cart cannot hold them.
actor CheckoutNotes {
    static let capacity = 10_000
    private(set) var addresses: [String: MailingAddress] = [:]
    private(set) var options: [String: String] = [:]
    private(set) var canceled: Set<String> = []
    private var order: [String] = []

    func setAddress(_ address: MailingAddress, for id: String) { remember(id); addresses[id] = address }
    func setOption(_ handle: String, for id: String) { remember(id); options[id] = handle }
    func cancel(_ id: String) { remember(id); canceled.insert(id) }

    private func remember(_ id: String) {
        guard !order.contains(id) else { return }
        order.append(id)
        if order.count > Self.capacity {
            let oldest = order.removeFirst()
            addresses[oldest] = nil; options[oldest] = nil; canceled.remove(oldest)
        }
    }
}
