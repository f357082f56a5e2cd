import Foundation
import Storefront
import StorefrontFuzzing
import StorefrontServer
import Testing

/// Seeded hostile inputs on every surface that reads outside data: each must get an answer or a
/// clear error, quickly, and never bring the process down. The seed is fixed so a failure comes
/// back the same way; a failure names the case's seed and the smallest failing input found.
/// `storefront-bench fuzz SURFACE --seconds N` runs the same generators for longer.
struct HostileInputPropertyTests {
    static let seed: UInt64 = 20_261_124

    func expectClean(_ report: FuzzReport) {
        #expect(report.failures.isEmpty, "\(report.summary)")
        #expect(report.tried > 0)
    }

    @Test func catalogFiles() async throws {
        expectClean(await FuzzRunner.run(.catalog, seed: Self.seed, cases: 2_000, seconds: 4, slowLimit: .seconds(1)))
    }

    @Test func searchQueries() async throws {
        let target = FuzzTarget.search(catalog: try CatalogLoader.bundled())
        expectClean(await FuzzRunner.run(target, seed: Self.seed, cases: 3_000, seconds: 4, slowLimit: .seconds(1)))
    }

    @Test func replayLines() async throws {
        expectClean(await FuzzRunner.run(.replay, seed: Self.seed, cases: 3_000, seconds: 4, slowLimit: .seconds(1)))
    }

    @Test func graphQLRequests() async throws {
        let state = FileManager.default.temporaryDirectory.appendingPathComponent("fuzz-graphql-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: state) }
        let storefront = try EmbeddedStorefront(catalog: try CatalogLoader.bundled(), stateDirectory: state)
        let endpoint = try GraphQLEndpoint(storefront: storefront, accessToken: "fuzz")
        // The first search builds the catalog's index: time that once, outside the cases.
        _ = await endpoint.handle(token: "fuzz", body: Data(#"{"query":"{ products(first: 1, query: \"tea\") { nodes { id } } }"}"#.utf8))
        expectClean(await FuzzRunner.run(.graphql(endpoint: endpoint), seed: Self.seed, cases: 1_000, seconds: 6, slowLimit: .seconds(2)))
    }

    @Test func oauthRequests() async throws {
        let state = FileManager.default.temporaryDirectory.appendingPathComponent("fuzz-oauth-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: state) }
        let storefront = try EmbeddedStorefront(catalog: try CatalogLoader.bundled(), stateDirectory: state)
        let account = await AccountEndpoint.serving(storefront, configuration: .init(autoApprove: true))
        expectClean(await FuzzRunner.run(.oauth(account: account), seed: Self.seed, cases: 2_000, seconds: 4, slowLimit: .seconds(1)))
    }
}
