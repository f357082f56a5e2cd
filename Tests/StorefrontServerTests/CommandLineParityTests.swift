import Foundation
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
    struct Run { var status: Int32; var stdout: String; var stderr: String }

    /// Runs the executable on a thread of its own: waiting for it must not hold one of the few
    /// threads that the in-process server needs to answer it.
    func run(_ arguments: [String], cache: URL) async throws -> Run {
        let process = Process()
        process.executableURL = StorefrontExecutable.url
        process.arguments = arguments
        // The client's disk cache goes to a directory of this test, not the user's.
        process.environment = ProcessInfo.processInfo.environment.merging(["XDG_CACHE_HOME": cache.path]) { $1 }
            .filter { $0.key != "STOREFRONT_SHOP" && $0.key != "STOREFRONT_TOKEN" }
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        return await withCheckedContinuation { continuation in
            Thread {
                let stdout = out.fileHandleForReading.readDataToEndOfFile()
                let stderr = err.fileHandleForReading.readDataToEndOfFile()
                process.waitUntilExit()
                continuation.resume(returning: Run(status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
                                                   stderr: String(decoding: stderr, as: UTF8.self)))
            }.start()
        }
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
            #expect(offline.stderr.hasPrefix("storefront: offline (The storefront answered HTTP 503"))
        }
    }
}
