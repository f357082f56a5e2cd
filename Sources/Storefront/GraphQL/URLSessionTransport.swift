import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `HTTPTransport` over Foundation's `URLSession`.
public struct URLSessionTransport: HTTPTransport {
    private let session: URLSession

    /// One session for every client that does not bring its own: each session on Linux keeps
    /// its own connection pool and worker, so sharing saves threads and reuses connections.
    public static let sharedSession = URLSession(configuration: .ephemeral)

    public init(session: URLSession = URLSessionTransport.sharedSession) {
        self.session = session
    }

    public func send(_ request: TransportRequest) async throws -> TransportResponse {
        var urlRequest = URLRequest(url: request.url, timeoutInterval: request.timeout)
        urlRequest.httpMethod = request.method
        urlRequest.httpBody = request.body
        for header in request.headers { urlRequest.setValue(header.value, forHTTPHeaderField: header.name) }
        let data: Data, response: URLResponse
        do {
            (data, response) = try await session.data(for: urlRequest)
        } catch let error as URLError {
            throw TransportError(message: Self.describe(error), requestSent: !Self.provesNotSent(error))
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            throw TransportError(message: error.localizedDescription, requestSent: true)
        }
        guard let http = response as? HTTPURLResponse else {
            throw TransportError(message: "the answer is not an HTTP response", requestSent: true)
        }
        var headers: [String: String] = [:]
        for (name, value) in http.allHeaderFields {
            if let name = name as? String, let value = value as? String { headers[name] = value }
        }
        return TransportResponse(status: http.statusCode, headers: headers, body: data)
    }

    /// Failures that happen before a single byte of the request can reach the server.
    static func provesNotSent(_ error: URLError) -> Bool {
        switch error.code {
        case .cannotFindHost, .cannotConnectToHost, .dnsLookupFailed, .notConnectedToInternet,
             .badURL, .unsupportedURL, .appTransportSecurityRequiresSecureConnection:
            return true
        default:
            return false
        }
    }

    static func describe(_ error: URLError) -> String {
        switch error.code {
        case .cannotFindHost, .dnsLookupFailed: return "the host name could not be resolved"
        case .cannotConnectToHost: return "the connection was refused"
        case .notConnectedToInternet: return "there is no network connection"
        case .timedOut: return "the request timed out"
        case .networkConnectionLost: return "the connection was lost"
        case .secureConnectionFailed, .serverCertificateUntrusted, .serverCertificateHasBadDate,
             .serverCertificateNotYetValid, .serverCertificateHasUnknownRoot:
            return "the secure connection failed (\(error.localizedDescription))"
        default: return error.localizedDescription
        }
    }
}
