#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import Logging
import MCP

/// MCP over standard input and output, as the SDK's `StdioTransport` (one JSON-RPC message a line),
/// with one difference: a line longer than `maximumLineBytes` is never held. The SDK's transport
/// keeps a line whole however long it grows; here its bytes are dropped as they arrive, up to its
/// newline, and the server gets an unreadable message in its place, which it answers with a
/// JSON-RPC parse error (-32700). The next line is read as usual.
public actor BoundedStdioTransport: Transport {
    /// 4 MiB: far above any call of the shop's tools (their arguments are bounded much lower).
    public static let defaultMaximumLineBytes = 4 << 20

    public nonisolated let logger: Logger
    private let input: Int32
    private let output: Int32
    private let maximumLineBytes: Int
    private var isConnected = false
    private let messages: AsyncThrowingStream<Data, any Error>
    private let continuation: AsyncThrowingStream<Data, any Error>.Continuation

    public init(input: Int32 = STDIN_FILENO, output: Int32 = STDOUT_FILENO,
                maximumLineBytes: Int = BoundedStdioTransport.defaultMaximumLineBytes, logger: Logger? = nil) {
        self.input = input
        self.output = output
        self.maximumLineBytes = maximumLineBytes
        self.logger = logger ?? Logger(label: "storefront.mcp.stdio", factory: { _ in SwiftLogNoOpLogHandler() })
        (messages, continuation) = AsyncThrowingStream.makeStream(of: Data.self, throwing: (any Error).self)
    }

    public func connect() async throws {
        guard !isConnected else { return }
        for descriptor in [input, output] {
            let flags = fcntl(descriptor, F_GETFL)
            guard flags >= 0, fcntl(descriptor, F_SETFL, flags | O_NONBLOCK) >= 0 else {
                throw MCPError.internalError("Standard input or output cannot be made non-blocking (errno \(errno)).")
            }
        }
        isConnected = true
        Task { await readLoop() }
    }

    public func disconnect() async {
        guard isConnected else { return }
        isConnected = false
        continuation.finish()
    }

    public func send(_ message: Data) async throws {
        guard isConnected else { throw MCPError.internalError("The transport is not connected.") }
        var remaining = message + [UInt8(ascii: "\n")]
        while !remaining.isEmpty {
            let written = remaining.withUnsafeBytes { write(output, $0.baseAddress, $0.count) }
            if written > 0 {
                remaining = remaining.dropFirst(written)
            } else if written < 0, errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR {
                try await Task.sleep(for: .milliseconds(10))
            } else {
                throw MCPError.internalError("Writing to standard output failed (errno \(errno)).")
            }
        }
    }

    public func receive() -> AsyncThrowingStream<Data, any Error> { messages }

    private func readLoop() async {
        var buffer = [UInt8](repeating: 0, count: 65_536)
        var lines = BoundedLines(maximumLineBytes: maximumLineBytes)
        while isConnected && !Task.isCancelled {
            let count = buffer.withUnsafeMutableBytes { read(input, $0.baseAddress, $0.count) }
            if count == 0 { break }
            if count < 0 {
                guard errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR else { break }
                try? await Task.sleep(for: .milliseconds(10))
                continue
            }
            for line in lines.feed(buffer[..<count]) {
                if line == BoundedLines.oversized { logger.notice("A message longer than \(maximumLineBytes) bytes was dropped.") }
                continuation.yield(line)
            }
        }
        continuation.finish()
    }
}

/// Splits a byte stream into lines, holding at most `maximumLineBytes` of a line: a longer line
/// comes out as `oversized`, its bytes never kept.
struct BoundedLines {
    /// Not JSON: the server answers it with a parse error.
    static let oversized = Data("message too long".utf8)

    let maximumLineBytes: Int
    private var pending = Data()
    private var dropping = false

    init(maximumLineBytes: Int) { self.maximumLineBytes = maximumLineBytes }

    /// The lines `bytes` completes (empty lines left out).
    mutating func feed(_ bytes: ArraySlice<UInt8>) -> [Data] {
        var lines: [Data] = []
        var rest = bytes
        while let newline = rest.firstIndex(of: UInt8(ascii: "\n")) {
            let part = rest[rest.startIndex..<newline]
            rest = rest[rest.index(after: newline)...]
            if dropping || pending.count + part.count > maximumLineBytes {
                lines.append(Self.oversized)
            } else {
                pending.append(contentsOf: part)
                if !pending.isEmpty { lines.append(pending) }
            }
            pending = Data()
            dropping = false
        }
        if !dropping {
            if pending.count + rest.count > maximumLineBytes {
                dropping = true
                pending = Data()
            } else {
                pending.append(contentsOf: rest)
            }
        }
        return lines
    }
}
