import Foundation

// storefront-bench [name|all]: each benchmark is one entry here and one file.
// Words after the benchmark's name are its own arguments (e.g. queries for `search`).
// Each benchmark declares what it takes, so a mistyped option is refused before anything runs
// (a word like `--help` is never taken for a path or a query).
let benchmarks: [Benchmark] = [
    Benchmark("search", "catalog load and search latency over 100,000 products [QUERY...]",
              takes: .init(positionals: .max), run: SearchBenchmark.run),
    Benchmark("load", "catalog load of 100,000 products, repeated [N, default 5] [PATH instead]",
              takes: .init(positionals: 2), run: { try SearchBenchmark.runLoads($0) }),
    Benchmark("filters", "collection and search pages with storefront filters over 100,000 products, through serve's endpoint [shipped]",
              takes: .init(positionals: 1), run: FilterBenchmark.run),
    Benchmark("catalog", "writes the generated 100,000-product catalog to PATH",
              takes: .init(positionals: 1), run: { try SearchBenchmark.write($0) }),
    Benchmark("oneshot", "search, product and collections as one-shot commands on the shipped and a 100,000-product catalog, and the ratio [--catalog PATH] [--runs N] [--storefront PATH]",
              takes: .init(options: ["--catalog", "--runs", "--storefront"]), run: OneShotBenchmark.main),
    Benchmark("store", "reducer throughput: actions per second through the Store", takes: .init(), run: { _ in await runStoreBenchmark() }),
    Benchmark("render", "time to render a frame, median and p99 [--size WxH] [--frames N]",
              takes: .init(options: ["--size", "--frames"]), run: RenderBenchmark.main),
    Benchmark("fuzz", "hostile inputs per surface: tried, failures, slowest [SURFACE|all] [--seconds N] [--cases N] [--seed N] [--url URL --token T]",
              takes: .init(options: ["--seconds", "--cases", "--seed", "--url", "--token"], positionals: 1), run: FuzzBenchmark.run),
    Benchmark("pictures", "picture decode and conversion time, cached redraw [--cells WxH] [--rounds N]",
              takes: .init(options: ["--cells", "--rounds"]), run: PictureBenchmark.main),
    Benchmark("pty", "first frame, start-up phases and bytes per move on each list under a pty, beside a peer [--size WxH[,WxH]] [--rounds N] [--peer PATH] [-- STOREFRONT...]",
              takes: .init(options: ["--size", "--peer", "--rounds"], passesRest: true), run: PtyBenchmark.main),
    Benchmark("ssh", "concurrent SSH sessions: accepted, memory, CPU, key latency [--sessions 10,50,100] [--keys N] [--storefront PATH] [--peer-sshd PATH]",
              takes: .init(options: ["--sessions", "--keys", "--storefront", "--peer-sshd"]), run: SSHBenchmark.main),
    Benchmark("serve", "serve's GraphQL under load: the product page, { shop { name } } and cartCreate; req/s, p50/p99, CPU per request, memory [--connections 1,4,16] [--seconds N] [--queries product,shop,cart] [--storefront PATH] [--executor serial|library]",
              takes: .init(options: ["--connections", "--seconds", "--queries", "--storefront", "--executor"]), run: ServeBenchmark.main),
    Benchmark("execute", "serve's endpoint in this process, no HTTP: the product page, cartCreate and { shop { name } }, µs per answer and the ratio [--rounds N] [--tasks N at once] [--queries shop,product,cart] [--document FILE [--variables JSON]] [--executor serial|library]",
              takes: .init(options: ["--rounds", "--tasks", "--queries", "--document", "--variables", "--executor"]), run: ExecuteBenchmark.main),
    Benchmark("crash", "kill -9 during cart and order writes, then check nothing acknowledged is lost [--kills N] [--store json|sqlite|both] [--seed N] [--writers N] [--storefront PATH]",
              takes: .init(options: ["--kills", "--store", "--seed", "--writers", "--storefront"]), run: CrashBenchmark.main),
    Benchmark("schema", "serve's schema against the real API's: --reference PATH (an introspection result), --api storefront"
              + " (default) or customer-account; exits 1 on a mismatch",
              takes: .init(options: ["--reference", "--api"]), run: SchemaCheck.main),
    Benchmark("simulate", "seeded shopper sessions with the books checked after every step: --seed S --sessions N [--store embedded|serve|both] [--steps N] [--jobs N] [--trace]",
              takes: .init(options: ["--seed", "--sessions", "--store", "--steps", "--jobs"], flags: ["--trace"]), run: SimulateBenchmark.main),
    Benchmark("crash-writer", "the process `crash` kills: carts and orders written to DIR, each acknowledged on stdout",
              takes: .init(positionals: 2), run: CrashWriter.main),
]

let arguments = Array(CommandLine.arguments.dropFirst())
let wanted = arguments.first ?? "all"
if wanted == "-h" || wanted == "--help" || (wanted != "all" && !benchmarks.contains { $0.name == wanted }) {
    print("usage: storefront-bench [\((benchmarks.map(\.name) + ["all"]).joined(separator: "|"))]")
    for benchmark in benchmarks { print("  \(benchmark.name.padding(toLength: 10, withPad: " ", startingAt: 0)) \(benchmark.summary)") }
    exit(wanted == "-h" || wanted == "--help" ? 0 : 2)
}
// "all" runs the benchmarks; writing the catalog is a tool, and fuzzing (a long run), ssh (a
// hundred clients), the kill loop, the schema check (it needs the API's schema) and the simulator are run only by name.
for benchmark in benchmarks where (wanted == "all" && !["catalog", "oneshot", "fuzz", "ssh", "crash", "crash-writer", "schema", "simulate", "serve"].contains(benchmark.name))
    || benchmark.name == wanted {
    let own = Array(arguments.dropFirst())
    if wanted != "all" {
        switch benchmark.takes.check(own) {
        case .run: break
        case .help:
            print("usage: storefront-bench \(benchmark.name) …\n  \(benchmark.summary)")
            exit(0)
        case .refused(let reason):
            FileHandle.standardError.write(Data("storefront-bench \(benchmark.name): \(reason)\nusage: \(benchmark.summary)\n".utf8))
            exit(64)
        }
    }
    // The writer's standard output is its acknowledgements, nothing else.
    if wanted != "crash-writer" { print("== \(benchmark.name): \(benchmark.summary)") }
    do { try await benchmark.run(own) } catch {
        FileHandle.standardError.write(Data("\(benchmark.name) failed: \(error)\n".utf8))
        exit(1)
    }
}
