import Foundation

// storefront-bench [name|all]: each benchmark is one entry here and one file.
// Words after the benchmark's name are its own arguments (e.g. queries for `search`).
let benchmarks: [(name: String, summary: String, run: ([String]) async throws -> Void)] = [
    ("search", "catalog load and search latency over 100,000 products [QUERY...]", SearchBenchmark.run),
    ("load", "catalog load of 100,000 products, repeated [N, default 5] [PATH instead]", { try SearchBenchmark.runLoads($0) }),
    ("filters", "collection and search pages with storefront filters over 100,000 products, through serve's endpoint [shipped]",
     FilterBenchmark.run),
    ("catalog", "writes the generated 100,000-product catalog to PATH", { try SearchBenchmark.write($0) }),
    ("store", "reducer throughput: actions per second through the Store", { _ in await runStoreBenchmark() }),
    ("render", "time to render a frame, median and p99 [--size WxH] [--frames N]", RenderBenchmark.main),
    ("fuzz", "hostile inputs per surface: tried, failures, slowest [SURFACE|all] [--seconds N] [--cases N] [--seed N]", FuzzBenchmark.run),
    ("pictures", "picture decode and conversion time, cached redraw [--cells WxH] [--rounds N]", PictureBenchmark.main),
    ("pty", "first frame and bytes per key under a pty [--size WxH] [--peer PATH] [-- STOREFRONT...]", PtyBenchmark.main),
    ("ssh", "concurrent SSH sessions: accepted, memory, CPU, key latency [--sessions 10,50,100] [--keys N]", SSHBenchmark.main),
    ("crash", "kill -9 during cart and order writes, then check nothing acknowledged is lost [--kills N] [--store json|sqlite|both]",
     CrashBenchmark.main),
    ("schema", "serve's schema against the Storefront API's: --reference PATH (an introspection result); exits 1 on a mismatch",
     SchemaCheck.main),
    ("simulate", "seeded shopper sessions with the books checked after every step: --seed S --sessions N [--store embedded|serve|both] [--steps N] [--jobs N] [--trace]",
     SimulateBenchmark.main),
    ("crash-writer", "the process `crash` kills: carts and orders written to DIR, each acknowledged on stdout", CrashWriter.main),
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
for benchmark in benchmarks where (wanted == "all" && !["catalog", "fuzz", "ssh", "crash", "crash-writer", "schema", "simulate"].contains(benchmark.name))
    || benchmark.name == wanted {
    // The writer's standard output is its acknowledgements, nothing else.
    if wanted != "crash-writer" { print("== \(benchmark.name): \(benchmark.summary)") }
    do { try await benchmark.run(Array(arguments.dropFirst())) } catch {
        FileHandle.standardError.write(Data("\(benchmark.name) failed: \(error)\n".utf8))
        exit(1)
    }
}
