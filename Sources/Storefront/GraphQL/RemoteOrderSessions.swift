import Foundation

/// The checkout sessions this terminal paid on each Storefront API that takes orders from the
/// terminal (`storefront serve`), kept in `remote-orders.json` in the state directory by endpoint
/// URL, so a guest's orders are found in the shop's ledger after a restart. Only the newest
/// `limit` are kept: the ledger is asked for them in one request.
public actor RemoteOrderSessions {
    static let fileName = "remote-orders.json"
    public static let limit = 100

    private let store: StateStore
    private let endpoint: String

    public init(directory: URL, endpoint: URL) {
        self.store = StateStore(directory: directory)
        self.endpoint = endpoint.absoluteString
    }

    /// The sessions paid here, oldest first.
    public func all() -> [String] { load()[endpoint] ?? [] }

    /// Remembers a paid session. Failing to save costs only the memory of a guest's order here;
    /// the order itself is in the shop's ledger.
    public func add(_ session: String) {
        var every = load()
        var sessions = every[endpoint] ?? []
        guard !sessions.contains(session) else { return }
        sessions.append(session)
        every[endpoint] = Array(sessions.suffix(Self.limit))
        try? store.write(every, to: Self.fileName)
    }

    private func load() -> [String: [String]] {
        guard case .loaded(let value) = store.read([String: [String]].self, from: Self.fileName, now: Date()) else { return [:] }
        return value
    }
}
