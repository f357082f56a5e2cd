import Foundation
import StorefrontModels

/// The cart the app was filling on each Storefront API, kept across runs in
/// `remote-carts.json` in the state directory, so reopening the app over `--endpoint` or `--shop`
/// finds the same cart (as the embedded storefront does with its own session file).
///
/// Keyed by the endpoint URL: a cart id means nothing to another shop. A corrupt file is moved
/// aside (see `StateStore`) and the app starts with a new cart.
public actor RemoteCartIds {
    static let fileName = "remote-carts.json"

    private let store: StateStore
    private let endpoint: String
    private var ids: [String: String]?

    public init(directory: URL, endpoint: URL) {
        self.store = StateStore(directory: directory)
        self.endpoint = endpoint.absoluteString
    }

    /// The id saved for this endpoint, if any.
    public func current() -> String? { load()[endpoint] }

    /// Saves (or, with nil, forgets) this endpoint's cart id. Failing to save loses nothing but
    /// the memory of the cart, so it is not an error the buyer has to handle.
    public func set(_ id: String?) {
        var all = load()
        guard all[endpoint] != id else { return }
        all[endpoint] = id
        ids = all
        try? store.write(all, to: Self.fileName)
        if id == nil { forgetSeen() }
    }

    /// The cart of this endpoint as the storefront last confirmed it, for a start without network:
    /// shown as last seen until the storefront answers. Only the current cart's.
    public func lastSeen() -> Cart? {
        guard let id = current(), case .loaded(let seen) = store.read([String: Cart].self, from: Self.seenFileName, now: Date()),
              let cart = seen[endpoint], cart.id == id else { return nil }
        return cart
    }

    /// Keeps `cart` as last seen. Nothing of the buyer is kept: no token, customer, email or phone.
    public func remember(_ cart: Cart) {
        var kept = cart
        kept.buyerIdentity = BuyerIdentity(countryCode: cart.buyerIdentity.countryCode)
        var seen = readSeen()
        guard seen[endpoint] != kept else { return }
        seen[endpoint] = kept
        try? store.write(seen, to: Self.seenFileName)
    }

    static let seenFileName = "remote-carts-seen.json"

    private func forgetSeen() {
        var seen = readSeen()
        guard seen.removeValue(forKey: endpoint) != nil else { return }
        try? store.write(seen, to: Self.seenFileName)
    }

    private func readSeen() -> [String: Cart] {
        if case .loaded(let seen) = store.read([String: Cart].self, from: Self.seenFileName, now: Date()) { return seen }
        return [:]
    }

    private func load() -> [String: String] {
        if let ids { return ids }
        let loaded: [String: String]
        switch store.read([String: String].self, from: Self.fileName, now: Date()) {
        case .loaded(let value): loaded = value
        case .missing, .corrupt: loaded = [:]
        }
        ids = loaded
        return loaded
    }
}
