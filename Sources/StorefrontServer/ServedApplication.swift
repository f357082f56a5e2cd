import Foundation
import Hummingbird
import HummingbirdCore
import Logging
import NIOCore
import NIOHTTP1
import NIOPosix
import ServiceLifecycle
import Synchronization

/// The HTTP server `serve` runs: Hummingbird's server and router, run as Hummingbird's
/// `Application` runs them, less its date service.
///
/// That service refreshes the `Date` header once a second through an `AsyncTimerSequence` made
/// `cancelOnGracefulShutdown()`, which is swift-async-algorithms' `merge`. `merge` takes its lock
/// before `withUnsafeThrowingContinuation` and lets it go inside the closure, which this toolchain
/// may run later on another thread (swiftlang/swift#85668, apple/swift-async-algorithms#430): a
/// test run hung with a cooperative thread waiting for that lock while it held it itself. Here the
/// header is made when a response needs one, from a second-long cache: no task, and no lock held
/// across a suspension.
struct ServedApplication<Responder: HTTPResponder>: Service
where Responder.Context: InitializableFromSource<ApplicationRequestContextSource> {
    let responder: Responder
    let server: HTTPServerBuilder
    let address: BindAddress
    let onServerRunning: @Sendable (any Channel) async -> Void
    let logger: Logger

    /// A response that could not be written: the connection is closed without another one.
    private struct UnwrittenResponse: Error {}

    func run() async throws {
        let responder = responder
        let logger = logger
        let dates = HTTPDate()
        let service = try server.buildServer(configuration: ServerConfiguration(address: address),
                                             eventLoopGroup: MultiThreadedEventLoopGroup.singleton, logger: logger) {
            (request, writer: consuming ResponseWriter, channel) in
            let context = Responder.Context(source: ApplicationRequestContextSource(channel: channel, logger: logger))
            var response: Response
            do {
                response = try await responder.respond(to: request, context: context)
            } catch let error as HTTPParserError {
                // The server answers a request it cannot parse (400) and closes the connection.
                throw error
            } catch {
                response = Response(status: .internalServerError, body: ResponseBody())
            }
            response.headers[.date] = dates.now()
            do {
                try await writer.write(response: response.head, body: response.body)
            } catch is HTTPParserError {
                // Rethrown, the parser's error would have the server write a second response.
                throw UnwrittenResponse()
            }
        } onServerRunning: { channel in
            await onServerRunning(channel)
        }
        try await service.run()
    }
}

/// The `Date` header's text (RFC 9110's IMF-fixdate), made once per second of the clock.
final class HTTPDate: Sendable {
    private let made = Mutex<(second: Int, text: String)>((-1, ""))

    func now() -> String {
        let second = time(nil)
        if let text = made.withLock({ $0.second == second ? $0.text : nil }) { return text }
        let text = Self.text(second)
        made.withLock { $0 = (second, text) }
        return text
    }

    static func text(_ second: Int) -> String {
        var clock = time_t(second)
        var parts = tm()
        gmtime_r(&clock, &parts)
        let days = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(days[Int(parts.tm_wday)]), \(two(parts.tm_mday)) \(months[Int(parts.tm_mon)]) \(parts.tm_year + 1900) "
            + "\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec)) GMT"
    }
}
