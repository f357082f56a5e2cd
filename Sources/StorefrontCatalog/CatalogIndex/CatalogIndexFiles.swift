import Crypto
import Dispatch
import Foundation
import Synchronization
import StorefrontModels

/// Where catalog indexes live and when one is used: `<cache>/catalog-index/catalog-<digest of the
/// catalog's path>.sqlite` (the cache is `$XDG_CACHE_HOME/storefront`). An index is used only while
/// the catalog file has the device, inode, size, mtime and ctime it had when the index was built, and
/// only when the index file is whole; otherwise the catalog is read as before and a new index is
/// written beside the old one and renamed over it, so a reader never sees half a file and two
/// processes building at once each rename a complete one.
public enum CatalogIndexFiles {
    /// `STOREFRONT_CATALOG_INDEX=off` reads the catalog file every time, as before there was an index.
    public static let variable = "STOREFRONT_CATALOG_INDEX"

    public static func isEnabled(environment: [String: String] = ProcessInfo.processInfo.environment) -> Bool {
        !["off", "0", "no", "false"].contains(environment[variable]?.lowercased() ?? "")
    }

    public static func directory(cache: URL) -> URL { cache.appendingPathComponent("catalog-index", isDirectory: true) }

    /// The catalog file a path names (the bundled catalog for nil), made absolute.
    public static func catalogFile(_ path: String?) -> String? {
        guard let path else { return CatalogLoader.bundledPath }
        let absolute = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        return URL(fileURLWithPath: absolute).standardizedFileURL.path
    }

    /// The index file of the catalog file at `catalogPath` (absolute).
    public static func indexFile(for catalogPath: String, cache: URL) -> URL {
        let digest = SHA256.hash(data: Data(catalogPath.utf8)).prefix(12).map { String(format: "%02x", $0) }.joined()
        return directory(cache: cache).appendingPathComponent("catalog-\(digest).sqlite")
    }

    /// The index of the catalog file at `catalogPath` (nil: the bundled one) when there is one that
    /// is whole and still that file's; nil otherwise.
    public static func open(catalogPath: String?, cache: URL) -> CatalogIndex? {
        guard let file = catalogFile(catalogPath), let stamp = CatalogStamp(path: file) else { return nil }
        // One opened ahead (`startOpening`) is used while the file is still the one it was opened for.
        if let ahead = Opening.take(Opening.key(catalogPath, cache)), ahead.stamp == stamp { return ahead.index }
        return CatalogIndex.open(path: indexFile(for: file, cache: cache).path, stamp: stamp)
    }

    /// Starts opening the index of the catalog file at `catalogPath` (nil: the bundled one) on a
    /// thread of its own, for the `open` of the same catalog that is to come: a command that knows
    /// which catalog it will read opens it while it does other work (the app, while its command
    /// line is parsed). That `open` waits for it, and checks the catalog file again.
    public static func startOpening(catalogPath: String?, cache: URL) {
        let opening = Opening()
        let key = Opening.key(catalogPath, cache)
        guard Opening.pending.withLock({ pending in
            guard pending[key] == nil else { return false }
            pending[key] = opening
            return true
        }) else { return }
        OwnThread.start(name: "index-open") {
            guard let file = catalogFile(catalogPath), let stamp = CatalogStamp(path: file) else { return opening.finish(nil) }
            opening.finish(CatalogIndex.open(path: indexFile(for: file, cache: cache).path, stamp: stamp).map { ($0, stamp) })
        }
    }

    /// An index being opened ahead by `startOpening`, until an `open` of the same catalog takes it.
    final class Opening: Sendable {
        /// By catalog and cache (`key`).
        static let pending = Mutex<[String: Opening]>([:])
        static func key(_ catalogPath: String?, _ cache: URL) -> String { cache.path + "\n" + (catalogPath ?? "") }

        private let result = Mutex<(index: CatalogIndex, stamp: CatalogStamp)?>(nil)
        private let done = DispatchSemaphore(value: 0)

        /// The index opened and the catalog file's stamp it was opened for; nil when none opened.
        func finish(_ opened: (CatalogIndex, CatalogStamp)?) {
            result.withLock { $0 = opened }
            done.signal()
        }

        /// What was opened ahead under `key`, once it is done; taken once.
        static func take(_ key: String) -> (index: CatalogIndex, stamp: CatalogStamp)? {
            guard let opening = pending.withLock({ $0.removeValue(forKey: key) }) else { return nil }
            opening.done.wait()
            return opening.result.withLock { $0 }
        }
    }

    /// Reads the catalog file as `CatalogLoader` does (its errors are its own), then writes its index
    /// for the next command when the file did not change while it was read. The catalog is
    /// returned whether or not the index could be written (a full disk, a read-only cache).
    public static func loadAndIndex(catalogPath: String?, cache: URL) throws -> (catalog: StoreCatalog, index: CatalogIndex?) {
        let (catalog, stamp) = try load(catalogPath: catalogPath)
        return (catalog, stamp.flatMap { writeIndex(of: catalog, stamp: $0, cache: cache) })
    }

    /// Reads the catalog file as `CatalogLoader` does (its errors are its own), with the stamp to
    /// index it under: nil when the file changed while it was read (or cannot be stat'ed).
    public static func load(catalogPath: String?) throws -> (catalog: StoreCatalog, stamp: CatalogStamp?) {
        let file = catalogFile(catalogPath)
        let before = file.flatMap { CatalogStamp(path: $0) }
        let catalog = try catalogPath.map { try CatalogLoader.load(contentsOf: $0) } ?? CatalogLoader.bundled()
        guard let file, let before, CatalogStamp(path: file) == before else { return (catalog, nil) }
        return (catalog, before)
    }

    /// Writes the index of `catalog`, read from the file `stamp` describes; nil when it could not be
    /// written (the catalog is still good to use).
    public static func writeIndex(of catalog: StoreCatalog, stamp: CatalogStamp, cache: URL) -> CatalogIndex? {
        try? build(catalog, stamp: stamp, cache: cache)
    }

    /// Writes the index of `catalog` (read from the file `stamp` describes) to a temporary file in
    /// the index directory, syncs it and renames it into place.
    static func build(_ catalog: StoreCatalog, stamp: CatalogStamp, cache: URL) throws -> CatalogIndex {
        let final = indexFile(for: stamp.path, cache: cache)
        try FileManager.default.createDirectory(at: final.deletingLastPathComponent(), withIntermediateDirectories: true)
        removeAbandoned(beside: final)
        let temporary = final.path + ".tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        defer { unlink(temporary) }
        try CatalogIndex.write(catalog, stamp: stamp, to: temporary)
        let descriptor = Glibc.open(temporary, O_RDONLY)
        guard descriptor >= 0 else { throw StorefrontError.storage("Could not reopen \(temporary)") }
        let synced = fsync(descriptor)
        close(descriptor)
        guard synced == 0, rename(temporary, final.path) == 0 else {
            throw StorefrontError.storage("Could not put the catalog index in place at \(final.path)")
        }
        guard let index = CatalogIndex.open(path: final.path, stamp: stamp) else {
            throw StorefrontError.storage("The catalog index at \(final.path) did not open after it was written")
        }
        removeOrphans(beside: final)
        return index
    }

    /// Removes the indexes of catalog files that are gone (a catalog file deleted, or a bundled
    /// catalog of a program since removed): each index names its file. Run when an index is
    /// written, which is seldom; an index that does not say which file it is of is left alone.
    static func removeOrphans(beside final: URL) {
        let directory = final.deletingLastPathComponent()
        for name in (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        where name.hasPrefix("catalog-") && name.hasSuffix(".sqlite") && name != final.lastPathComponent {
            let path = directory.appendingPathComponent(name).path
            guard let catalog = CatalogIndex.catalogPath(ofIndexAt: path) else { continue }
            var info = stat()
            if stat(catalog, &info) != 0 && errno == ENOENT { unlink(path) }
        }
    }

    /// Removes the temporary files of writers of `final` that are gone (a process that ended while
    /// it wrote, e.g. a storefront quit before its index was written): named `.tmp-PID-...`.
    static func removeAbandoned(beside final: URL) {
        let directory = final.deletingLastPathComponent()
        let prefix = final.lastPathComponent + ".tmp-"
        for name in (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? [] where name.hasPrefix(prefix) {
            guard let pid = Int32(name.dropFirst(prefix.count).prefix { $0 != "-" }), pid > 0 else { continue }
            if kill(pid, 0) != 0 && errno == ESRCH { unlink(directory.appendingPathComponent(name).path) }
        }
    }

    /// Removes the index of the catalog file at `catalogPath` (after a read from it failed), so
    /// the next command builds it again.
    public static func discard(catalogPath: String?, cache: URL) {
        guard let file = catalogFile(catalogPath) else { return }
        unlink(indexFile(for: file, cache: cache).path)
    }
}
