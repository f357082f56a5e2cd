import Foundation
import Storefront

/// Generates a 100,000-product catalog as JSON, loads it through the real loader, and times
/// queries of every kind through `EmbeddedStorefront.products(query:)`, as the app calls it.
enum SearchBenchmark {
    static let productCount = 100_000
    static let runsPerQuery = 40

    static let queries: [(kind: String, query: String)] = [
        ("fuzzy term", "coffee"),
        ("fuzzy term", "ceramic mug"),
        ("fuzzy term", "café"),
        ("fuzzy term", "抹茶"),
        ("fuzzy term (no match)", "zebraphone"),
        ("fuzzy term (2 letters)", "xq"),
        ("fuzzy phrase", "\"hand thrown\""),
        ("field match", "tag:organic"),
        ("field match", "product_type:Tea"),
        ("field match", "vendor:\"Kestrel Roastery\""),
        ("field prefix", "title:ceramic*"),
        ("negation", "-tag:sale"),
        ("negation", "coffee -tag:decaf"),
        ("negation", "NOT available_for_sale:true"),
        ("OR / parentheses", "(tea OR coffee) AND tag:gift"),
        ("OR / parentheses", "mug OR kettle OR grinder"),
        ("comparison", "price:<10"),
        ("comparison", "price:>=50 price:<=100"),
        ("comparison", "created_at:>2024-06-01"),
        ("exists", "tag:*"),
        ("exists", "-tag:*"),
    ]

    /// With `custom` queries, times those instead of the standard mix.
    static func run(_ custom: [String]) async throws {
        var data = Data()
        var generator = CatalogGenerator(seed: 42)
        let generate = BenchmarkClock.measure { data = generator.json(products: productCount) }
        print("generated \(productCount) products: \(data.count / 1_000_000) MB of JSON in \(BenchmarkClock.milliseconds(generate))")

        var catalog: StoreCatalog?
        let cpuBefore = BenchmarkClock.cpuTime()
        let load = try BenchmarkClock.measure { catalog = try CatalogLoader.load(data: data, file: "generated") }
        let loadCPU = BenchmarkClock.cpuTime() - cpuBefore
        let storefront = EmbeddedStorefront(catalog: catalog!, stateDirectory: FileManager.default.temporaryDirectory
            .appendingPathComponent("storefront-bench-\(getpid())"))
        print("load (read, validate, sanitise, index): \(BenchmarkClock.milliseconds(load)) wall, \(BenchmarkClock.milliseconds(loadCPU)) CPU\n")

        var rows: [[String]] = [["query", "kind", "matches", "median", "p99"]]
        var all: [Double] = []
        let selected = custom.isEmpty ? queries : custom.map { (kind: "custom", query: $0) }
        for (kind, query) in selected {
            var samples: [Double] = []
            var matches = 0
            // One untimed call warms the caches; every query is then timed end to end.
            matches = try await storefront.products(.first(25), query: query, sortKey: .relevance, reverse: false).edges.count
            for _ in 0..<runsPerQuery {
                samples.append(try await BenchmarkClock.measure {
                    _ = try await storefront.products(.first(25), query: query, sortKey: .relevance, reverse: false)
                })
            }
            matches = try catalog!.products(matching: query).count
            samples.sort()
            all += samples
            rows.append([query, kind, "\(matches)", BenchmarkClock.milliseconds(BenchmarkClock.quantile(samples, 0.5)),
                         BenchmarkClock.milliseconds(BenchmarkClock.quantile(samples, 0.99))])
        }
        all.sort()
        rows.append(["all queries (\(all.count) runs)", "", "", BenchmarkClock.milliseconds(BenchmarkClock.quantile(all, 0.5)),
                     BenchmarkClock.milliseconds(BenchmarkClock.quantile(all, 0.99))])
        print(BenchmarkClock.table(rows))
        print("\ntargets: load < 1000 ms, search p99 < 10 ms (first page of 25, relevance order)")
    }
}
