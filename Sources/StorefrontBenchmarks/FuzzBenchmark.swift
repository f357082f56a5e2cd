import AsyncHTTPClient
import Foundation
import NIOCore
import Storefront
import StorefrontFuzzing
import StorefrontServer
import StorefrontSSH

/// `storefront-bench fuzz SURFACE|all [--seconds N] [--cases N] [--seed N]`: the property tests'
/// hostile-input generators, run for longer. `schema` generates documents from serve's schema
/// (introspected in this process); `slow-bodies` stalls clients mid-body beside a query; `pastes`
/// types large pastes into the terminal app; `ssh-idle` leaves connections quiet at every stage
/// on an SSH front in this process (1 s handshake, 2 s idle timeouts).
/// GraphQL requests go over HTTP to a `serve` started
/// in this process on 127.0.0.1 (a free port), so the server's limits and framework are in the
/// path; `--url URL --token T` sends them to a `storefront serve` running elsewhere instead (to
/// watch that process's memory). A hang is an input without an answer within 5 s.
enum FuzzBenchmark {
    static func run(_ arguments: [String]) async throws {
        let seconds = BenchmarkArguments.option("--seconds", in: arguments).flatMap(Double.init) ?? 10
        let cases = BenchmarkArguments.option("--cases", in: arguments).flatMap(Int.init) ?? .max
        let seed = BenchmarkArguments.option("--seed", in: arguments).flatMap(UInt64.init) ?? UInt64(Date().timeIntervalSince1970)
        let wanted = arguments.first.flatMap { $0.hasPrefix("--") ? nil : $0 } ?? "all"
        let surfaces = wanted == "all" ? FuzzSurface.allCases : [FuzzSurface(rawValue: wanted)].compactMap { $0 }
        guard !surfaces.isEmpty else {
            print("usage: storefront-bench fuzz [\((FuzzSurface.allCases.map(\.rawValue) + ["all"]).joined(separator: "|"))] [--seconds N] [--cases N] [--seed N]")
            exit(2)
        }
        let state = FileManager.default.temporaryDirectory.appendingPathComponent("storefront-fuzz-\(getpid())")
        defer { try? FileManager.default.removeItem(at: state) }
        var failed = false
        for surface in surfaces {
            let target: FuzzTarget
            var stop: (() async -> Void)?
            var figures: (() -> String)?
            switch surface {
            case .catalog: target = .catalog
            case .pastes:
                let stats = PasteStats()
                target = .pastes(catalog: try CatalogLoader.bundled(), stateDirectory: state, stats: stats)
                figures = { stats.summary }
            case .sshIdle:
                // An SSH front in this process with short timeouts, its sessions a shell that echoes.
                let (front, server) = try await SSHFrontUnderTest.start()
                target = .sshIdle(front: front)
                stop = { await server.drain() }
            case .search: target = .search(catalog: try CatalogLoader.bundled())
            case .replay: target = .replay
            case .oauth:
                let storefront = try EmbeddedStorefront(catalog: try CatalogLoader.bundled(), stateDirectory: state)
                target = .oauth(account: await AccountEndpoint.serving(storefront, configuration: .init(autoApprove: true)))
            case .mcp:
                // Agents' requests over HTTP to a serve with its checkout (and so its agents' endpoints).
                let external = BenchmarkArguments.option("--url", in: arguments).flatMap(URL.init(string:))
                let (url, server): (URL, Task<Void, Never>)
                if let external { (url, server) = (external, Task {}) } else { (url, server) = try await startServer(state: state, checkout: true) }
                let origin = url.absoluteString.replacingOccurrences(of: url.path, with: "")
                let client = HTTPClient(eventLoopGroupProvider: .singleton)
                target = .mcp { agent in
                    var request = HTTPClientRequest(url: origin + agent.path)
                    request.method = .POST
                    request.headers.add(name: "Content-Type", value: "application/json")
                    request.headers.add(name: "Accept", value: "application/json, text/event-stream")
                    if let authorization = agent.authorization { request.headers.add(name: "Authorization", value: authorization) }
                    request.body = .bytes(ByteBuffer(bytes: agent.body))
                    guard let response = try? await client.execute(request, timeout: .seconds(5)),
                          let answer = try? await response.body.collect(upTo: 256 << 20) else { return nil }
                    return (Int(response.status.code), Data(answer.readableBytesView))
                }
                stop = { try? await client.shutdown(); server.cancel() }
            case .graphql, .schema, .slowBodies:
                let external = BenchmarkArguments.option("--url", in: arguments).flatMap(URL.init(string:))
                let token = external == nil ? "fuzz" : BenchmarkArguments.option("--token", in: arguments) ?? ""
                let (url, server): (URL, Task<Void, Never>)
                if let external { (url, server) = (external, Task {}) } else { (url, server) = try await startServer(state: state) }
                let client = HTTPClient(eventLoopGroupProvider: .singleton)
                let send = { @Sendable (body: Data) async -> (status: Int, body: Data)? in
                    var request = HTTPClientRequest(url: url.absoluteString)
                    request.method = .POST
                    request.headers.add(name: "Content-Type", value: "application/json")
                    request.headers.add(name: GraphQLEndpoint.tokenHeader, value: token)
                    request.body = .bytes(ByteBuffer(bytes: body))
                    guard let response = try? await client.execute(request, timeout: .seconds(5)),
                          let answer = try? await response.body.collect(upTo: 256 << 20) else { return nil }
                    return (Int(response.status.code), Data(answer.readableBytesView))
                }
                switch surface {
                case .schema:
                    // The grammar is serve's own schema, introspected in this process.
                    let storefront = try EmbeddedStorefront(catalog: try CatalogLoader.bundled(), stateDirectory: state)
                    let grammar = try await SchemaGrammar.introspecting(try GraphQLEndpoint(storefront: storefront, accessToken: "fuzz"))
                    target = .schemaGrammar(grammar, handle: send)
                case .slowBodies:
                    // The server started here has the standard limits; one given by --url is taken to.
                    target = .slowBodies(url: url, token: token, clientTimeout: RequestLimits.standard.clientTimeout, query: send)
                default: target = .graphql(handle: send)
                }
                stop = { try? await client.shutdown(); server.cancel() }
            }
            print("fuzz \(surface.rawValue): seed \(seed), up to \(seconds) s")
            let report = await FuzzRunner.run(target, seed: seed, cases: cases, seconds: seconds, slowLimit: .seconds(5))
            print(report.summary)
            if let figures { print("  " + figures()) }
            print("  peak memory: \(peakMemoryMiB()) MiB")
            if !report.failures.isEmpty { failed = true }
            await stop?()
        }
        if failed { exit(1) }
    }

    private static func startServer(state: URL, checkout: Bool = false) async throws -> (URL, Task<Void, Never>) {
        let storefront = try EmbeddedStorefront(catalog: try CatalogLoader.bundled(), stateDirectory: state)
        let endpoint = try GraphQLEndpoint(storefront: storefront, accessToken: "fuzz")
        let server = StorefrontAPIServer(endpoint: endpoint, checkout: checkout ? CheckoutEndpoint(backend: storefront, accessToken: "fuzz") : nil,
                                         port: 0)
        let (stream, continuation) = AsyncStream<URL>.makeStream()
        let task = Task { _ = try? await server.run(handleSignals: false) { url in continuation.yield(url) } }
        for await url in stream { return (url, task) }
        throw CancellationError()
    }

    /// The process's high-water mark of resident memory (VmHWM), from /proc.
    static func peakMemoryMiB() -> Int {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }) else { return -1 }
        return (Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0) / 1024
    }
}
