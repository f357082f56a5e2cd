import Foundation
import Testing
@testable import Storefront

struct ResponseCacheTests {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("storefront-cache-\(UUID().uuidString)")
    let key = CacheDigest.hex("a query")
    let date = Date(timeIntervalSince1970: 1_000)

    @Test func survivesARestartThroughTheDisk() async throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        await ResponseCache(directory: directory).store(Data("body".utf8), for: key, at: date)
        let entry = try #require(await ResponseCache(directory: directory).entry(for: key))
        #expect(entry.body == Data("body".utf8))
        #expect(entry.storedAt == date)
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.appendingPathComponent("graphql").path)
        #expect(files == [key + ".json"]) // no temporary file left behind
    }

    @Test func corruptEntriesAreIgnoredAndRemoved() async throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let folder = directory.appendingPathComponent("graphql")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent(key + ".json")
        try Data("{not json".utf8).write(to: file)
        #expect(await ResponseCache(directory: directory).entry(for: key) == nil)
        #expect(!FileManager.default.fileExists(atPath: file.path))
    }

    @Test func purgeEmptiesMemoryAndDisk() async throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let cache = ResponseCache(directory: directory)
        await cache.store(Data("body".utf8), for: key, at: date)
        await cache.purge()
        #expect(await cache.entry(for: key) == nil)
        #expect(await ResponseCache(directory: directory).entry(for: key) == nil)
    }

    @Test func defaultDirectoryFollowsXDG() {
        #expect(ResponseCache.defaultDirectory(environment: ["XDG_CACHE_HOME": "/x/cache", "HOME": "/home/a"]).path == "/x/cache/storefront")
        #expect(ResponseCache.defaultDirectory(environment: ["XDG_CACHE_HOME": "relative", "HOME": "/home/a"]).path == "/home/a/.cache/storefront")
        #expect(ResponseCache.defaultDirectory(environment: ["HOME": "/home/a"]).path == "/home/a/.cache/storefront")
    }
}
