import Foundation
import TerminalUI

// storefront-bench [render] [--size WxH] [--frames N]
let arguments = Array(CommandLine.arguments.dropFirst())
func option(_ name: String) -> String? {
    arguments.firstIndex(of: name).flatMap { $0 + 1 < arguments.count ? arguments[$0 + 1] : nil }
}
let sizeParts = (option("--size") ?? "120x40").split(separator: "x").compactMap { Int($0) }
let size = sizeParts.count == 2 ? Size(width: sizeParts[0], height: sizeParts[1]) : Size(width: 120, height: 40)
let frames = option("--frames").flatMap(Int.init) ?? 2000
do {
    let results = try await RenderBenchmark.run(size: size, frames: frames)
    print(RenderBenchmark.report(results, size: size))
} catch {
    FileHandle.standardError.write(Data("storefront-bench: \(error)\n".utf8))
    exit(1)
}
