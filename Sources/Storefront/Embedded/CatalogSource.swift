import Dispatch
import Foundation
import Synchronization
import StorefrontCatalog
import StorefrontModels

/// The embedded shop's catalog: in memory from the start, or still being read from its file on a
/// thread of its own while the catalog's index on disk answers the reads it can (see
/// `EmbeddedStorefront.init(index:loading:)`).
///
/// Whatever needs the whole catalog waits for it: `loaded()` suspends, `catalog` blocks its thread
/// (the reading thread is never one of Swift's cooperative ones, so it always finishes). A catalog
/// that fails to read leaves an empty shop of the index's name and markets, and `loaded()` throws
/// the reason.
final class CatalogSource: Sendable {
    /// The index that answers reads until the catalog is read; nil when the catalog was given.
    let index: CatalogIndex?
    /// The catalog given at the start, so that a storefront made with one never takes a lock.
    private let given: StoreCatalog?
    private let state: Mutex<State>
    /// Left once the read ends, either way.
    private let finished = DispatchGroup()
    /// The index's collections, read once.
    private let collections = Mutex<[Collection]?>(nil)

    private enum State {
        case reading(waiting: [CheckedContinuation<StoreCatalog, any Error>])
        case read(StoreCatalog)
        case failed(any Error, fallback: StoreCatalog)
    }

    /// How long after the first screen's answer the catalog's reading waits, unless needed sooner.
    static let readingDelay = DispatchTimeInterval.milliseconds(150)

    /// How to read the catalog, and what stands in if that fails, until the reading starts.
    private let reader: Mutex<(read: @Sendable () throws -> StoreCatalog, fallback: StoreCatalog)?>

    init(_ catalog: StoreCatalog) {
        index = nil
        given = catalog
        state = Mutex(.read(catalog))
        reader = Mutex(nil)
    }

    /// A catalog to read with `read` on a thread of its own once `startReading` is called (or
    /// anything needs the catalog); `index` answers meanwhile.
    init(index: CatalogIndex, read: @escaping @Sendable () throws -> StoreCatalog) {
        self.index = index
        given = nil
        state = Mutex(.reading(waiting: []))
        reader = Mutex((read, .empty(shop: index.shop, markets: index.markets)))
        finished.enter()
    }

    /// Starts reading the catalog, unless it was given or the reading has started already: at
    /// once, or once `delay` has passed (the first screen is drawn in that time without the
    /// reading taking a core from it). A reading still waiting out its delay begins at once when
    /// something needs the catalog (`loaded()`, `catalog`, `startReading()`).
    func startReading(after delay: DispatchTimeInterval? = nil) {
        if let (read, fallback) = reader.withLock({ reader in defer { reader = nil }; return reader }) {
            OwnThread.start(name: "catalog-read") { [self] in
                if let delay { _ = hurry.wait(timeout: .now() + delay) }
                finish(Result { try read() }, fallback: fallback)
            }
        }
        if delay == nil { hurry.signal() }
    }

    /// Wakes a reading thread that waits out its delay.
    private let hurry = DispatchSemaphore(value: 0)

    private func finish(_ result: Result<StoreCatalog, any Error>, fallback: StoreCatalog) {
        let waiting = state.withLock { state -> [CheckedContinuation<StoreCatalog, any Error>] in
            guard case .reading(let waiting) = state else { return [] }
            switch result {
            case .success(let catalog): state = .read(catalog)
            case .failure(let error): state = .failed(error, fallback: fallback)
            }
            return waiting
        }
        finished.leave()
        for continuation in waiting { continuation.resume(with: result) }
    }

    /// Whether the catalog's reading has been started (by `startReading` or by something that
    /// needed the catalog); always true for a catalog given at the start.
    var readingStarted: Bool { reader.withLock { $0 == nil } }

    /// Whether the catalog is still being read (the index answers what it can meanwhile).
    var isReading: Bool {
        guard given == nil else { return false }
        return state.withLock { state in
            if case .reading = state { true } else { false }
        }
    }

    /// The catalog, once read; throws what its reading threw.
    func loaded() async throws -> StoreCatalog {
        if let given { return given }
        startReading()
        return try await withCheckedThrowingContinuation { continuation in
            let now: Result<StoreCatalog, any Error>? = state.withLock { state in
                switch state {
                case .reading(var waiting):
                    waiting.append(continuation)
                    state = .reading(waiting: waiting)
                    return nil
                case .read(let catalog): return .success(catalog)
                case .failed(let error, _): return .failure(error)
                }
            }
            if let now { continuation.resume(with: now) }
        }
    }

    /// The catalog, waiting on this thread until it is read (an empty shop if that failed).
    var catalog: StoreCatalog {
        if let given { return given }
        startReading()
        while true {
            let current: StoreCatalog? = state.withLock { state in
                switch state {
                case .reading: nil
                case .read(let catalog): catalog
                case .failed(_, let fallback): fallback
                }
            }
            if let current { return current }
            finished.wait()
        }
    }

    /// The index's collections in the catalog's order, read from it the first time.
    func indexedCollections() throws -> [Collection] {
        if let known = collections.withLock({ $0 }) { return known }
        guard let index else { return catalog.collections }
        let read = try index.collectionList()
        collections.withLock { $0 = read }
        return read
    }
}
