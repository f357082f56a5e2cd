import Foundation
import Storefront

/// Generates a 100,000-product catalog as JSON, loads it through the real loader, and times
/// queries of every kind through `EmbeddedStorefront.products(query:)`, as the app calls it.
/// Wall and CPU time are both reported: on a shared machine the wall time of a call includes
/// waiting for a core, its CPU time does not.
enum SearchBenchmark {
    static let productCount = 100_000
    static let runsPerQuery = 40

    /// Which page of the listing a case asks for.
    enum PageKind: Sendable { case first, third, last }

    struct Case: Sendable {
        var kind: String
        var query: String
        var sortKey: ProductSortKeys = .relevance
        var reverse = false
        var page: PageKind = .first

        var label: String {
            var text = query
            if sortKey != .relevance || reverse { text += " [\(sortKey.rawValue.lowercased())\(reverse ? ", reversed" : "")]" }
            switch page {
            case .first: break
            case .third: text += " [page 3]"
            case .last: text += " [last page]"
            }
            return text
        }
    }

    static let queries: [Case] = [
        Case(kind: "fuzzy term", query: "coffee"),
        Case(kind: "fuzzy term", query: "ceramic mug"),
        Case(kind: "fuzzy term", query: "café"),
        Case(kind: "fuzzy term", query: "抹茶"),
        Case(kind: "fuzzy term (no match)", query: "zebraphone"),
        Case(kind: "fuzzy term (2 letters)", query: "xq"),
        Case(kind: "fuzzy phrase", query: "\"hand thrown\""),
        Case(kind: "field match", query: "tag:organic"),
        Case(kind: "field match", query: "product_type:Tea"),
        Case(kind: "field match", query: "vendor:\"Kestrel Roastery\""),
        Case(kind: "field prefix", query: "title:ceramic*"),
        Case(kind: "negation", query: "-tag:sale"),
        Case(kind: "negation", query: "coffee -tag:decaf"),
        Case(kind: "negation", query: "NOT available_for_sale:true"),
        Case(kind: "OR / parentheses", query: "(tea OR coffee) AND tag:gift"),
        Case(kind: "OR / parentheses", query: "mug OR kettle OR grinder"),
        Case(kind: "comparison", query: "price:<10"),
        Case(kind: "comparison", query: "price:>=50 price:<=100"),
        Case(kind: "comparison", query: "created_at:>2024-06-01"),
        Case(kind: "exists", query: "tag:*"),
        Case(kind: "exists", query: "-tag:*"),
        // Other orders and pages: the page is not simply the first matches in catalog order.
        Case(kind: "sort key", query: "coffee", sortKey: .price),
        Case(kind: "sort key", query: "tag:gift", sortKey: .title, reverse: true),
        Case(kind: "sort key", query: "\"hand thrown\"", sortKey: .createdAt),
        Case(kind: "deeper page", query: "\"hand thrown\"", page: .third),
        Case(kind: "deeper page", query: "mug OR kettle OR grinder", page: .last),
        Case(kind: "deeper page", query: "coffee -tag:decaf", sortKey: .vendor, reverse: true, page: .third),
    ]

    /// The generated catalog as JSON.
    static func generate() -> Data {
        var data = Data()
        var generator = CatalogGenerator(seed: 42)
        let generate = BenchmarkClock.measure { data = generator.json(products: productCount) }
        print("generated \(productCount) products: \(data.count / 1_000_000) MB of JSON in \(BenchmarkClock.milliseconds(generate))")
        return data
    }

    /// Loads the catalog, printing wall and CPU time.
    static func load(_ data: Data) throws -> StoreCatalog {
        var catalog: StoreCatalog?
        let cpuBefore = BenchmarkClock.cpuTime()
        let load = try BenchmarkClock.measure { catalog = try CatalogLoader.load(data: data, file: "generated") }
        let loadCPU = BenchmarkClock.cpuTime() - cpuBefore
        print("load (read, validate, sanitise, index): \(BenchmarkClock.milliseconds(load)) wall, "
              + "\(BenchmarkClock.milliseconds(loadCPU)) CPU (\(BenchmarkClock.loadAverage()))")
        return catalog!
    }

    /// `storefront-bench catalog PATH`: writes the generated catalog, to load elsewhere
    /// (`storefront --catalog PATH`, a profiler).
    static func write(_ arguments: [String]) throws {
        guard let path = arguments.first else { throw CocoaError(.fileNoSuchFile, userInfo: [NSLocalizedDescriptionKey: "usage: storefront-bench catalog PATH"]) }
        try generate().write(to: URL(fileURLWithPath: path))
        print("wrote \(path)")
    }

    /// `storefront-bench load [N] [PATH]`: loads the same catalog N times (default 5): the
    /// generated one, or the file at PATH.
    static func runLoads(_ arguments: [String]) throws {
        let data = try arguments.dropFirst().first.map { try Data(contentsOf: URL(fileURLWithPath: $0)) } ?? generate()
        for _ in 0..<(arguments.first.flatMap { Int($0) } ?? 5) { _ = try load(data) }
    }

    /// With `custom` queries, times those instead of the standard mix.
    static func run(_ custom: [String]) async throws {
        print(BenchmarkClock.loadAverage())
        let data = generate()
        let catalog = try load(data)
        let storefront = EmbeddedStorefront(catalog: catalog, stateDirectory: FileManager.default.temporaryDirectory
            .appendingPathComponent("storefront-bench-\(getpid())"))
        print("")

        var rows: [[String]] = [["query", "kind", "matches", "first call", "median", "p99", "CPU median", "CPU p99"]]
        var allWall: [Double] = [], allCPU: [Double] = []
        let selected = custom.isEmpty ? queries : custom.map { Case(kind: "custom", query: $0) }
        for item in selected {
            // The page arguments of the timed call; earlier pages are fetched untimed.
            var arguments = PageArguments.first(25)
            func fetch(_ page: PageArguments) async throws -> Page<Product> {
                try await storefront.products(page, query: item.query, sortKey: item.sortKey, reverse: item.reverse)
            }
            // The first call is timed on its own: it pays for anything built on first use.
            let cold = try await BenchmarkClock.measure { _ = try await fetch(arguments) }
            switch item.page {
            case .first: break
            case .third:
                let second = try await fetch(.first(25, after: try await fetch(arguments).pageInfo.endCursor))
                arguments = .first(25, after: second.pageInfo.endCursor)
            case .last:
                arguments = .last(25)
            }
            var wall: [Double] = [], cpu: [Double] = []
            for _ in 0..<runsPerQuery {
                let time = try await BenchmarkClock.measureBoth { _ = try await fetch(arguments) }
                wall.append(time.wall)
                cpu.append(time.cpu)
            }
            let matches = try catalog.products(matching: item.query).count
            wall.sort(); cpu.sort()
            allWall += wall; allCPU += cpu
            rows.append([item.label, item.kind, "\(matches)", BenchmarkClock.milliseconds(cold),
                         BenchmarkClock.milliseconds(BenchmarkClock.quantile(wall, 0.5)),
                         BenchmarkClock.milliseconds(BenchmarkClock.quantile(wall, 0.99)),
                         BenchmarkClock.milliseconds(BenchmarkClock.quantile(cpu, 0.5)),
                         BenchmarkClock.milliseconds(BenchmarkClock.quantile(cpu, 0.99))])
        }
        allWall.sort(); allCPU.sort()
        rows.append(["all queries (\(allWall.count) runs)", "", "", "",
                     BenchmarkClock.milliseconds(BenchmarkClock.quantile(allWall, 0.5)),
                     BenchmarkClock.milliseconds(BenchmarkClock.quantile(allWall, 0.99)),
                     BenchmarkClock.milliseconds(BenchmarkClock.quantile(allCPU, 0.5)),
                     BenchmarkClock.milliseconds(BenchmarkClock.quantile(allCPU, 0.99))])
        print(BenchmarkClock.table(rows))
        print("\n\(BenchmarkClock.loadAverage())")
        print("targets: load < 1000 ms, search p99 < 10 ms (a page of 25; CPU is the process's, all threads)")
    }
}
