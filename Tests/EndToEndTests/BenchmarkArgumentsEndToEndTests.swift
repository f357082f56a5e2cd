import Foundation
import XCTest

/// `storefront-bench` refuses what a benchmark does not take before it runs anything: a mistyped
/// option or `--help` must never be taken for a path (`catalog --help` once wrote a 70 MB file
/// named `--help`).
final class BenchmarkArgumentsEndToEndTests: XCTestCase {
    private func bench(_ arguments: [String], in directory: URL) throws -> (status: Int32, output: String) {
        try TmuxSession.runBenchmark(arguments, in: directory)
    }

    func testUnknownOptionsAreRefusedAndHelpWritesNothing() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("bench-arguments-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }

        let help = try bench(["catalog", "--help"], in: directory)
        XCTAssertEqual(help.status, 0, help.output)
        XCTAssertTrue(help.output.contains("usage: storefront-bench catalog"), help.output)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory.path), [], "help wrote a file")

        let typo = try bench(["simulate", "--sesions", "3"], in: directory)
        XCTAssertEqual(typo.status, 64, typo.output)
        XCTAssertTrue(typo.output.contains("unknown option --sesions"), typo.output)
        XCTAssertFalse(typo.output.contains("== simulate"), "the benchmark started: \(typo.output)")

        let missing = try bench(["render", "--frames"], in: directory)
        XCTAssertEqual(missing.status, 64, missing.output)
        XCTAssertTrue(missing.output.contains("--frames needs a value"), missing.output)

        let extra = try bench(["store", "now"], in: directory)
        XCTAssertEqual(extra.status, 64, extra.output)
        XCTAssertTrue(extra.output.contains("unexpected argument now"), extra.output)
    }
}
