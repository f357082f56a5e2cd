import XCTest
@testable import TerminalUI

final class ColorPairCacheTests: XCTestCase {
    func testPairsAreAllocatedOnceAndCached() {
        var defined: [[Int]] = []
        var cache = ColorPairCache(limit: 64) { pair, fg, bg in defined.append([pair, fg, bg]); return true }
        XCTAssertEqual(cache.pair(foreground: -1, background: -1), 0, "the default pair needs no allocation")
        XCTAssertEqual(cache.pair(foreground: 1, background: -1), 1)
        XCTAssertEqual(cache.pair(foreground: 2, background: 4), 2)
        XCTAssertEqual(cache.pair(foreground: 1, background: -1), 1)
        XCTAssertEqual(defined, [[1, 1, -1], [2, 2, 4]])
        XCTAssertEqual(cache.allocated, 2)
    }

    func testRunningOutOfPairsFallsBackToTheDefaultPair() {
        var cache = ColorPairCache(limit: 2) { _, _, _ in true }
        XCTAssertEqual(cache.pair(foreground: 1, background: 0), 1)
        XCTAssertEqual(cache.pair(foreground: 2, background: 0), 0)
        var refusing = ColorPairCache(limit: 64) { _, _, _ in false }
        XCTAssertEqual(refusing.pair(foreground: 3, background: 0), 0)
    }
}
