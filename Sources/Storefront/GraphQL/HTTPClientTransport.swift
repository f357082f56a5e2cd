import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOSSL

/// `HTTPTransport` over AsyncHTTPClient: event-driven sockets on SwiftNIO, pooled keep-alive
/// connections, TLS with the system's trust roots, and gzip answers decompressed.
///
/// Waiting for an answer costs no CPU. (Foundation's URLSession on Linux polls while a request
/// is in flight: about two seconds of CPU for a three-second wait, measured, and under many
/// concurrent requests that starved the very server it was waiting for.)
public struct HTTPClientTransport: HTTPTransport {
    /// The largest answer read into memory; a Storefront API page is a few hundred kilobytes.
    public static let maximumBodySize = 64 << 20

    /// One client for the whole process, on NIO's shared event loops, made at the first request
    /// (a storefront that never goes to the network starts no event loop). It is never shut down:
    /// it lives as long as the process.
    public static let sharedClient: HTTPClient = {
        var configuration = HTTPClient.Configuration()
        configuration.redirectConfiguration = .follow(max: 5, allowCycles: false)
        configuration.timeout = .init(connect: .seconds(10))
        configuration.decompression = .enabled(limit: .ratio(50))
        // A refused connection fails the request at once; `RetryHandler` decides what happens next.
        configuration.connectionPool.retryConnectionEstablishment = false
        return HTTPClient(eventLoopGroup: MultiThreadedEventLoopGroup.singleton, configuration: configuration)
    }()

    /// The client given, else `sharedClient` (read at the first request).
    private let givenClient: HTTPClient?

    public init(client: HTTPClient? = nil) {
        self.givenClient = client
    }

    public func send(_ request: TransportRequest) async throws -> TransportResponse {
        let client = givenClient ?? Self.sharedClient
        var outgoing = HTTPClientRequest(url: request.url.absoluteString)
        outgoing.method = HTTPMethod(rawValue: request.method)
        for header in request.headers { outgoing.headers.add(name: header.name, value: header.value) }
        if !outgoing.headers.contains(name: "Accept-Encoding") { outgoing.headers.add(name: "Accept-Encoding", value: "gzip, deflate") }
        if !request.body.isEmpty { outgoing.body = .bytes(ByteBuffer(bytes: request.body)) }
        let timeout = TimeAmount.nanoseconds(Int64(max(0.001, request.timeout) * 1_000_000_000))
        do {
            let response = try await client.execute(outgoing, timeout: timeout)
            var body = try await response.body.collect(upTo: Self.maximumBodySize)
            var headers: [String: String] = [:]
            for (name, value) in response.headers {
                // Repeated headers are joined as HTTP allows (RFC 9110 §5.3).
                headers[name] = headers[name].map { "\($0), \(value)" } ?? value
            }
            return TransportResponse(status: Int(response.status.code), headers: headers,
                                     body: Data(body.readBytes(length: body.readableBytes) ?? []))
        } catch is CancellationError {
            throw CancellationError()
        } catch let error as HTTPClientError where error == .cancelled {
            throw CancellationError()
        } catch {
            throw Self.transportError(error)
        }
    }

    /// What went wrong, in words, and whether the request can have reached the server.
    static func transportError(_ error: any Error) -> TransportError {
        if let error = error as? HTTPClientError {
            switch error {
            case .connectTimeout: return TransportError(message: "the connection timed out", requestSent: false)
            case .deadlineExceeded, .readTimeout, .writeTimeout: return TransportError(message: "the request timed out", requestSent: true)
            case .remoteConnectionClosed: return TransportError(message: "the connection was lost", requestSent: true)
            case .invalidURL, .emptyHost, .emptyScheme, .missingSocketPath:
                return TransportError(message: "the address is not a valid http or https URL", requestSent: false)
            case .redirectLimitReached, .redirectCycleDetected: return TransportError(message: "the server redirected too often", requestSent: true)
            default: return TransportError(message: "the request failed (\(error))", requestSent: true)
            }
        }
        if error is NIOTooManyBytesError {
            return TransportError(message: "the answer is larger than \(maximumBodySize >> 20) MB", requestSent: true)
        }
        if let error = error as? NIOConnectionError {
            if error.dnsAError != nil || error.dnsAAAAError != nil, error.connectionErrors.isEmpty {
                return TransportError(message: "the host name could not be resolved", requestSent: false)
            }
            return error.connectionErrors.first.map { transportError($0.error) }
                ?? TransportError(message: "the connection failed", requestSent: false)
        }
        if error is NIOSSLError || error is BoringSSLError || error is NIOSSLExtraError {
            return TransportError(message: "the secure connection failed (\(error))", requestSent: false)
        }
        if let error = error as? IOError {
            switch error.errnoCode {
            case ECONNREFUSED: return TransportError(message: "the connection was refused", requestSent: false)
            case ENETUNREACH, EHOSTUNREACH: return TransportError(message: "there is no route to the server", requestSent: false)
            case ECONNRESET, EPIPE: return TransportError(message: "the connection was lost", requestSent: true)
            default: return TransportError(message: "the connection failed (\(error.description))", requestSent: false)
            }
        }
        if error is SocketAddressError {
            return TransportError(message: "the host name could not be resolved", requestSent: false)
        }
        if case ChannelError.connectTimeout = error {
            return TransportError(message: "the connection timed out", requestSent: false)
        }
        return TransportError(message: "the request failed (\(error))", requestSent: true)
    }
}
