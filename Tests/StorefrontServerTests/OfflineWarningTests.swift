import Foundation
import Storefront
import StorefrontServer
import Testing

/// A read command over a storefront that stopped answering says it is offline once, however many
/// requests fell back to saved answers.
@Suite(.enabled(if: StorefrontExecutable.url != nil, "build the storefront executable first"))
struct OfflineWarningTests {
    @Test func theOfflineWarningIsPrintedOncePerCommand() async throws {
        let cache = FileManager.default.temporaryDirectory.appendingPathComponent("offline-warning-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: cache) }
        let runner = CommandLineParityTests()
        let server = try await LoopbackServer.start()
        let remote = ["--endpoint", server.url.absoluteString, "--token", LoopbackServer.token]
        let online = try await runner.run(remote + ["collections"], cache: cache)
        await server.stop()
        #expect(online.status == 0 && !online.stderr.contains("offline"), "\(online.stderr)")

        let offline = try await runner.run(remote + ["collections"], cache: cache)
        #expect(offline.status == 0, "\(offline.stderr)")
        #expect(offline.stdout == online.stdout)
        let warnings = offline.stderr.split(separator: "\n").filter { $0.contains("offline") }
        #expect(warnings.count == 1, "\(offline.stderr)")
    }
}
