import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
import StorefrontModels
#endif

/// The app's records as JSON files in its state directory (`carts.json`, `orders.json`,
/// `session.json`, `customers.json`), each written atomically by `StateStore`.
///
/// Several processes may share the directory (SSH sessions, two terminals): every change is made
/// under `StateLock`, on the files as they are at that moment, re-read, so one process's carts and
/// orders never overwrite another's. Orders are written before the carts they complete, so a
/// crash between the two leaves an order whose cart reads as completed (`EmbeddedStorefront`
/// reconciles them when it opens).
public struct JSONStatePersistence: EmbeddedPersistence {
    public let store: StateStore
    /// The record files as this process last read or wrote them.
    private let seen = FileStamps()

    public init(directory: URL) { store = StateStore(directory: directory) }

    /// The files again when another process wrote any of them since (a new file is renamed over
    /// the old one, so its inode, size or time differs).
    public func recordsChangedElsewhere(now: Date) -> StoredRecords? {
        guard seen.current(store) != seen.recorded else { return nil }
        return load(now: now)
    }

    public var location: String { store.directory.path }

    public func load(now: Date) -> StoredRecords {
        removeLeftovers()
        // Taken before reading: a write that lands meanwhile is read again next time.
        seen.record(seen.current(store))
        var warnings: [String] = []
        func read<Value: Decodable>(_ type: Value.Type, _ name: String) -> Value? {
            switch store.read(type, from: name, now: now) {
            case .missing: return nil
            case .loaded(let value): return value
            case .corrupt(let message, _):
                warnings.append(message)
                return nil
            }
        }
        let carts = try? readCarts(now: now, locked: false, warnings: &warnings)
        let orders = try? readOrders(now: now, locked: false, warnings: &warnings)
        let session = read(EmbeddedState.Session.self, EmbeddedState.sessionFile)
        let customers = try? readCustomers(now: now, locked: false, warnings: &warnings)
        let subscriptions = try? readSubscriptions(now: now, locked: false, warnings: &warnings)
        return StoredRecords(carts: (carts?.carts ?? []).map { CartRecord($0) }, orders: orders?.orders ?? [],
                             nextOrderNumber: orders?.nextOrderNumber ?? EmbeddedState.firstOrderNumber,
                             currentCartId: session?.currentCartId, customers: customers?.customers ?? [],
                             subscriptionContracts: subscriptions?.contracts ?? [], warnings: warnings)
    }

    public func commit(_ change: RecordChange) throws -> CommitOutcome {
        try store.ensureDirectory()
        let lock = try StateLock(directory: store.directory)
        defer { withExtendedLifetime(lock) {} }

        // Rows found bad now were reported when they were set aside; this change goes on.
        var ignored: [String] = []
        var orders = try readOrders(now: Date(), locked: true, warnings: &ignored)
            ?? EmbeddedState.Orders(nextOrderNumber: EmbeddedState.firstOrderNumber, orders: [])
        var kept: Order?
        var placedNow = false
        if let order = change.order {
            if let earlier = orders.orders.first(where: { $0.draft.checkoutSessionId == order.draft.checkoutSessionId }) {
                kept = earlier
            } else {
                let numbered = order.numbered(orders.nextOrderNumber)
                orders.orders.append(numbered)
                orders.nextOrderNumber += 1
                // The order's contracts first: an order is never kept without them.
                placedNow = true
                try writeSubscriptions(change.contractsToKeep(orderPlacedNow: true))
                try store.write(orders, to: EmbeddedState.ordersFile)
                kept = numbered
            }
        }
        if !placedNow { try writeSubscriptions(change.contractsToKeep(orderPlacedNow: false)) }
        let subscriptions = try readSubscriptions(now: Date(), locked: true, warnings: &ignored)

        var carts = try readCarts(now: Date(), locked: true, warnings: &ignored) ?? EmbeddedState.Carts(carts: [])
        if !change.carts.isEmpty || !change.removedCartTokens.isEmpty {
            var byToken = Dictionary(carts.carts.map { ($0.token, $0) }, uniquingKeysWith: { _, last in last })
            for record in change.carts { byToken[record.token] = record.cart }
            for token in change.removedCartTokens { byToken[token] = nil }
            carts.carts = byToken.values.sorted { ($0.createdAt, $0.token) < ($1.createdAt, $1.token) }
            try store.write(carts, to: EmbeddedState.cartsFile)
        }

        var session = try current(EmbeddedState.Session.self, EmbeddedState.sessionFile) ?? EmbeddedState.Session()
        if let id = change.currentCartId {
            session.currentCartId = id
            try store.write(session, to: EmbeddedState.sessionFile)
        }

        var customers = try readCustomers(now: Date(), locked: true, warnings: &ignored) ?? EmbeddedState.Customers(customers: [])
        if !change.customers.isEmpty {
            var byId = Dictionary(customers.customers.map { ($0.customer.id, $0) }, uniquingKeysWith: { _, last in last })
            for record in change.customers { byId[record.customer.id] = record }
            customers.customers = byId.values.sorted { $0.customer.id < $1.customer.id }
            try store.write(customers, to: EmbeddedState.customersFile)
        }
        seen.record(seen.current(store))
        return CommitOutcome(order: kept, refreshed: StoredRecords(
            carts: carts.carts.map { CartRecord($0) }, orders: orders.orders, nextOrderNumber: orders.nextOrderNumber,
            currentCartId: session.currentCartId, customers: customers.customers,
            subscriptionContracts: subscriptions?.contracts ?? []))
    }

    /// Adds or replaces contracts by id in `subscriptions.json` (under the lock).
    private func writeSubscriptions(_ contracts: [SubscriptionContract]) throws {
        guard !contracts.isEmpty else { return }
        var ignored: [String] = []
        var file = try readSubscriptions(now: Date(), locked: true, warnings: &ignored) ?? EmbeddedState.Subscriptions(contracts: [])
        for contract in contracts {
            if let index = file.contracts.firstIndex(where: { $0.id == contract.id }) { file.contracts[index] = contract }
            else { file.contracts.append(contract) }
        }
        try store.write(file, to: EmbeddedState.subscriptionsFile)
    }

    /// Temporary files of writers that were killed mid-write (`.NAME.tmp-PID-N` of a process that
    /// is gone, a minute old or more): never read, so only in the way.
    private func removeLeftovers() {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: store.directory.path) else { return }
        for name in names where name.hasPrefix(".") && name.contains(".tmp-") {
            let file = store.directory.appendingPathComponent(name)
            let parts = name.split(separator: "-")
            guard parts.count >= 3, let pid = Int32(parts[parts.count - 2]), pid != getpid(),
                  kill(pid, 0) != 0, errno == ESRCH,
                  let modified = (try? FileManager.default.attributesOfItem(atPath: file.path))?[.modificationDate] as? Date,
                  Date().timeIntervalSince(modified) > 60 else { continue }
            try? FileManager.default.removeItem(at: file)
        }
    }

    /// A file as it is now, under the lock. One that cannot be read is set aside (the part starts
    /// empty); one that cannot even be set aside stops the change, so it is never written over.
    private func current<Value: Decodable>(_ type: Value.Type, _ name: String) throws -> Value? {
        switch store.read(type, from: name, now: Date()) {
        case .missing: return nil
        case .loaded(let value): return value
        case .corrupt(_, movedAside: true): return nil
        case .corrupt(let message, movedAside: false): throw StorefrontError.storage(message)
        }
    }
}

/// Each record file's inode, size and modification time, as last seen by this process.
final class FileStamps: Sendable {
    struct Stamp: Hashable, Sendable {
        var inode: UInt64
        var size: Int64
        var seconds: Int
        var nanoseconds: Int
    }

    private let stamps = Mutex<[String: Stamp]>([:])

    var recorded: [String: Stamp] { stamps.withLock { $0 } }

    func record(_ current: [String: Stamp]) { stamps.withLock { $0 = current } }

    func current(_ store: StateStore) -> [String: Stamp] {
        var found: [String: Stamp] = [:]
        for name in [EmbeddedState.cartsFile, EmbeddedState.ordersFile, EmbeddedState.sessionFile, EmbeddedState.customersFile,
                     EmbeddedState.subscriptionsFile] {
            var info = stat()
            guard stat(store.url(name).path, &info) == 0 else { continue }
            found[name] = Stamp(inode: UInt64(info.st_ino), size: Int64(info.st_size),
                                seconds: Int(info.st_mtim.tv_sec), nanoseconds: Int(info.st_mtim.tv_nsec))
        }
        return found
    }
}
