import Foundation
import StorefrontModels
import Storefront
#if canImport(Glibc)
import Glibc
#endif

/// `serve [--connections 1,4,16] [--seconds N] [--queries product,shop,cart] [--storefront PATH] [--executor serial|library]`: starts `storefront serve` on
/// loopback and, over keep-alive HTTP/1.1 connections (one thread each, blocking sockets, so the
/// client costs little of the machine), sends for N seconds at each connection count: the product
/// page as the app sends it (its `Product` document with its fragments, by handle), the trivial
/// `{ shop { name } }` as the peer figure, and the app's `CartCreate` with one line. Prints requests
/// a second, p50 and p99, serve's CPU per request and the product page's and cartCreate's rate as a
/// share of the trivial query's; then serve's resident memory before the load, right after it, and
/// after some idle seconds. That serve keeps no answers (`--cached-answers 0`): every figure is an
/// execution. The product page is then measured again on a serve that keeps catalog answers until
/// the stock changes, on its own line ("kept answer"), never in place of the executed figure.
/// `--queries` times only some of the three (the memory line then says what that load leaves).
enum ServeBenchmark {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    static let token = "serve-bench-token"

    static func main(_ arguments: [String]) async throws {
        let levels = (BenchmarkArguments.option("--connections", in: arguments) ?? "1,4,16").split(separator: ",").compactMap { Int($0) }
        let seconds = BenchmarkArguments.option("--seconds", in: arguments).flatMap(Double.init) ?? 3
        guard !levels.isEmpty, levels.allSatisfy({ (1...256).contains($0) }), seconds > 0, seconds <= 600 else {
            throw Failure(description: "--connections takes counts from 1 to 256 (e.g. 1,4,16); --seconds more than 0, at most 600")
        }
        let keys = ["product", "shop", "cart"]
        let timed = Set((BenchmarkArguments.option("--queries", in: arguments) ?? keys.joined(separator: ",")).split(separator: ",").map(String.init))
        guard !timed.isEmpty, timed.isSubset(of: keys) else {
            throw Failure(description: "--queries takes some of product, shop and cart, separated by commas")
        }
        let binary = try BenchmarkArguments.storefront(arguments)
        // `--executor library` has both servers run every operation through the GraphQL library's executor.
        let executor = BenchmarkArguments.option("--executor", in: arguments).map { ["--executor", $0] } ?? []
        let catalog = try CatalogLoader.bundled()
        guard let product = catalog.products.first, let variant = product.variants.first else {
            throw Failure(description: "the bundled catalog has no product with a variant")
        }
        let queries = [
            Query(name: "product page", body: try body(.product, variables: ["handle": product.handle])),
            Query(name: "{ shop { name } }", body: try body(document: "{ shop { name } }", operationName: nil, variables: [:])),
            Query(name: "cartCreate", body: try body(.cartCreate, variables: [
                "input": ["lines": [["merchandiseId": variant.id, "quantity": 1]]],
            ])),
        ]

        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("storefront-serve-bench-\(getpid())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        // Every query executed: serve keeps no answers here. The kept answers have their own server below.
        let server = try Server(binary: binary, directory: directory.appendingPathComponent("executed"), arguments: ["--cached-answers", "0"] + executor)
        defer { server.stop() }
        print("server \(binary), port \(server.port); \(String(format: "%g", seconds)) s per figure; \(BenchmarkClock.loadAverage())")

        // Each answer is checked once before it is timed: a 200 with data and no errors.
        for query in queries {
            let connection = try Connection(port: server.port)
            defer { connection.close() }
            let (status, answer) = try connection.send(query.body)
            let text = String(decoding: answer, as: UTF8.self)
            guard status == 200, text.hasPrefix(#"{"data":"#), !text.contains(#""errors""#), !text.contains(#""userErrors":[{"#) else {
                throw Failure(description: "\(query.name): HTTP \(status) \(text.prefix(300))")
            }
            print("\(query.name): \(query.body.count) bytes sent, \(answer.count) bytes answered")
        }
        let idleBefore = server.residentMegabytes

        var rows = [["query", "connections", "req/s", "p50", "p99", "serve CPU/req", "x trivial"]]
        var trivialRates: [Int: Double] = [:]
        for connections in levels {
            var results: [String: Result] = [:]
            for (key, query) in zip(keys, queries) where timed.contains(key) {
                let result = try measure(query, connections: connections, seconds: seconds, on: server)
                results[query.name] = result
                rows.append(row(query.name, connections, result, trivial: query.name == queries[1].name ? nil : results[queries[1].name]))
            }
            trivialRates[connections] = results[queries[1].name]?.rate
            // The product page ran before the trivial query: its ratio is filled in now.
            if let page = results[queries[0].name], let trivial = results[queries[1].name],
               let index = rows.lastIndex(where: { $0[0] == queries[0].name }) {
                rows[index][6] = String(format: "%.2f", page.rate / trivial.rate)
            }
        }
        let after = server.residentMegabytes
        try await Task.sleep(for: .seconds(5))
        let idleAfter = server.residentMegabytes

        // The same product page from a serve that keeps catalog answers until the stock changes:
        // after the first, each is a kept answer, not an execution (beside the executed trivial query).
        let keeping = timed.contains("product")
            ? try Server(binary: binary, directory: directory.appendingPathComponent("kept"), arguments: executor) : nil
        defer { keeping?.stop() }
        for connections in levels {
            guard let keeping else { break }
            let result = try measure(queries[0], connections: connections, seconds: seconds, on: keeping)
            rows.append(row("product page, kept answer", connections, result, trivial: nil))
            if let trivial = trivialRates[connections] { rows[rows.count - 1][6] = String(format: "%.2f", result.rate / trivial) }
        }
        print(BenchmarkClock.table(rows))
        print(String(format: "serve resident (every query executed): %.1f MB before the load, %.1f MB right after, %.1f MB after 5 s idle",
                     idleBefore, after, idleAfter))
    }

    /// `query` at `connections` against `server`, with the server's CPU per request.
    static func measure(_ query: Query, connections: Int, seconds: Double, on server: Server) throws -> Result {
        let cpuBefore = server.cpuSeconds
        var result = try load(query, connections: connections, seconds: seconds, port: server.port)
        result.cpuPerRequest = (server.cpuSeconds - cpuBefore) / Double(max(result.requests, 1))
        return result
    }

    /// One line of the table; `trivial` nil with a name other than the trivial query's leaves the ratio to be filled in.
    static func row(_ name: String, _ connections: Int, _ result: Result, trivial: Result?) -> [String] {
        [name, "\(connections)", String(format: "%.0f", result.rate),
         String(format: "%.2f ms", result.p50 * 1000), String(format: "%.2f ms", result.p99 * 1000),
         String(format: "%.2f ms", result.cpuPerRequest * 1000),
         name == "{ shop { name } }" ? "1" : trivial.map { String(format: "%.2f", result.rate / $0.rate) } ?? "-"]
    }

    struct Query {
        let name: String
        let body: Data
    }

    struct Result {
        let requests: Int
        let rate: Double
        let p50: Double
        let p99: Double
        var cpuPerRequest = 0.0
    }

    static func body(_ operation: StorefrontOperation, variables: [String: Any]) throws -> Data {
        try body(document: operation.document, operationName: operation.name, variables: variables)
    }

    static func body(document: String, operationName: String?, variables: [String: Any]) throws -> Data {
        var object: [String: Any] = ["query": document, "variables": variables]
        if let operationName { object["operationName"] = operationName }
        return try JSONSerialization.data(withJSONObject: object, options: [.withoutEscapingSlashes])
    }

    /// `connections` threads, each with its own connection, sending `query` back to back for
    /// `seconds`; every answer must be a 200.
    static func load(_ query: Query, connections: Int, seconds: Double, port: Int) throws -> Result {
        final class Outcome: @unchecked Sendable {
            let lock = NSLock()
            var latencies: [Double] = []
            var failure: String?
        }
        let outcome = Outcome()
        let done = DispatchSemaphore(value: 0)
        let start = DispatchTime.now().uptimeNanoseconds
        let end = start + UInt64(seconds * 1e9)
        for _ in 0..<connections {
            OwnThread.start(name: "bench-client", stackSize: 1 << 20) {
                var latencies: [Double] = []
                latencies.reserveCapacity(Int(seconds) * 5000)
                var failure: String?
                do {
                    let connection = try Connection(port: port)
                    defer { connection.close() }
                    while DispatchTime.now().uptimeNanoseconds < end {
                        let sent = DispatchTime.now().uptimeNanoseconds
                        let (status, answer) = try connection.send(query.body)
                        guard status == 200 else {
                            failure = "HTTP \(status): \(String(decoding: answer.prefix(200), as: UTF8.self))"
                            break
                        }
                        latencies.append(Double(DispatchTime.now().uptimeNanoseconds - sent) / 1e9)
                    }
                } catch {
                    failure = "\(error)"
                }
                outcome.lock.lock()
                outcome.latencies += latencies
                if let failure, outcome.failure == nil { outcome.failure = failure }
                outcome.lock.unlock()
                done.signal()
            }
        }
        for _ in 0..<connections { done.wait() }
        let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        if let failure = outcome.failure { throw Failure(description: "\(query.name) at \(connections) connections: \(failure)") }
        let sorted = outcome.latencies.sorted()
        return Result(requests: sorted.count, rate: Double(sorted.count) / elapsed,
                      p50: BenchmarkClock.quantile(sorted, 0.5), p99: BenchmarkClock.quantile(sorted, 0.99))
    }

    /// One keep-alive HTTP/1.1 connection to serve's GraphQL endpoint.
    final class Connection {
        let socket: Int32
        private var buffer: [UInt8] = []
        private let head: [UInt8]

        init(port: Int) throws {
            let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            guard socket >= 0 else { throw Failure(description: "socket: \(String(cString: strerror(errno)))") }
            var noDelay: Int32 = 1
            setsockopt(socket, Int32(IPPROTO_TCP), TCP_NODELAY, &noDelay, socklen_t(MemoryLayout<Int32>.size))
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = in_port_t(UInt16(port).bigEndian)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            let connected = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
            guard connected == 0 else {
                let reason = String(cString: strerror(errno))
                Glibc.close(socket)
                throw Failure(description: "connect to port \(port): \(reason)")
            }
            self.socket = socket
            head = Array("POST /api/\(GraphQLStorefront.apiVersion)/graphql.json HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nAccept: application/json\r\nX-Shopify-Storefront-Access-Token: \(ServeBenchmark.token)\r\n".utf8)
        }

        func close() { Glibc.close(socket) }

        /// Sends one request and reads its whole answer: the status and the body.
        func send(_ body: Data) throws -> (Int, [UInt8]) {
            var request = head + Array("Content-Length: \(body.count)\r\n\r\n".utf8)
            request += body
            var offset = 0
            while offset < request.count {
                let written = request.withUnsafeBytes { bytes in
                    bytes.baseAddress.map { Glibc.write(socket, $0 + offset, bytes.count - offset) } ?? -1
                }
                guard written > 0 else { throw Failure(description: "write: \(String(cString: strerror(errno)))") }
                offset += written
            }
            let separator: [UInt8] = Array("\r\n\r\n".utf8)
            var headerEnd: Int?
            while headerEnd == nil {
                headerEnd = find(separator, in: buffer)
                if headerEnd == nil { try fill() }
            }
            guard let headerEnd else { throw Failure(description: "no header") }
            let header = String(decoding: buffer[..<headerEnd], as: UTF8.self).lowercased()
            let lines = header.split(separator: "\r\n")
            guard let statusLine = lines.first, let status = statusLine.split(separator: " ").dropFirst().first.flatMap({ Int($0) }) else {
                throw Failure(description: "not an HTTP answer: \(header.prefix(100))")
            }
            guard let lengthLine = lines.first(where: { $0.hasPrefix("content-length:") }),
                  let length = Int(lengthLine.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces)) else {
                throw Failure(description: "an answer without Content-Length: \(header.prefix(200))")
            }
            let bodyStart = headerEnd + separator.count
            while buffer.count < bodyStart + length { try fill() }
            let answer = Array(buffer[bodyStart..<(bodyStart + length)])
            buffer.removeFirst(bodyStart + length)
            return (status, answer)
        }

        private func fill() throws {
            var chunk = [UInt8](repeating: 0, count: 65_536)
            let count = chunk.withUnsafeMutableBytes { bytes in bytes.baseAddress.map { Glibc.read(socket, $0, bytes.count) } ?? -1 }
            guard count > 0 else { throw Failure(description: count == 0 ? "serve closed the connection" : "read: \(String(cString: strerror(errno)))") }
            buffer += chunk[..<count]
        }

        private func find(_ needle: [UInt8], in haystack: [UInt8]) -> Int? {
            guard haystack.count >= needle.count else { return nil }
            for index in 0...(haystack.count - needle.count) where haystack[index] == needle[0] {
                if Array(haystack[index..<(index + needle.count)]) == needle { return index }
            }
            return nil
        }
    }

    /// `storefront serve` on a free port with its own state directory and a known token.
    final class Server {
        let process: Process
        let port: Int

        init(binary: String, directory: URL, arguments: [String]) throws {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            let log: URL
            (process, log) = try ServeProcess.start(binary, arguments: [
                "--port", "0", "--token", ServeBenchmark.token, "--state-dir", directory.appendingPathComponent("state").path,
            ] + arguments, directory: directory)
            let deadline = Date().addingTimeInterval(30)
            var found: Int?
            while found == nil && Date() < deadline && process.isRunning {
                let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
                if let line = text.split(separator: "\n").first(where: { $0.hasPrefix("Storefront API for") }),
                   let address = line.split(separator: " ").last(where: { $0.hasPrefix("http://") }),
                   let url = URL(string: String(address)) {
                    found = url.port
                }
                Thread.sleep(forTimeInterval: 0.05)
            }
            guard let found else {
                process.terminate()
                throw Failure(description: "serve did not start; see \(log.path): "
                              + ((try? String(contentsOf: log, encoding: .utf8)) ?? "").prefix(500))
            }
            port = found
        }

        /// VmRSS of the server, in megabytes.
        var residentMegabytes: Double {
            let status = (try? String(contentsOfFile: "/proc/\(process.processIdentifier)/status", encoding: .utf8)) ?? ""
            guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }),
                  let kilobytes = line.split(separator: " ").dropFirst().first.flatMap({ Double($0) }) else { return .nan }
            return kilobytes / 1024
        }

        /// User and system CPU seconds the server has used.
        var cpuSeconds: Double {
            let stat = (try? String(contentsOfFile: "/proc/\(process.processIdentifier)/stat", encoding: .utf8)) ?? ""
            // Fields after the command name (which may hold spaces) start at the state, field 3.
            guard let close = stat.lastIndex(of: ")") else { return .nan }
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            guard fields.count > 12, let user = Double(fields[11]), let system = Double(fields[12]) else { return .nan }
            return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
        }

        func stop() {
            process.terminate()
            process.waitUntilExit()
        }
    }
}
