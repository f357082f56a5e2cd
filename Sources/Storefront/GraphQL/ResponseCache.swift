import Foundation

/// Cached answers to queries, in memory and on disk (`<directory>/graphql/<key>.json`, written
/// atomically). Entries are whole response bodies, stored only when they carried no errors.
/// A file that cannot be read back is ignored and removed.
public actor ResponseCache {
    public struct Entry: Sendable {
        public var body: Data
        public var storedAt: Date
    }

    /// `$XDG_CACHE_HOME/storefront`, or `~/.cache/storefront` when the variable is unset or relative.
    public static func defaultDirectory(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        if let xdg = environment["XDG_CACHE_HOME"], xdg.hasPrefix("/") {
            return URL(fileURLWithPath: xdg, isDirectory: true).appendingPathComponent("storefront", isDirectory: true)
        }
        let home = environment["HOME"].map { URL(fileURLWithPath: $0, isDirectory: true) }
            ?? FileManager.default.homeDirectoryForCurrentUser
        return home.appendingPathComponent(".cache/storefront", isDirectory: true)
    }

    /// Entries kept in memory; beyond this the oldest go (the disk keeps them).
    public let memoryLimit: Int
    private let folder: URL?
    private var memory: [String: Entry] = [:]

    /// `directory` nil keeps the cache in memory only.
    public init(directory: URL?, memoryLimit: Int = 256) {
        self.folder = directory?.appendingPathComponent("graphql", isDirectory: true)
        self.memoryLimit = memoryLimit
    }

    public func entry(for key: String) -> Entry? {
        if let entry = memory[key] { return entry }
        guard let file = file(for: key), let data = try? Data(contentsOf: file) else { return nil }
        guard let stored = try? JSONDecoder().decode(StoredEntry.self, from: data), stored.format == StoredEntry.currentFormat,
              stored.key == key else {
            try? FileManager.default.removeItem(at: file) // corrupt or from another format: ignore it
            return nil
        }
        let entry = Entry(body: stored.body, storedAt: Date(timeIntervalSince1970: stored.storedAt))
        remember(entry, for: key)
        return entry
    }

    public func store(_ body: Data, for key: String, at date: Date) {
        let entry = Entry(body: body, storedAt: date)
        remember(entry, for: key)
        guard let folder, let file = file(for: key) else { return }
        let stored = StoredEntry(format: StoredEntry.currentFormat, key: key, storedAt: date.timeIntervalSince1970, body: body)
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            // `.atomic` writes a temporary file and renames it: a reader never sees half an entry.
            try JSONEncoder().encode(stored).write(to: file, options: .atomic)
        } catch {
            // A cache that cannot be written is only slower; the answer itself is fine.
        }
    }

    /// Forgets every cached answer, in memory and on disk.
    public func purge() {
        memory.removeAll()
        guard let folder else { return }
        let files = (try? FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)) ?? []
        for file in files where file.pathExtension == "json" { try? FileManager.default.removeItem(at: file) }
    }

    public var count: Int { memory.count }

    private func remember(_ entry: Entry, for key: String) {
        memory[key] = entry
        if memory.count > memoryLimit, let oldest = memory.min(by: { $0.value.storedAt < $1.value.storedAt })?.key {
            memory[oldest] = nil
        }
    }

    private func file(for key: String) -> URL? {
        // Keys are hex digests; anything else never names a file.
        guard key.allSatisfy(\.isHexDigit) else { return nil }
        return folder?.appendingPathComponent(key + ".json")
    }

    private struct StoredEntry: Codable {
        static let currentFormat = 1
        var format: Int
        var key: String
        var storedAt: Double
        var body: Data
    }
}
