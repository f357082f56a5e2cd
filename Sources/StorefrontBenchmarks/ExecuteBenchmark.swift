import Foundation
import Storefront
import StorefrontServer

/// `execute [--rounds N] [--queries shop,product,cart] [--document FILE [--variables JSON]] [--executor serial|library]`:
/// serve's endpoint in this process, without
/// HTTP: the product page (the app's `Product` document by handle), cartCreate with one line and the
/// trivial `{ shop { name } }`, each answered N times on one task after a warm-up, no answers kept.
/// Prints the median time of an answer over 9 batches and each one's share of the trivial query's
/// rate: what the executor, the JSON in and out and the budget cost a request, apart from the
/// network and HTTP that `serve` measures with them. `--document` times a document of one's own
/// as well (with `--variables`), to see what a kind of field costs.
enum ExecuteBenchmark {
    static func main(_ arguments: [String]) async throws {
        let rounds = BenchmarkArguments.option("--rounds", in: arguments).flatMap(Int.init) ?? 400
        let tasks = BenchmarkArguments.option("--tasks", in: arguments).flatMap(Int.init) ?? 1
        guard (1...64).contains(tasks) else { throw ServeBenchmark.Failure(description: "--tasks takes 1 to 64") }
        guard (1...100_000).contains(rounds) else { throw ServeBenchmark.Failure(description: "--rounds takes 1 to 100000") }
        let executor: GraphQLEndpoint.Executor
        switch BenchmarkArguments.option("--executor", in: arguments) ?? "serial" {
        case "serial": executor = .serial
        case "library": executor = .library
        case let other: throw ServeBenchmark.Failure(description: "--executor takes serial or library, not \(other)")
        }
        let catalog = try CatalogLoader.bundled()
        guard let product = catalog.products.first, let variant = product.variants.first else {
            throw ServeBenchmark.Failure(description: "the bundled catalog has no product with a variant")
        }
        let state = FileManager.default.temporaryDirectory.appendingPathComponent("storefront-execute-bench-\(getpid())")
        defer { try? FileManager.default.removeItem(at: state) }
        try FileManager.default.createDirectory(at: state, withIntermediateDirectories: true)
        // As `serve` keeps carts and orders: in its SQLite database.
        let (database, _) = SQLiteStatePersistence.open(directory: state)
        let storefront = EmbeddedStorefront(catalog: catalog, stateDirectory: state, persistence: database)
        let endpoint = try GraphQLEndpoint(storefront: storefront, accessToken: ServeBenchmark.token, cachedAnswers: 0, executor: executor)
        var keys = ["shop", "product", "cart"]
        var timed = Set((BenchmarkArguments.option("--queries", in: arguments) ?? keys.joined(separator: ",")).split(separator: ",").map(String.init))
        guard !timed.isEmpty, timed.isSubset(of: keys) else {
            throw ServeBenchmark.Failure(description: "--queries takes some of shop, product and cart, separated by commas")
        }
        var queries: [(name: String, body: Data)] = [
            ("{ shop { name } }", try ServeBenchmark.body(document: "{ shop { name } }", operationName: nil, variables: [:])),
            ("product page", try ServeBenchmark.body(.product, variables: ["handle": product.handle])),
            ("cartCreate", try ServeBenchmark.body(.cartCreate, variables: ["input": ["lines": [["merchandiseId": variant.id, "quantity": 1]]]])),
        ]
        // A document of the developer's own, timed after the trivial query (and its ratio to it).
        if let path = BenchmarkArguments.option("--document", in: arguments) {
            let document: String
            do { document = try String(contentsOfFile: path, encoding: .utf8) } catch {
                throw ServeBenchmark.Failure(description: "--document: cannot read \(path): \(error.localizedDescription)")
            }
            var variables: [String: Any] = [:]
            if let text = BenchmarkArguments.option("--variables", in: arguments) {
                guard let object = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any] else {
                    throw ServeBenchmark.Failure(description: "--variables takes a JSON object, not \(text)")
                }
                variables = object
            }
            keys.append("document")
            timed.insert("document")
            queries.append((URL(fileURLWithPath: path).lastPathComponent,
                            try ServeBenchmark.body(document: document, operationName: nil, variables: variables)))
        }
        print("\(rounds) answers a batch, 9 batches, median; executor \(executor); \(BenchmarkClock.loadAverage())")
        var trivial: Double?
        var rows = [["query", "µs per answer", "answers/s", "x trivial", "bytes answered"]]
        for (key, query) in zip(keys, queries) where timed.contains(key) {
            var answered = 0
            for _ in 0..<max(20, rounds / 10) { answered = try await answer(query.body, endpoint, query.name) }
            var batches: [Double] = []
            for _ in 0..<9 {
                let start = DispatchTime.now().uptimeNanoseconds
                try await withThrowingTaskGroup(of: Void.self) { group in
                    for _ in 0..<tasks {
                        group.addTask { for _ in 0..<rounds { _ = try await answer(query.body, endpoint, query.name) } }
                    }
                    try await group.waitForAll()
                }
                batches.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1000 / Double(rounds * tasks))
            }
            let micros = batches.sorted()[4]
            if key == "shop" { trivial = micros }
            rows.append([query.name, String(format: "%.1f", micros), String(format: "%.0f", 1e6 / micros),
                         trivial.map { String(format: "%.2f", $0 / micros) } ?? "-", "\(answered)"])
        }
        print(BenchmarkClock.table(rows))
    }

    private static func answer(_ body: Data, _ endpoint: GraphQLEndpoint, _ name: String) async throws -> Int {
        let response = await endpoint.handle(token: ServeBenchmark.token, body: body)
        guard response.status == 200, response.body.starts(with: Data(#"{"data":"#.utf8)) else {
            throw ServeBenchmark.Failure(description: "\(name): HTTP \(response.status) \(String(decoding: response.body.prefix(300), as: UTF8.self))")
        }
        return response.body.count
    }
}
