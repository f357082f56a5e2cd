import Foundation
import TerminalUI

// storefront-bench                  every in-process benchmark (store, render)
// storefront-bench store            reducer throughput through the real Store
// storefront-bench search [QUERY...] catalog load and search latency over 100,000 products
// storefront-bench render [--size WxH] [--frames N]
// storefront-bench pty [--size WxH] [--peer PATH] -- STOREFRONT [ARGS...]
let arguments = Array(CommandLine.arguments.dropFirst())
func option(_ name: String) -> String? {
    arguments.firstIndex(of: name).flatMap { $0 + 1 < arguments.count ? arguments[$0 + 1] : nil }
}
func size(_ text: String?, default fallback: Size) -> Size {
    let parts = (text ?? "").split(separator: "x").compactMap { Int($0) }
    return parts.count == 2 ? Size(width: parts[0], height: parts[1]) : fallback
}

do {
    switch arguments.first {
    case "store":
        await runStoreBenchmark()
    case "search":
        try await SearchBenchmark.run(Array(arguments.dropFirst()))
    case "render":
        let renderSize = size(option("--size"), default: Size(width: 120, height: 40))
        let results = try await RenderBenchmark.run(size: renderSize, frames: option("--frames").flatMap(Int.init) ?? 2000)
        print(RenderBenchmark.report(results, size: renderSize))
    case "pty":
        guard let dash = arguments.firstIndex(of: "--"), dash + 1 < arguments.count else {
            throw PtyBenchmark.Failure.spawn("usage: storefront-bench pty [--size WxH] [--peer PATH] -- STOREFRONT [ARGS...]")
        }
        let ptySize = size(option("--size"), default: Size(width: 80, height: 24))
        let state = FileManager.default.temporaryDirectory.appendingPathComponent("storefront-pty-\(getpid())").path
        let report = try PtyBenchmark.run(
            command: Array(arguments[(dash + 1)...]), cols: ptySize.width, rows: ptySize.height,
            environment: ["XDG_STATE_HOME": state], until: "Collections",
            steps: [.init(label: "collections ↓ (list + preview)", key: "j", count: 10),
                    .init(label: "collections ↑ (list + preview)", key: "k", count: 10),
                    .init(label: "open the first collection", key: "\r", count: 1),
                    .init(label: "products ↓ (list)", key: "j", count: 10)])
        print(PtyBenchmark.describe(report, name: "storefront \(ptySize)"))
        if let peer = option("--peer") {
            let peerReport = try PtyBenchmark.run(command: [peer], cols: ptySize.width, rows: ptySize.height,
                                                  environment: [:], until: "Collections",
                                                  steps: [.init(label: "list ↓", key: "j", count: 10)])
            print(PtyBenchmark.describe(peerReport, name: "\(peer) \(ptySize)"))
        }
    default:
        await runStoreBenchmark()
        let renderSize = Size(width: 120, height: 40)
        print(RenderBenchmark.report(try await RenderBenchmark.run(size: renderSize, frames: 2000), size: renderSize))
    }
} catch {
    FileHandle.standardError.write(Data("storefront-bench: \(error)\n".utf8))
    exit(1)
}
