import Dispatch
import Foundation
import Logging
import Storefront
import StorefrontServer
import StorefrontCommandLine
import StorefrontSSH
#if canImport(Glibc)
import Glibc
#endif

extension ServeCommand {
    /// Serves `api` with the storefront over SSH in front of it. SIGTERM or SIGINT drains the SSH
    /// sessions first (their storefronts still need the API), then stops the API.
    static func serve(_ api: StorefrontAPIServer, token: String, frontCredential: String, ssh options: SSHOptions,
                      announce: @escaping @Sendable (URL) async -> Void) async throws {
        let signals = StopSignals()
        let (urls, found) = AsyncStream<URL>.makeStream()
        let running = Task {
            try await api.run(handleSignals: false, returnsMemory: true) { url in
                await announce(url)
                found.yield(url)
            }
        }
        // An API that cannot start (a port in use) ends the wait with its error.
        Task {
            _ = try? await running.value
            found.finish()
            signals.finish()
        }
        var iterator = urls.makeAsyncIterator()
        guard let url = await iterator.next() else { return try await running.value }
        let server = try await startSSH(endpoint: url, token: token, frontCredential: frontCredential, options: options)
        await signals.next()
        await drain(server)
        running.cancel()
        try await running.value
    }

    /// The storefront over SSH in front of a Storefront API elsewhere (--endpoint, --shop); keys are
    /// remembered when that shop's serve shares its front-end credential with this one.
    static func front(endpoint: URL, token: String, frontCredential: String?, ssh options: SSHOptions) async throws {
        let signals = StopSignals()
        let server = try await startSSH(endpoint: endpoint, token: token, frontCredential: frontCredential, options: options)
        say("Sessions read \(endpoint.absoluteString). Press Ctrl-C to stop.")
        await signals.next()
        await drain(server)
    }

    private static func startSSH(endpoint: URL, token: String, frontCredential: String?, options: SSHOptions) async throws -> SSHServer {
        let hostKey: HostKey
        do {
            hostKey = try HostKey.loadOrCreate(in: EmbeddedStorefront.defaultStateDirectory())
        } catch let error as SSHServerError {
            throw CommandFailure.input(error.description)
        }
        guard let storefront = SiblingProgram.find(SiblingProgram.client) else {
            throw CommandFailure.input("serve --ssh-port runs each session with the \(SiblingProgram.client) program, found neither beside this one nor on PATH")
        }
        let launcher = SSHSessionLauncher(executable: storefront, endpoint: endpoint, token: token, frontCredential: frontCredential,
                                          cacheDirectory: ResponseCache.defaultDirectory().deletingLastPathComponent())
        var logger = Logger(label: "storefront.ssh") { StreamLogHandler.standardOutput(label: $0) }
        logger.logLevel = .info
        let server = SSHServer(configuration: .init(host: options.host, port: options.port ?? 2222, limits: options.limits),
                               hostKey: hostKey, logger: logger, launcher: launcher.launch)
        let port = try await server.start()
        let keyFile = EmbeddedStorefront.defaultStateDirectory().appendingPathComponent(HostKey.fileName).path
        say("""
            Storefront over SSH on \(options.host) port \(port): \(SSHServer.guestCommand(port: port)) for guests (no \
            password asked), ssh -t -p \(port) HOST with a key (add cart, orders, about, 'search QUERY', 'product HANDLE' \
            to open a screen)
            Host key \(hostKey.fingerprint) (ED25519)\(hostKey.created ? ", created in " : " from ")\(keyFile)
            SSH limits: \(options.limits.summary)
            """)
        return server
    }

    private static func drain(_ server: SSHServer) async {
        let open = server.openConnections
        say("Stopping: \(open) SSH session\(open == 1 ? "" : "s") told goodbye; waiting up to \(server.configuration.limits.drainGrace) s.")
        await server.drain()
    }

    private static func say(_ text: String) {
        FileHandle.standardOutput.write(Data((text + "\n").utf8))
    }
}

/// SIGTERM and SIGINT as a stream: the first one starts the drain.
private final class StopSignals: @unchecked Sendable {
    private let sources: [any DispatchSourceSignal]
    private let stream: AsyncStream<Void>
    private let continuation: AsyncStream<Void>.Continuation

    init() {
        (stream, continuation) = AsyncStream<Void>.makeStream()
        let continuation = continuation
        // Not `signal(number, SIG_IGN)` here: `serve` already watches these signals through dispatch
        // sources (its shutdown deadline), and setting the disposition again would take the
        // signals away from those sources.
        sources = [SIGTERM, SIGINT].map { number in
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { continuation.yield() }
            source.resume()
            return source
        }
    }

    /// Returns at the first signal, or when `finish` was called.
    func next() async {
        var iterator = stream.makeAsyncIterator()
        _ = await iterator.next()
    }

    func finish() { continuation.finish() }

    deinit { sources.forEach { $0.cancel() } }
}
