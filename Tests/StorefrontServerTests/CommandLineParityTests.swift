import Foundation
import ProgramRuns
import Storefront
import StorefrontServer
import Testing

/// The `storefront` executable that `swift build --build-tests` puts in .build/debug.
enum StorefrontExecutable {
    static let url: URL? = {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let url = root.appendingPathComponent(".build/debug/storefront")
        return FileManager.default.isExecutableFile(atPath: url.path) ? url : nil
    }()
}

/// The built `storefront` executable reading over HTTP from the loopback server prints what it
/// prints reading the catalog itself.
@Suite(.enabled(if: StorefrontExecutable.url != nil, "build the storefront executable first"))
struct CommandLineParityTests {
    /// Runs the executable; waiting for it holds none of the few threads that the in-process
    /// server needs to answer it.
    func run(_ arguments: [String], cache: URL, environment: [String: String] = [:]) async throws -> ProgramRun {
        // The client's disk cache goes to a directory of this test, not the user's.
        // No settings file of the machine running the tests: the cache directory has none.
        let variables = ProcessInfo.processInfo.environment.merging(["XDG_CACHE_HOME": cache.path,
                                                                     "XDG_CONFIG_HOME": cache.path]) { $1 }
            .filter { !["STOREFRONT_SHOP", "STOREFRONT_TOKEN", "STOREFRONT_COUNTRY"].contains($0.key) }
            .merging(environment) { $1 }
        return try await ProgramRun.run(try #require(StorefrontExecutable.url).path, arguments, environment: variables)
    }

    @Test(arguments: [
        ["search", "coffee", "--json"], ["search", "tag:gift", "price:<30", "--json"], ["search", "--json", "--limit", "0", "tea"],
        ["product", "house-espresso-blend", "--json"], ["product", "house-espresso-blend"], ["collections", "--json"],
    ])
    func sameOutputOverHTTP(arguments: [String]) async throws {
        try await withServer { server async throws in
            let remote = ["--endpoint", server.url.absoluteString, "--token", LoopbackServer.token]
            let embedded = try await run(arguments, cache: server.cacheDirectory)
            let overHTTP = try await run(remote + arguments, cache: server.cacheDirectory)
            #expect(embedded.status == 0 && overHTTP.status == 0, "\(embedded.stderr) \(overHTTP.stderr)")
            #expect(!embedded.stdout.isEmpty)
            #expect(overHTTP.stdout == embedded.stdout)
        }
    }

    /// `--country` (or STOREFRONT_COUNTRY) reads in that market: its currency, only what it sells;
    /// the same over HTTP (`@inContext`) as from the catalog.
    @Test(arguments: [
        ["search", "coffee", "--json", "--country", "JP"], ["--country", "US", "search", "cold"],
        ["product", "house-espresso-blend", "--country", "JP"], ["collections", "--country", "JP"],
        ["collections", "--json", "--country", "US"], ["product", "cold-brew-concentrate", "--country", "JP"],
        ["product", "house-espresso-blend", "--country", "DE"],
    ])
    func theCountryReadsInItsMarketOverHTTPAndFromTheCatalog(arguments: [String]) async throws {
        try await withServer { server async throws in
            let remote = ["--endpoint", server.url.absoluteString, "--token", LoopbackServer.token]
            let embedded = try await run(arguments, cache: server.cacheDirectory)
            let overHTTP = try await run(remote + arguments, cache: server.cacheDirectory)
            #expect(overHTTP.status == embedded.status && overHTTP.stdout == embedded.stdout && overHTTP.stderr == embedded.stderr,
                    "\(embedded.stderr) | \(overHTTP.stderr)")
        }
    }

    @Test func theCountryOptionSaysWhatItChanged() async throws {
        try await withServer { server async throws in
            let cache = server.cacheDirectory
            let yen = try await run(["product", "house-espresso-blend", "--country", "JP"], cache: cache)
            #expect(yen.status == 0 && yen.stdout.contains("¥2,070") && !yen.stdout.contains("€"), "\(yen.stdout)")
            let fromEnvironment = try await run(["product", "house-espresso-blend"], cache: cache, environment: ["STOREFRONT_COUNTRY": "jp"])
            #expect(fromEnvironment.stdout == yen.stdout)
            let notSold = try await run(["product", "cold-brew-concentrate", "--country", "JP"], cache: cache)
            #expect(notSold.status == 1 && notSold.stdout.isEmpty)
            #expect(notSold.stderr == "storefront: Cold Brew Concentrate, 1 L is not sold in Japan\n")
            let search = try await run(["search", "cold", "--country", "US"], cache: cache)
            #expect(search.status == 0 && !search.stdout.contains("cold-brew-concentrate"), "\(search.stdout)")
            #expect(try await run(["search", "cold"], cache: cache).stdout.contains("cold-brew-concentrate"))
            let collections = try await run(["collections", "--country", "JP"], cache: cache)
            #expect(collections.stdout.split(separator: "\n").contains { $0.hasPrefix("Coffee") && $0.contains(" 11 ") }, "\(collections.stdout)")
            let elsewhere = try await run(["product", "house-espresso-blend", "--country", "DE"], cache: cache)
            #expect(elsewhere.status == 0 && elsewhere.stdout.contains("€12.50"))
            #expect(elsewhere.stderr == "storefront: the shop does not sell in DE; prices are its own (EUR)\n")
            let bad = try await run(["search", "tea", "--country", "Japan"], cache: cache)
            #expect(bad.status == 64 && bad.stderr.contains("--country takes a two-letter country code such as US or JP, not \"Japan\"."))
            let badEnvironment = try await run(["search", "tea"], cache: cache, environment: ["STOREFRONT_COUNTRY": "nowhere"])
            #expect(badEnvironment.status == 64 && badEnvironment.stderr.contains("STOREFRONT_COUNTRY takes a two-letter country code"))
            let help = try await run(["search", "--help"], cache: cache)
            #expect(help.stdout.contains("--country <code>") && help.stdout.contains("STOREFRONT_COUNTRY"))
        }
    }

    /// The table is the same; only the count of what is left over is unknown over HTTP (the
    /// connection says there is more, not how much).
    @Test func aCutShortTableSaysThereIsMore() async throws {
        try await withServer { server async throws in
            let arguments = ["search", "-tag:sale", "--limit", "3"]
            let embedded = try await run(arguments, cache: server.cacheDirectory).stdout.split(separator: "\n")
            let overHTTP = try await run(["--endpoint", server.url.absoluteString, "--token", LoopbackServer.token] + arguments,
                                         cache: server.cacheDirectory).stdout.split(separator: "\n")
            #expect(embedded.count == 5 && overHTTP.count == 5)
            #expect(overHTTP.dropLast() == embedded.dropLast())
            #expect(embedded.last?.hasSuffix("more (use --limit 0 for all)") == true)
            #expect(overHTTP.last == "… more (use --limit 0 for all)")
        }
    }

    @Test func failuresOverHTTPAreOneLineWithTheirStatus() async throws {
        try await withServer { server async throws in
            let wrongToken = try await run(["--endpoint", server.url.absoluteString, "--token", "wrong", "search", "tea"],
                                           cache: server.cacheDirectory)
            #expect(wrongToken.status == 3)
            #expect(wrongToken.stderr == "storefront: The storefront refused the request (HTTP 401): the shop domain and the access token probably do not match.\n")
            let missing = try await run(["--endpoint", server.url.absoluteString, "--token", LoopbackServer.token, "product", "nope"],
                                        cache: server.cacheDirectory)
            #expect(missing.status == 1)
            let noToken = try await run(["--endpoint", server.url.absoluteString, "search", "tea"], cache: server.cacheDirectory)
            #expect(noToken.status == 2 && noToken.stderr.contains("pass --token or set STOREFRONT_TOKEN"))
        }
    }

    /// A query that does not parse: over HTTP the same positioned error, caret included, as reading
    /// the catalog itself.
    @Test func aBadQueryOverHTTPPointsAtThePosition() async throws {
        try await withServer { server async throws in
            let arguments = ["search", "tag:gift price:=5"]
            let embedded = try await run(arguments, cache: server.cacheDirectory)
            let overHTTP = try await run(["--endpoint", server.url.absoluteString, "--token", LoopbackServer.token] + arguments,
                                         cache: server.cacheDirectory)
            #expect(embedded.status == 2 && overHTTP.status == 2)
            #expect(overHTTP.stderr == embedded.stderr)
            #expect(overHTTP.stderr.hasSuffix("  tag:gift price:=5\n                ^\n"), "\(overHTTP.stderr)")
        }
    }

    /// Throttled every time (the retries give up): the shop says "later", so status 3, not bad input.
    @Test func aThrottledAnswerIsStatusThree() async throws {
        try await withServer { server async throws in
            await server.endpoint.failNext(.throttled, .throttled, .throttled, .throttled, .throttled, .throttled, .throttled, .throttled)
            let result = try await run(["--endpoint", server.url.absoluteString, "--token", LoopbackServer.token, "search", "tea"],
                                       cache: server.cacheDirectory)
            #expect(result.status == 3, "\(result.stderr)")
            #expect(result.stderr.contains("Throttled"))
        }
    }

    @Test func offlineReadsFallBackToTheCacheAndSaySo() async throws {
        try await withServer { server async throws in
            let arguments = ["--endpoint", server.url.absoluteString, "--token", LoopbackServer.token, "product", "house-espresso-blend"]
            let online = try await run(arguments, cache: server.cacheDirectory)
            await server.endpoint.failNext(.http503, .http503, .http503)
            let offline = try await run(arguments, cache: server.cacheDirectory)
            #expect(offline.status == 0)
            #expect(offline.stdout == online.stdout)
            #expect(offline.stderr.hasPrefix("storefront: offline (The storefront is busy (HTTP 503)"))
        }
    }
}
