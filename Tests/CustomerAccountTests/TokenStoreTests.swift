import CustomerAccount
import Foundation
import Storefront
import Testing

struct TokenStoreTests {
    let directory = temporaryStateDirectory()
    var store: TokenStore { TokenStore(directory: directory) }

    private func mode(_ path: String) throws -> Int {
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        return (attributes[.posixPermissions] as? NSNumber)?.intValue ?? -1
    }

    @Test func theTokenFileIsReadableByItsOwnerOnly() throws {
        // A permissive umask must not widen the file: it is created 0600, not chmod-ed afterwards.
        let previous = umask(0)
        defer { umask(previous) }
        try store.save(makeSession(expiresAt: Date()))
        #expect(store.fileURL.lastPathComponent == "customer-token.json")
        #expect(try mode(store.fileURL.path) == 0o600)
        #expect(try mode(directory.path) == 0o700)
        // Written atomically: no temporary file left beside it.
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["customer-token.json"])
    }

    @Test func aSavedSessionReadsBackEqual() throws {
        let session = makeSession(expiresAt: Date(timeIntervalSince1970: 1_800_000_123.25))
        try store.save(session)
        #expect(try store.load() == session)
        try store.save(makeSession(access: "access-2", expiresAt: session.expiresAt))
        #expect(try store.load()?.accessToken.rawValue == "access-2")
        #expect(try mode(store.fileURL.path) == 0o600)
    }

    @Test func theDefaultPlaceIsTheStateDirectory() {
        let store = TokenStore(directory: EmbeddedStorefront.defaultStateDirectory(environment: ["XDG_STATE_HOME": "/tmp/xdg-state"]))
        #expect(store.fileURL.path == "/tmp/xdg-state/storefront/customer-token.json")
    }

    @Test func anUnreadableFileIsReportedOnceAndDeletedAtLogout() throws {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try Data("{not json".utf8).write(to: store.fileURL)
        #expect(throws: AccountError.self) { try store.load() }
        #expect(try store.load() == nil)
        #expect(try store.delete())
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
    }
}
