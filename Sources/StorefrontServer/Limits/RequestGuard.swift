import Foundation
import Hummingbird
import NIOCore
import Synchronization

/// The checks every request passes before a route sees it: the target and headers within their
/// sizes, a declared body within its size, and a free place among the requests being worked on.
/// Each refusal is an immediate answer with its status and `Connection: close`.
struct RequestGuard<Context: Hummingbird.RequestContext>: RouterMiddleware {
    let limits: RequestLimits
    let inFlight: InFlightCount

    init(limits: RequestLimits, inFlight: InFlightCount) {
        self.limits = limits
        self.inFlight = inFlight
    }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        if (request.head.path?.utf8.count ?? 0) > limits.maximumURLBytes {
            return Self.refuse(414, "The request target is longer than \(limits.maximumURLBytes) bytes.")
        }
        let headerBytes = request.headers.reduce(0) { $0 + $1.name.rawName.utf8.count + $1.value.utf8.count + 4 }
        if headerBytes > limits.maximumHeaderBytes {
            return Self.refuse(431, "The request's headers are longer than \(limits.maximumHeaderBytes) bytes.")
        }
        if let declared = request.headers[.contentLength].flatMap({ Int($0) }), declared > limits.maximumBodyBytes {
            await Self.drain(request.body, within: limits.clientTimeout)
            return Self.refuse(413, "The request body is longer than \(limits.maximumBodyBytes) bytes.")
        }
        let (now, _) = inFlight.count.add(1, ordering: .relaxed)
        defer { inFlight.count.subtract(1, ordering: .relaxed) }
        if now > limits.maximumConcurrentRequests {
            var response = Self.refuse(503, "The server is busy, try again shortly.")
            response.headers[.retryAfter] = "1"
            return response
        }
        do {
            return try await next(request, context)
        } catch is NIOTooManyBytesError {
            // A body without a length (chunked) that went past the limit while it was read. Its
            // stream was iterated already and cannot be again: the connection closes after this.
            return Self.refuse(413, "The request body is longer than \(limits.maximumBodyBytes) bytes.")
        } catch is BodyTimeout {
            return Self.refuse(408, "The request body did not arrive within \(limits.clientTimeout).")
        }
    }

    /// Reads and drops what is left of a refused body, for at most `time`: a client that sends its
    /// whole body before it reads the answer (most do, without `Expect: 100-continue`) then gets
    /// the 413 instead of a connection cut off under it. Nothing is kept, so memory stays flat.
    static func drain(_ body: RequestBody, within time: Duration) async {
        _ = await withTimeBudget(time) {
            do { for try await _ in body {} } catch {}
            return true
        }
    }

    /// `{"errors":"…"}`, the shape the Storefront API gives errors outside GraphQL.
    static func refuse(_ status: Int, _ message: String) -> Response {
        let body = (try? JSONSerialization.data(withJSONObject: ["errors": message])) ?? Data()
        var headers = HTTPFields()
        headers[.contentType] = "application/json; charset=utf-8"
        headers[.connection] = "close"
        return Response(status: HTTPResponse.Status(code: status, reasonPhrase: StorefrontAPIServer.reason(status)),
                        headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: body)))
    }
}

/// Requests being worked on now, shared by every connection.
final class InFlightCount: Sendable {
    let count = Atomic<Int>(0)
}

/// A request body that was not read to its end within the client timeout.
struct BodyTimeout: Error {}

extension Request {
    /// The body, at most `limits.maximumBodyBytes`, read within `limits.clientTimeout`.
    mutating func collectBody(within limits: RequestLimits) async throws -> Data {
        let body = self.body
        let maximum = limits.maximumBodyBytes
        let read = await withTimeBudget(limits.clientTimeout) { () async -> Result<ByteBuffer, any Error> in
            do { return .success(try await body.collect(upTo: maximum)) } catch { return .failure(error) }
        }
        guard let read else { throw BodyTimeout() }
        return Data(try read.get().readableBytesView)
    }
}
