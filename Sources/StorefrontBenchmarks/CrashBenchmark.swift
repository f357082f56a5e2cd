import Determinism
import Foundation
import Storefront
import StorefrontServer
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// `storefront-bench crash [--kills N] [--store json|sqlite|both] [--writers N] [--seed N] [--storefront PATH]`:
/// starts writers (one by default) on one state directory, kills them with SIGKILL at a random
/// moment, opens what they left and checks that every cart and order any of them acknowledged is
/// there; N times per store, on the same directory throughout.
///
/// - json: `crash-writer`, the app's embedded store on JSON files.
/// - sqlite: `storefront serve` on its SQLite database, written to over HTTP (GraphQL cart
///   mutations, orders at /checkout/orders); a write counts once its answer arrived.
enum CrashBenchmark {
    struct Tally {
        var kills = 0, carts = Set<String>(), lineWrites = 0, orders = 0
        var lost: [String] = [], unreadable: [String] = []
        var runMilliseconds: [Double] = []
        var checkMilliseconds: [Double] = []
    }

    static func main(_ arguments: [String]) async throws {
        var kills = 200, stores = ["json", "sqlite"], seed = UInt64.random(in: 1...999_999), writers = 1
        var storefront = URL(fileURLWithPath: executablePath()).deletingLastPathComponent().appendingPathComponent("storefront").path
        var rest = arguments[...]
        while let word = rest.popFirst() {
            switch word {
            case "--kills": kills = Int(rest.popFirst() ?? "") ?? kills
            case "--store":
                let value = rest.popFirst() ?? "both"
                stores = value == "both" ? ["json", "sqlite"] : [value]
            case "--seed": seed = UInt64(rest.popFirst() ?? "") ?? seed
            case "--writers": writers = max(1, Int(rest.popFirst() ?? "") ?? writers)
            case "--storefront": storefront = rest.popFirst() ?? storefront
            default: throw CrashError("unknown argument \(word)")
            }
        }
        var random = SeededRandom(seed: seed)
        print("seed \(seed), \(kills) kills per store, \(writers) writer\(writers == 1 ? "" : "s") at once")
        var failed = false
        for store in stores {
            let work = FileManager.default.temporaryDirectory.appendingPathComponent("storefront-crash-\(store)-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: work) }
            let directory = work.appendingPathComponent("state")
            let catalogFile = try CrashLoad.untrackedCatalog(in: work)
            let catalog = try CatalogLoader.load(contentsOf: catalogFile.path)
            var tally = Tally()
            var acknowledged = Acknowledged()
            for _ in 0..<kills {
                let started = Date()
                let lines: [String]
                switch store {
                case "json":
                    lines = try killJSONWriters(writers, directory: directory, catalog: catalogFile,
                                                after: Double(random.next() % 250 + 20) / 1000)
                case "sqlite":
                    lines = try await killServes(writers, storefront, directory: directory, catalog: catalogFile,
                                                 after: Double(random.next() % 250 + 20) / 1000)
                default: throw CrashError("--store is json, sqlite or both")
                }
                tally.runMilliseconds.append(Date().timeIntervalSince(started) * 1000)
                tally.kills += 1
                acknowledged.take(lines, into: &tally)
                let checking = Date()
                try await check(store, directory: directory, catalog: catalog, acknowledged: acknowledged, tally: &tally)
                tally.checkMilliseconds.append(Date().timeIntervalSince(checking) * 1000)
            }
            report(store, tally)
            failed = failed || !tally.lost.isEmpty || !tally.unreadable.isEmpty
        }
        if failed { exit(1) }
    }

    // MARK: - Writers

    /// Runs `count` `crash-writer`s on one directory for `seconds` (from their start) and kills
    /// them; their acknowledgements.
    static func killJSONWriters(_ count: Int, directory: URL, catalog: URL, after seconds: Double) throws -> [String] {
        var running: [(Process, Pipe)] = []
        for _ in 0..<count {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: executablePath())
            process.arguments = ["crash-writer", directory.path, catalog.path]
            let output = Pipe()
            process.standardOutput = output
            process.standardError = FileHandle.nullDevice
            try process.run()
            running.append((process, output))
        }
        Thread.sleep(forTimeInterval: seconds)
        for (process, _) in running { kill(process.processIdentifier, SIGKILL) }
        return running.flatMap { process, output in
            process.waitUntilExit()
            return completeLines(output.fileHandleForReading.readDataToEndOfFile())
        }
    }

    /// Starts `count` `storefront serve`s on the directory, writes to each over HTTP until
    /// `seconds` after they listen, then kills them; the writes that were answered.
    static func killServes(_ count: Int, _ storefront: String, directory: URL, catalog: URL, after seconds: Double) async throws -> [String] {
        var servers: [Process] = []
        defer {
            for process in servers where process.isRunning { kill(process.processIdentifier, SIGKILL); process.waitUntilExit() }
        }
        var endpoints: [URL] = []
        for _ in 0..<count {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: storefront)
            process.arguments = ["serve", "--port", "0", "--state-dir", directory.path, "--token", "crash", "--catalog", catalog.path]
            let output = Pipe()
            process.standardOutput = output
            process.standardError = FileHandle.nullDevice
            try process.run()
            servers.append(process)
            guard let endpoint = try readEndpoint(output.fileHandleForReading) else {
                throw CrashError("serve did not say where it listens")
            }
            endpoints.append(endpoint)
        }
        let answered = AnswerLog()
        let variants = try CrashLoad.variants(of: try CatalogLoader.load(contentsOf: catalog.path))
        let writers = endpoints.map { endpoint in
            Task { [variants] in
                let client = GraphQLStorefront(configuration: .init(endpoint: endpoint, accessToken: "crash", cachePolicy: .networkOnly,
                                                                     retry: .never, timeout: 5),
                                               cache: ResponseCache(directory: nil))
                let orders = URL(string: endpoint.absoluteString.replacingOccurrences(of: GraphQLEndpoint.path,
                                                                                      with: CheckoutEndpoint.Path.orders))!
                var round = 0
                while !Task.isCancelled {
                    round += 1
                    try await CrashLoad.round(round, variants: variants, client: client,
                                              placeOrder: { try await client.placeOrder($0, at: orders) },
                                              acknowledge: answered.add)
                }
            }
        }
        try await Task.sleep(for: .milliseconds(Int(seconds * 1000)))
        for process in servers { kill(process.processIdentifier, SIGKILL) }
        for process in servers { process.waitUntilExit() }
        for writer in writers {
            writer.cancel()
            _ = await writer.result
        }
        return answered.lines
    }

    // MARK: - Checking

    /// Every cart and order acknowledged so far, as last acknowledged.
    struct Acknowledged {
        var cartLines: [String: Int] = [:]
        var orders: [String: (name: String, cartId: String)] = [:]

        mutating func take(_ lines: [String], into tally: inout Tally) {
            for line in lines {
                let words = line.split(separator: " ").map(String.init)
                if words.count == 3, words[0] == "cart", let count = Int(words[2]) {
                    cartLines[words[1]] = count
                    tally.carts.insert(words[1])
                    tally.lineWrites += 1
                } else if words.count == 4, words[0] == "order" {
                    orders[words[1]] = (words[2], words[3])
                    tally.orders += 1
                }
            }
        }
    }

    static func check(_ store: String, directory: URL, catalog: StoreCatalog, acknowledged: Acknowledged, tally: inout Tally) async throws {
        let persistence: any EmbeddedPersistence
        if store == "sqlite" {
            do { persistence = try SQLiteStatePersistence(directory: directory) } catch {
                tally.unreadable.append("kill \(tally.kills): \(error)")
                return
            }
        } else {
            persistence = JSONStatePersistence(directory: directory)
        }
        let storefront = EmbeddedStorefront(catalog: catalog, stateDirectory: directory, persistence: persistence)
        if !storefront.stateWarnings.isEmpty {
            tally.unreadable.append("kill \(tally.kills): " + storefront.stateWarnings.joined(separator: " "))
        }
        let placed = Dictionary(try await storefront.orders().map { ($0.draft.checkoutSessionId, $0) }, uniquingKeysWith: { first, _ in first })
        let ordered = Set(acknowledged.orders.values.map(\.cartId))
        for (session, expected) in acknowledged.orders where placed[session]?.name != expected.name {
            tally.lost.append("kill \(tally.kills): order \(expected.name) (\(session)) is \(placed[session]?.name ?? "missing")")
        }
        for (id, lines) in acknowledged.cartLines {
            guard let state = try? await storefront.checkoutState(cartId: id) else {
                tally.lost.append("kill \(tally.kills): cart \(id) is missing")
                continue
            }
            if ordered.contains(id) {
                if state != .completed { tally.lost.append("kill \(tally.kills): cart \(id) was ordered but is \(state)") }
            } else if state == .open, let cart = try await storefront.cart(id: id) {
                if cart.lines.count < lines { tally.lost.append("kill \(tally.kills): cart \(id) has \(cart.lines.count) of \(lines) lines") }
            }
        }
    }

    static func report(_ store: String, _ tally: Tally) {
        func median(_ values: [Double]) -> String {
            let sorted = values.sorted()
            return sorted.isEmpty ? "-" : String(format: "%.0f", sorted[sorted.count / 2])
        }
        let name = store == "json" ? "app (JSON files)" : "serve (SQLite)"
        print("\(name): \(tally.kills) kills, \(tally.carts.count) carts and \(tally.lineWrites) cart writes and \(tally.orders) orders acknowledged; "
              + "lost \(tally.lost.count), unreadable after a kill \(tally.unreadable.count); "
              + "median run \(median(tally.runMilliseconds)) ms, check \(median(tally.checkMilliseconds)) ms")
        for problem in (tally.lost + tally.unreadable).prefix(10) { print("  \(problem)") }
    }

    // MARK: - Helpers

    static func completeLines(_ data: Data) -> [String] {
        let text = String(decoding: data, as: UTF8.self)
        var lines = text.split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
        if !text.hasSuffix("\n"), !lines.isEmpty { lines.removeLast() }   // cut off by the kill: not acknowledged
        return lines
    }

    /// Reads serve's first lines until "… at http://…/api/…/graphql.json".
    static func readEndpoint(_ handle: FileHandle) throws -> URL? {
        var text = ""
        let deadline = Date().addingTimeInterval(30)
        while Date() < deadline {
            let chunk = handle.availableData
            if chunk.isEmpty { return nil }
            text += String(decoding: chunk, as: UTF8.self)
            for line in text.split(separator: "\n") where line.hasPrefix("Storefront API for ") {
                if let at = line.range(of: " at http", options: .backwards) {
                    return URL(string: String(line[line.index(at.lowerBound, offsetBy: 4)...]))
                }
            }
        }
        return nil
    }

    static func executablePath() -> String {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
    }
}

/// Writes that were answered, from several tasks.
final class AnswerLog: Sendable {
    private let storage = Mutex<[String]>([])
    func add(_ line: String) { storage.withLock { $0.append(line) } }
    var lines: [String] { storage.withLock { $0 } }
}

