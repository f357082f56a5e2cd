import Foundation
import Storefront
import StorefrontServer

/// Storefront filtering on the generated 100,000-product catalog, through `serve`'s endpoint:
/// a collection page and search pages as a starter storefront asks for them (the first 24
/// products, the filters with their counts, the total), with and without chosen filters, in the
/// shop's market and in another. Wall and CPU time per request, and the process's peak memory.
/// `filters shipped` does the same on the catalog the app ships (12-product coffee collection).
enum FilterBenchmark {
    static let runs = 20

    struct Case {
        var label: String
        var query: String
        var variables: [String: Any]
    }

    static let collectionPage = """
        query($handle: String!, $filters: [ProductFilter!], $country: CountryCode) @inContext(country: $country) {
          collection(handle: $handle) { products(first: 24, filters: $filters) {
            filters { id values { id label count input } } nodes { handle } } }
        }
        """
    static let searchPage = """
        query($term: String!, $filters: [ProductFilter!], $country: CountryCode) @inContext(country: $country) {
          search(query: $term, first: 24, productFilters: $filters) {
            totalCount productFilters { id values { id label count input } } nodes { ... on Product { handle } } }
        }
        """

    static var shippedCases: [Case] { [
        Case(label: "collection page (coffee), no filter", query: collectionPage, variables: ["handle": "coffee"]),
        Case(label: "collection page, 1 kg + in stock", query: collectionPage, variables: [
            "handle": "coffee", "filters": [["variantOption": ["name": "size", "value": "1 kg"]], ["available": true]]]),
        Case(label: "collection page, price up to 2500, in JP", query: collectionPage, variables: [
            "handle": "coffee", "country": "JP", "filters": [["price": ["max": 2500]]]]),
        Case(label: "search \"tea\", no filter", query: searchPage, variables: ["term": "tea"]),
        Case(label: "search \"tea\", vendor + in stock", query: searchPage, variables: [
            "term": "tea", "filters": [["productVendor": "Kettle & Leaf"], ["available": true]]]),
    ] }

    static var cases: [Case] { [
        Case(label: "collection page (500 products), no filter", query: collectionPage, variables: ["handle": "collection-3"]),
        Case(label: "collection page, vendor + in stock", query: collectionPage, variables: [
            "handle": "collection-3", "filters": [["productVendor": "Kestrel Roastery"], ["available": true]]]),
        Case(label: "collection page, size M + price, in JP", query: collectionPage, variables: [
            "handle": "collection-3", "country": "JP", "filters": [["variantOption": ["name": "size", "value": "M"]], ["price": ["min": 0, "max": 5000]]]]),
        Case(label: "search \"coffee\", no filter", query: searchPage, variables: ["term": "coffee"]),
        Case(label: "search \"coffee\", tag + in stock", query: searchPage, variables: [
            "term": "coffee", "filters": [["tag": "organic"], ["available": true]]]),
        Case(label: "search \"tag:*\" (most of the catalog), 2 vendors", query: searchPage, variables: [
            "term": "tag:*", "filters": [["productVendor": "Kestrel Roastery"], ["productVendor": "Linnea Home"]]]),
    ] }

    static func run(_ arguments: [String]) async throws {
        print(BenchmarkClock.loadAverage())
        let shipped = arguments.first == "shipped"
        let catalog = shipped ? try CatalogLoader.bundled() : try SearchBenchmark.load(SearchBenchmark.generate())
        let storefront = EmbeddedStorefront(catalog: catalog, stateDirectory: FileManager.default.temporaryDirectory
            .appendingPathComponent("storefront-bench-filters-\(getpid())"))
        let endpoint = try GraphQLEndpoint(storefront: storefront, accessToken: "bench")
        print("after load: peak memory \(FuzzBenchmark.peakMemoryMiB()) MiB\n")
        var rows: [[String]] = [["request", "products", "filters", "first call", "median", "p99", "CPU median"]]
        for item in shipped ? shippedCases : cases {
            let body = try JSONSerialization.data(withJSONObject: ["query": item.query, "variables": item.variables])
            var answer = Data()
            let cold = await BenchmarkClock.measure { answer = await endpoint.handle(token: "bench", body: body).body }
            var wall: [Double] = [], cpu: [Double] = []
            for _ in 0..<runs {
                let time = await BenchmarkClock.measureBoth { _ = await endpoint.handle(token: "bench", body: body) }
                wall.append(time.wall)
                cpu.append(time.cpu)
            }
            wall.sort(); cpu.sort()
            let (found, filters) = summary(answer)
            rows.append([item.label, found, filters, BenchmarkClock.milliseconds(cold),
                         BenchmarkClock.milliseconds(BenchmarkClock.quantile(wall, 0.5)),
                         BenchmarkClock.milliseconds(BenchmarkClock.quantile(wall, 0.99)),
                         BenchmarkClock.milliseconds(BenchmarkClock.quantile(cpu, 0.5))])
        }
        print(BenchmarkClock.table(rows))
        print("\npeak memory \(FuzzBenchmark.peakMemoryMiB()) MiB; \(BenchmarkClock.loadAverage())")
    }

    /// How many products the answer counts (or shows), and how many filter values it offers.
    private static func summary(_ body: Data) -> (String, String) {
        guard let json = try? JSONSerialization.jsonObject(with: body) as? [String: Any],
              let data = json["data"] as? [String: Any] else { return ("error", String(decoding: body.prefix(120), as: UTF8.self)) }
        let connection = (data["search"] as? [String: Any]) ?? ((data["collection"] as? [String: Any])?["products"] as? [String: Any]) ?? [:]
        let filters = (connection["filters"] ?? connection["productFilters"]) as? [[String: Any]] ?? []
        let values = filters.reduce(0) { $0 + (($1["values"] as? [Any])?.count ?? 0) }
        let total = connection["totalCount"] as? Int
        let shown = (connection["nodes"] as? [Any])?.count ?? 0
        return (total.map { "\($0)" } ?? "\(shown) shown", "\(filters.count) (\(values) values)")
    }
}
