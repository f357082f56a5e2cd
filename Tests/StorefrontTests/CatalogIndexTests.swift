import Foundation
import ProgramRuns
import Testing
@testable import Storefront
@testable import StorefrontCatalog
@testable import StorefrontModels

/// The catalog index on disk: written once, used until the catalog file changes, never when
/// damaged, and answering as the catalog in memory does.
@Suite struct CatalogIndexTests {
    let directory = TemporaryDirectory()
    var cache: URL { directory.url.appendingPathComponent("cache") }

    func write(_ text: String, name: String = "catalog.json") throws -> String {
        try FileManager.default.createDirectory(at: directory.url, withIntermediateDirectories: true)
        let file = directory.url.appendingPathComponent(name)
        try Data(text.utf8).write(to: file)
        return file.path
    }

    func indexFile(_ catalog: String) -> String { CatalogIndexFiles.indexFile(for: catalog, cache: cache).path }

    func inode(_ path: String) -> UInt64? {
        var info = stat()
        return stat(path, &info) == 0 ? UInt64(info.st_ino) : nil
    }

    @Test func anIndexIsWrittenOnceAndUsedAgain() throws {
        let catalog = try write(Fixtures.catalogJSON)
        #expect(CatalogIndexFiles.open(catalogPath: catalog, cache: cache) == nil, "nothing built yet")
        let built = try CatalogIndexFiles.loadAndIndex(catalogPath: catalog, cache: cache)
        #expect(built.index?.productCount == Fixtures.handles.count)
        let written = try #require(inode(indexFile(catalog)))
        let reopened = try #require(CatalogIndexFiles.open(catalogPath: catalog, cache: cache))
        #expect(reopened.productCount == Fixtures.handles.count)
        #expect(try reopened.product(handle: "sencha")?.title == built.catalog.product(handle: "sencha")?.title)
        #expect(inode(indexFile(catalog)) == written, "the same file, not written again")
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: CatalogIndexFiles.directory(cache: cache).path)
        #expect(leftovers.count == 1, "no temporary files left: \(leftovers)")
    }

    @Test func anIndexOpenedAheadIsTheOneTheNextOpenFinds() throws {
        let catalog = try write(Fixtures.catalogJSON)
        _ = try CatalogIndexFiles.loadAndIndex(catalogPath: catalog, cache: cache)
        CatalogIndexFiles.startOpening(catalogPath: catalog, cache: cache)
        let key = CatalogIndexFiles.Opening.key(catalog, cache)
        #expect(CatalogIndexFiles.Opening.pending.withLock { $0[key] } != nil)
        let opened = try #require(CatalogIndexFiles.open(catalogPath: catalog, cache: cache))
        #expect(opened.productCount == Fixtures.handles.count)
        #expect(try opened.product(handle: "sencha") != nil)
        #expect(CatalogIndexFiles.Opening.pending.withLock { $0[key] } == nil, "taken by the open that came")
    }

    @Test func anIndexOpenedAheadIsNotUsedOnceItsCatalogChanged() throws {
        let catalog = try write(Fixtures.catalogJSON)
        _ = try CatalogIndexFiles.loadAndIndex(catalogPath: catalog, cache: cache)
        // Opened ahead while the file was the indexed one...
        let opening = CatalogIndexFiles.Opening()
        let stamp = try #require(CatalogStamp(path: catalog))
        let index = try #require(CatalogIndex.open(path: indexFile(catalog), stamp: stamp))
        opening.finish((index, stamp))
        CatalogIndexFiles.Opening.pending.withLock { $0[CatalogIndexFiles.Opening.key(catalog, cache)] = opening }
        // ...and the file changed before the open that takes it.
        try Data((Fixtures.catalogJSON + "\n").utf8).write(to: URL(fileURLWithPath: catalog))
        #expect(CatalogIndexFiles.open(catalogPath: catalog, cache: cache) == nil, "the catalog changed")
    }

    @Test func theIndexOfACatalogFileThatIsGoneIsRemovedWhenAnotherIsWritten() throws {
        let kept = try write(Fixtures.catalogJSON, name: "kept.json")
        let gone = try write(Fixtures.catalogJSON, name: "gone.json")
        _ = try CatalogIndexFiles.loadAndIndex(catalogPath: kept, cache: cache)
        _ = try CatalogIndexFiles.loadAndIndex(catalogPath: gone, cache: cache)
        #expect(FileManager.default.fileExists(atPath: indexFile(gone)))
        try FileManager.default.removeItem(atPath: gone)
        // Another index written: the one of the file that is gone goes, the other stays.
        let third = try write(Fixtures.catalogJSON, name: "third.json")
        _ = try CatalogIndexFiles.loadAndIndex(catalogPath: third, cache: cache)
        #expect(!FileManager.default.fileExists(atPath: indexFile(gone)))
        #expect(CatalogIndexFiles.open(catalogPath: kept, cache: cache) != nil)
        #expect(CatalogIndexFiles.open(catalogPath: third, cache: cache) != nil)
    }

    @Test func aChangedCatalogIsIndexedAgain() throws {
        let catalog = try write(Fixtures.catalogJSON)
        _ = try CatalogIndexFiles.loadAndIndex(catalogPath: catalog, cache: cache)
        #expect(CatalogIndexFiles.open(catalogPath: catalog, cache: cache) != nil)
        // The same size, and the modification time set back: the status-change time still moves.
        var info = stat()
        stat(catalog, &info)
        let changed = Fixtures.catalogJSON.replacingOccurrences(of: "Sencha Asamushi", with: "Sancha Asamushi")
        #expect(changed != Fixtures.catalogJSON && changed.utf8.count == Fixtures.catalogJSON.utf8.count)
        usleep(20_000)
        let handle = try #require(FileHandle(forWritingAtPath: catalog))
        handle.write(Data(changed.utf8))
        try handle.close()
        var times = [info.st_atim, info.st_mtim]
        #expect(utimensat(AT_FDCWD, catalog, &times, 0) == 0)
        #expect(CatalogIndexFiles.open(catalogPath: catalog, cache: cache) == nil, "the catalog changed")
        let again = try #require(try CatalogIndexFiles.loadAndIndex(catalogPath: catalog, cache: cache).index)
        #expect(try again.product(handle: "sencha")?.title.contains("Sancha") == true)
        #expect(CatalogIndexFiles.open(catalogPath: catalog, cache: cache) != nil)
    }

    @Test func aReplacedCatalogIsIndexedAgain() throws {
        let catalog = try write(Fixtures.catalogJSON)
        _ = try CatalogIndexFiles.loadAndIndex(catalogPath: catalog, cache: cache)
        let other = try write(Fixtures.catalogJSON, name: "other.json")
        #expect(rename(other, catalog) == 0)
        #expect(CatalogIndexFiles.open(catalogPath: catalog, cache: cache) == nil, "another file under the same name")
    }

    enum Damage: String, CaseIterable { case halved, emptied, overwritten }

    @Test(arguments: Damage.allCases)
    func aDamagedIndexIsNeverUsed(_ damage: Damage) throws {
        let catalog = try write(Fixtures.catalogJSON)
        _ = try CatalogIndexFiles.loadAndIndex(catalogPath: catalog, cache: cache)
        let file = indexFile(catalog)
        let size = try #require(CatalogStamp.fileSize(file))
        switch damage {
        case .halved: #expect(truncate(file, off_t(size / 2)) == 0)
        case .emptied: #expect(truncate(file, 0) == 0)
        case .overwritten:
            let handle = try #require(FileHandle(forWritingAtPath: file))
            handle.write(Data(repeating: 0x5A, count: 4096))
            try handle.close()
        }
        #expect(CatalogIndexFiles.open(catalogPath: catalog, cache: cache) == nil)
        let loaded = try CatalogIndexFiles.loadAndIndex(catalogPath: catalog, cache: cache)
        let rebuilt = try #require(loaded.index)
        #expect(try rebuilt.matches(query: "tea").map(\.handle) == loaded.catalog.products(matching: "tea").map(\.handle))
        #expect(CatalogIndexFiles.open(catalogPath: catalog, cache: cache) != nil)
    }

    @Test func aCatalogThatDoesNotLoadWritesNoIndex() throws {
        let catalog = try write("{\"format\": \"storefront-catalog\"")
        #expect(throws: StorefrontError.self) { try CatalogIndexFiles.loadAndIndex(catalogPath: catalog, cache: cache) }
        #expect(!FileManager.default.fileExists(atPath: indexFile(catalog)))
    }

    @Test func anUnwritableCacheStillAnswersFromTheCatalog() throws {
        let catalog = try write(Fixtures.catalogJSON)
        let blocked = directory.url.appendingPathComponent("blocked")
        try Data("a file where the cache directory would be".utf8).write(to: blocked)
        let loaded = try CatalogIndexFiles.loadAndIndex(catalogPath: catalog, cache: blocked)
        #expect(loaded.index == nil)
        #expect(loaded.catalog.products.count == Fixtures.handles.count)
    }

    @Test func twoBuildsAtOnceLeaveOneWholeIndex() async throws {
        let catalog = try write(GeneratedCatalog.json())
        let cache = self.cache
        let results = await withTaskGroup(of: Bool.self) { group in
            for _ in 0..<2 {
                group.addTask { (try? CatalogIndexFiles.loadAndIndex(catalogPath: catalog, cache: cache).index) != nil }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(results == [true, true])
        let index = try #require(CatalogIndexFiles.open(catalogPath: catalog, cache: cache))
        #expect(index.productCount == GeneratedCatalog.productCount)
        let files = try FileManager.default.contentsOfDirectory(atPath: CatalogIndexFiles.directory(cache: cache).path)
        #expect(files.count == 1, "\(files)")
    }

    // MARK: Answers as the catalog in memory gives them

    static let extraQueries = [
        "tea", "te", "t", "茶", "linen tea", "tea OR mug", "-tea", "mug -tag:sale", "title:tea*", "title:mug", "vendor:kestrel",
        "vendor:\"nordvik tra\"", "product_type:tea", "product_type:te*", "tag:gift OR tag:sale", "tag:*", "-tag:*",
        "sku:*", "sku:gen-1*", "handle:g-1*", "price:<20", "price:>=30.5", "price:25", "available_for_sale:false",
        "created_at:>2024-03-01", "created_at:<=2024-02-01", "updated_at:2024-01-15", "cafe", "café", "CAFÉ", "\"tea towel\"",
        "tea tea", "mug OR (tea AND -tag:new)", "NOT (tea OR linen)", "zebra", "", "smorrebrod", "抹茶 OR oak",
    ]

    @Test(arguments: SearchTests.cases.map(\.query) + extraQueries)
    func searchFindsWhatTheCatalogFinds(_ query: String) throws {
        let catalog = try write(Fixtures.catalogJSON)
        let loaded = try CatalogIndexFiles.loadAndIndex(catalogPath: catalog, cache: cache)
        let index = try #require(loaded.index)
        #expect(try index.matches(query: query).map(\.handle) == loaded.catalog.products(matching: query).map(\.handle), "\(query)")
    }

    @Test func searchOnAGeneratedCatalogFindsWhatTheCatalogFinds() throws {
        let catalog = try write(GeneratedCatalog.json())
        let loaded = try CatalogIndexFiles.loadAndIndex(catalogPath: catalog, cache: cache)
        let index = try #require(loaded.index)
        for query in SearchTests.cases.map(\.query) + Self.extraQueries {
            let expected = try loaded.catalog.products(matching: query).map(\.handle)
            #expect(try index.matches(query: query).map(\.handle) == expected, "\(query)")
        }
    }

    @Test func theShippedCatalogReadsBackUnchanged() throws {
        let catalog = try CatalogLoader.bundled()
        let path = try #require(CatalogLoader.bundledPath)
        let stamp = try #require(CatalogStamp(path: path))
        let index = try CatalogIndexFiles.build(catalog, stamp: stamp, cache: cache)
        #expect(try index.products(at: Array(catalog.products.indices)) == catalog.products)
        #expect(try index.products(at: [2, 0]) == [catalog.products[2], catalog.products[0]])
        #expect(index.shop == catalog.shop)
        #expect(index.markets.all == catalog.markets.all && index.markets.translations == catalog.markets.translations)
        let collections = try index.collections()
        #expect(collections.map(\.collection) == catalog.collections)
        #expect(collections.map { $0.products.map(\.index) } == catalog.collectionProductIndices)
        for product in catalog.products { #expect(try index.product(handle: product.handle) == product) }
        #expect(try index.product(handle: "no-such-product") == nil)
        for query in SearchTests.cases.map(\.query) + Self.extraQueries {
            #expect(try index.matches(query: query).map(\.index) == catalog.searchIndex.ordered(query: query, sortKey: .relevance), "\(query)")
        }
    }

    @Test(arguments: [1, 2, 3, 8]) func productsAreDecodedInOrderOnAnyNumberOfThreads(threads: Int) throws {
        let products = try CatalogLoader.bundled().products
        let rows = try products.map { try JSONEncoder().encode($0) }
        #expect(try CatalogIndex.decodeProducts(rows, threads: threads) == products)
        // A row that does not decode is the read's error, whichever thread met it.
        var damaged = rows
        damaged[rows.count - 3] = Data(#"{"id": 1}"#.utf8)
        #expect(throws: DecodingError.self) { try CatalogIndex.decodeProducts(damaged, threads: threads) }
    }

    @Test func aQueryThatDoesNotParseIsABadSearch() throws {
        let catalog = try write(Fixtures.catalogJSON)
        let index = try #require(try CatalogIndexFiles.loadAndIndex(catalogPath: catalog, cache: cache).index)
        #expect(throws: StorefrontError.self) { try index.matches(query: "tag:") }
    }

    @Test func aWriterThatEndedMidWayLeavesNothingBehindOnceTheNextOneWrites() async throws {
        let catalog = try write(Fixtures.catalogJSON)
        let index = URL(fileURLWithPath: indexFile(catalog))
        try FileManager.default.createDirectory(at: index.deletingLastPathComponent(), withIntermediateDirectories: true)
        // A process that has ended, and this one (still writing, as far as anyone can tell).
        let ended = try await ProgramRun.run("/bin/true", [], environment: [:])
        let abandoned = index.path + ".tmp-\(ended.processIdentifier)-1"
        let live = index.path + ".tmp-\(getpid())-2"
        for path in [abandoned, live] { #expect(FileManager.default.createFile(atPath: path, contents: Data("half".utf8))) }
        _ = try CatalogIndexFiles.loadAndIndex(catalogPath: catalog, cache: cache)
        #expect(!FileManager.default.fileExists(atPath: abandoned))
        #expect(FileManager.default.fileExists(atPath: live), "a writer still running keeps its file")
        #expect(CatalogIndexFiles.open(catalogPath: catalog, cache: cache) != nil)
    }
}
