import Foundation
import Pictures
import Storefront
import TerminalUI

/// The cost of product pictures: decoding every bundled picture, converting it to a 40x20-cell
/// picture at each colour depth (chafa), and asking the loader again for a converted picture
/// (the redraw of an unchanged picture, which must cost next to nothing).
enum PictureBenchmark {
    /// `pictures [--cells WxH] [--rounds N]` (40x20 cells and 3 rounds of every picture by default).
    static func main(_ arguments: [String]) async throws {
        let cells = BenchmarkArguments.size(arguments, default: Size(width: 40, height: 20), option: "--cells")
        let rounds = BenchmarkArguments.option("--rounds", in: arguments).flatMap(Int.init) ?? 3
        guard let directory = EmbeddedPictures.bundledDirectory,
              let names = try? FileManager.default.contentsOfDirectory(atPath: directory.path).filter({ $0.hasSuffix(".png") }).sorted(),
              !names.isEmpty else {
            throw StorefrontError.invalidArgument("no bundled pictures found")
        }
        let files = try names.map { try Data(contentsOf: directory.appendingPathComponent($0)) }
        var decodeTimes: [Double] = []
        var images: [RGBAImage] = []
        for _ in 0..<rounds {
            images = []
            for data in files {
                var image: RGBAImage?
                decodeTimes.append(try BenchmarkClock.measure { image = try RGBAImage(png: data) })
                images.append(image!)
            }
        }
        print("\(files.count) pictures (\(files.reduce(0) { $0 + $1.count }) bytes of PNG), \(rounds) rounds")
        print(line("decode PNG", decodeTimes))
        for depth in PictureDepth.allCases {
            var times: [Double] = []
            for _ in 0..<rounds {
                for image in images {
                    let (columns, rows) = PictureConverter.fit(width: image.width, height: image.height,
                                                               maxColumns: cells.width, maxRows: cells.height)
                    times.append(BenchmarkClock.measure { _ = PictureConverter.convert(image, columns: columns, rows: rows, depth: depth) })
                }
            }
            print(line("convert \(cells.width)x\(cells.height) \(depth.rawValue)", times))
        }
        // A picture already converted: what a redraw costs.
        let loader = PictureLoader(fetch: { _ in files[0] }, cacheDirectory: nil)
        let key = PictureKey(url: "bench", columns: cells.width, rows: cells.height, depth: .ansi256)
        _ = await loader.picture(key)
        var cached: [Double] = []
        for _ in 0..<(files.count * rounds) {
            cached.append(await BenchmarkClock.measure { _ = await loader.picture(key) })
        }
        print(line("cached picture (loader hit)", cached))
        print("target: convert under 20 ms for 40x20 cells; a cached picture is not converted again (\(await loader.conversions) conversion)")
    }

    private static func line(_ name: String, _ seconds: [Double]) -> String {
        let sorted = seconds.sorted()
        func ms(_ value: Double) -> String { String(format: "%.3f ms", value * 1000) }
        let p99 = sorted[min(sorted.count - 1, Int(Double(sorted.count) * 0.99))]
        return "\(name.padding(toLength: 34, withPad: " ", startingAt: 0)) median \(ms(sorted[sorted.count / 2]))  p99 \(ms(p99))  max \(ms(sorted.last!))  (n=\(sorted.count))"
    }
}
