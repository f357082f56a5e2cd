import Foundation
import Storefront

/// The customer's tokens on disk: `customer-token.json` in the state directory
/// (`$XDG_STATE_HOME/storefront`), created with mode 0600 (never wider, not even for a moment),
/// written atomically (temporary file, fsync, rename), deleted at logout.
public struct TokenStore: Sendable {
    public static let fileName = "customer-token.json"

    private let store: StateStore

    public init(directory: URL = EmbeddedStorefront.defaultStateDirectory()) {
        store = StateStore(directory: directory)
    }

    public var fileURL: URL { store.url(Self.fileName) }

    /// The saved session; nil when logged out. A file that cannot be read is moved aside and
    /// reported once (as `storage`), then the customer is logged out.
    public func load(now: Date = Date()) throws -> CustomerSession? {
        switch store.read(CustomerSession.self, from: Self.fileName, now: now) {
        case .missing: return nil
        case .loaded(let session): return session
        case .corrupt(let message, _): throw AccountError.storage("The token file \(message).")
        }
    }

    public func save(_ session: CustomerSession) throws {
        do {
            try store.write(session, to: Self.fileName)
        } catch {
            throw AccountError.storage("Could not save the login: \(error)")
        }
    }

    /// Deletes the tokens, and any unreadable token file an earlier load moved aside (it may still
    /// hold a token). Returns false when there were none.
    @discardableResult
    public func delete() throws -> Bool {
        let directory = store.directory
        let asides = (try? FileManager.default.contentsOfDirectory(atPath: directory.path))?
            .filter { $0.hasPrefix(Self.fileName + ".corrupt-") } ?? []
        do {
            for name in asides { try store.remove(name) }
            return try store.remove(Self.fileName) || !asides.isEmpty
        } catch {
            throw AccountError.storage("\(error)")
        }
    }
}
