import Foundation
import Pictures
import Testing

struct PictureConverterTests {
    /// A picture with a red left half and a blue right half.
    static func halves(width: Int = 16, height: Int = 16) -> RGBAImage {
        var pixels: [UInt8] = []
        for _ in 0..<height {
            for x in 0..<width { pixels += x < width / 2 ? [255, 0, 0, 255] : [0, 0, 255, 255] }
        }
        return RGBAImage(width: width, height: height, pixels: pixels)
    }

    @Test func aPNGRoundTripsThroughLibpng() throws {
        let image = Self.halves()
        let decoded = try RGBAImage(png: try image.pngData())
        #expect(decoded == image)
    }

    @Test func brokenOrForeignBytesAreClearErrors() throws {
        #expect(throws: PictureError.unsupportedFormat) { try RGBAImage(png: Data("GIF89a".utf8)) }
        var png = try Self.halves().pngData()
        png.removeLast(png.count / 2)
        #expect(throws: PictureError.self) { try RGBAImage(png: png) }
        #expect(throws: PictureError.self) { try RGBAImage(png: Data([0x89, 0x50, 0x4E, 0x47, 0, 0, 0])) }
    }

    @Test func truecolorCellsCarryThePicturesColours() {
        let picture = PictureConverter.convert(Self.halves(), columns: 4, rows: 2, depth: .truecolor)
        #expect(picture.columns == 4 && picture.rows == 2)
        let left = picture[0, 0], right = picture[3, 1]
        #expect(Set([left.foreground, left.background]).contains(.rgb(255, 0, 0)))
        #expect(Set([right.foreground, right.background]).contains(.rgb(0, 0, 255)))
    }

    @Test(arguments: [(PictureDepth.ansi8, 7), (.ansi16, 15), (.ansi256, 255)])
    func indexedDepthsStayInTheirPalette(depth: PictureDepth, largest: Int) {
        let picture = PictureConverter.convert(Self.halves(), columns: 6, rows: 3, depth: depth)
        for cell in picture.cells {
            for color in [cell.foreground, cell.background] {
                if case .palette(let index) = color { #expect(Int(index) <= largest) }
                if case .rgb = color { Issue.record("an indexed picture used an RGB colour") }
            }
        }
        #expect(picture.cells.contains { $0.foreground != .none || $0.background != .none })
    }

    @Test func monochromeUsesShapesOnly() {
        var pixels: [UInt8] = []
        for y in 0..<16 { for _ in 0..<16 { pixels += y < 8 ? [255, 255, 255, 255] : [0, 0, 0, 255] } }
        let picture = PictureConverter.convert(RGBAImage(width: 16, height: 16, pixels: pixels), columns: 4, rows: 2,
                                               depth: .monochrome)
        #expect(picture.cells.allSatisfy { $0.foreground == .none && $0.background == .none })
        #expect(Set(picture.cells.map(\.character)).count > 1, "light and dark halves differ in shape")
    }

    @Test func fitKeepsProportionsForTallCells() {
        #expect(PictureConverter.fit(width: 128, height: 128, maxColumns: 40, maxRows: 20) == (40, 20))
        #expect(PictureConverter.fit(width: 128, height: 128, maxColumns: 40, maxRows: 10) == (20, 10))
        #expect(PictureConverter.fit(width: 128, height: 96, maxColumns: 24, maxRows: 20) == (24, 9))
        #expect(PictureConverter.fit(width: 0, height: 96, maxColumns: 24, maxRows: 20) == (0, 0))
    }

    @Test func scalingDownAveragesAndKeepsTheAspect() {
        let small = Self.halves(width: 32, height: 16).scaledDown(maxWidth: 8, maxHeight: 8)
        #expect(small.width == 8 && small.height == 4)
        #expect(Array(small.pixels[0..<4]) == [255, 0, 0, 255])
        #expect(Self.halves().scaledDown(maxWidth: 100, maxHeight: 100) == Self.halves())
    }
}

struct PictureLoaderTests {
    final class Fetches: @unchecked Sendable {
        private let lock = NSLock()
        private var urls: [String] = []
        func record(_ url: String) { lock.withLock { urls.append(url) } }
        var all: [String] { lock.withLock { urls } }
    }

    @Test func aPictureIsFetchedAndConvertedOnceThenKept() async throws {
        let png = try PictureConverterTests.halves().pngData()
        let fetches = Fetches()
        let loader = PictureLoader(fetch: { url in fetches.record(url); return png }, cacheDirectory: nil)
        let key = PictureKey(url: "https://x/a.png", columns: 4, rows: 2, depth: .ansi256)
        let first = try await loader.picture(key).get()
        let second = try await loader.picture(key).get()
        #expect(first == second && first.columns == 4)
        _ = try await loader.picture(PictureKey(url: "https://x/a.png", columns: 8, rows: 4, depth: .ansi256)).get()
        #expect(fetches.all == ["https://x/a.png"], "another size reuses the decoded image")
        #expect(await loader.conversions == 2)
    }

    @Test func aBrokenPictureFailsOnceAndIsNotFetchedAgain() async throws {
        let fetches = Fetches()
        let loader = PictureLoader(fetch: { url in fetches.record(url); return Data([0x89, 0x50, 0x4E, 0x47, 1, 2, 3]) },
                                   cacheDirectory: nil)
        let key = PictureKey(url: "https://x/broken.png", columns: 4, rows: 2, depth: .ansi16)
        guard case .failure = await loader.picture(key) else { Issue.record("a broken PNG converted"); return }
        guard case .failure = await loader.picture(key) else { Issue.record("a broken PNG converted"); return }
        #expect(fetches.all.count == 1)
    }

    @Test func convertedPicturesSurviveARestartOnDisk() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("pictures-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let png = try PictureConverterTests.halves().pngData()
        let key = PictureKey(url: "https://x/a.png", columns: 4, rows: 2, depth: .truecolor)
        let first = try await PictureLoader(fetch: { _ in png }, cacheDirectory: directory).picture(key).get()
        let again = PictureLoader(fetch: { _ in throw PictureError.unavailable("offline") }, cacheDirectory: directory)
        #expect(try await again.picture(key).get() == first)
        #expect(await again.conversions == 0)
    }
}

struct PictureTextTests {
    @Test func rowsCarryTheirColoursAndEndReset() {
        let picture = CellPicture(columns: 2, rows: 1, cells: [
            PictureCell(character: "▀", foreground: .palette(1), background: .palette(12)),
            PictureCell(character: "▄", foreground: .rgb(1, 2, 3), background: .palette(200)),
        ])
        #expect(PictureText.ansi(picture) == "\u{1B}[0;31;104m▀\u{1B}[0;38;2;1;2;3;48;5;200m▄\u{1B}[0m\n")
    }

    @Test func monochromeCellsAreShapesWithoutColour() {
        let picture = CellPicture(columns: 2, rows: 2, cells: Array(repeating: PictureCell(character: "█", foreground: .none,
                                                                                           background: .none), count: 4))
        #expect(PictureText.ansi(picture) == "\u{1B}[0m██\u{1B}[0m\n\u{1B}[0m██\u{1B}[0m\n")
    }
}
