import Foundation
import Testing
@testable import Storefront

/// What the command line prints when its input is hostile: one row per item, no control
/// characters from data or from the command line, bounded error messages.
@Suite(.enabled(if: BuiltExecutable.url != nil, "build the storefront executable first"))
struct CommandLineHostileInputTests {
    let cli = CommandLineTests()

    @Test func aNewlineInADescriptionDoesNotForgeATableRow() async throws {
        let directory = TemporaryDirectory()
        let forged = Fixtures.catalogJSON.replacingOccurrences(
            of: #"{"id": 101, "handle": "coffee", "title": "Coffee","#,
            with: #"{"id": 101, "handle": "coffee", "title": "Coffee", "description": "Beans\nFake row   99  fake  \u001b[31mred","#)
        #expect(forged != Fixtures.catalogJSON)
        let run = try await cli.run(["collections", "--catalog", try cli.writeCatalog(forged, in: directory)])
        #expect(run.status == 0)
        let lines = run.stdout.split(separator: "\n")
        #expect(lines.count == 1 + (try Fixtures.catalog().collections.count))
        #expect(!lines.contains { $0.hasPrefix("Fake row") })
        #expect(!run.stdout.utf8.contains(0x1B))
    }

    @Test func aQueryStartingWithThreeDashesIsAQuery() async throws {
        let run = try await cli.run(["search", "---", "--json"])
        #expect(run.status == 0)   // a query (products without "--"), not a usage error (64)
        #expect(run.stdout.hasPrefix("["))
        #expect(run.stderr.isEmpty)
        let word = try await cli.run(["search", "--limit", "1", "---tea"])
        #expect(word.status == 0)
    }

    @Test func aSearchErrorShowsNoControlCharactersAndAtMostAWindowOfTheQuery() async throws {
        let run = try await cli.run(["search", "foo:(bar\u{1B}]52;c;aGk=\u{07}" + String(repeating: "x", count: 5_000)])
        #expect(run.status == 2)
        #expect(!run.stderr.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
        #expect(run.stderr.count < 400)
    }

    @Test func anUnknownFieldWithAHugeNameGivesAShortError() async throws {
        let run = try await cli.run(["search", String(repeating: "a", count: 1_500) + ":1"])
        #expect(run.status == 2)
        #expect(run.stderr.count < 400)
        #expect(run.stderr.contains("unknown field 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa…'"))
    }
}

extension CommandLineHostileInputTests {
    @Test func aFileNameWithEscapesIsReportedWithoutThem() async throws {
        let run = try await cli.run(["checkout", "replay", "/nonexistent\u{1B}]0;title\u{07}\u{1B}[2J"])
        #expect(run.status == 2)
        #expect(run.stderr.hasPrefix("storefront: cannot read /nonexistent: "))
        #expect(!run.stderr.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
    }
}
