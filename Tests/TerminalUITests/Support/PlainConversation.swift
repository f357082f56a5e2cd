import AppCore
import CheckoutSheet
import Foundation
import Storefront
import Synchronization
@testable import TerminalUI

/// A plain-mode conversation over the bundled shop in a fresh state directory: the lines in, all
/// that was written out.
@MainActor
enum PlainConversation {
    static func run(_ lines: [String], account: AccountClient? = nil) async throws -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("plain-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let storefront = EmbeddedStorefront(catalog: try CatalogLoader.bundled(), stateDirectory: directory)
        let dependencies = AppDependencies(storefront: storefront, checkout: CheckoutSheet(webViews: SimulatedCheckoutServer(backend: storefront)),
                                           account: account)
        let output = Mutex("")
        let plain = PlainSession(store: AppStore(dependencies: dependencies), echo: true) { text in output.withLock { $0 += text } }
        let (stream, continuation) = AsyncStream<String>.makeStream()
        for line in lines { continuation.yield(line) }
        continuation.finish()
        await plain.run(lines: stream)
        return output.withLock { $0 }
    }
}
