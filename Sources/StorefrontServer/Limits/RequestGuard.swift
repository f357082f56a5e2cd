import Foundation
import Hummingbird
import NIOCore
import Synchronization

/// The checks every request passes before a route sees it: the target and headers within their
/// sizes, a declared body within its size, the whole body read within the client timeout, and only
/// then a free place among the requests being worked on, within the client's share of them. A client
/// that sends slowly holds its own connection until its deadline, never a place another request
/// could be worked on in. Each refusal is an immediate answer with its status and `Connection: close`.
struct RequestGuard<Context: RemoteAddressRequestContext>: RouterMiddleware {
    let limits: RequestLimits
    let slots: RequestSlots
    /// The SSH front-ends' credential: a request naming a front-end session it proves
    /// (`FrontSession`) takes that session's share, not its address's. nil: addresses only.
    let frontCredential: String?

    init(limits: RequestLimits, slots: RequestSlots, frontCredential: String? = nil) {
        self.limits = limits
        self.slots = slots
        self.frontCredential = frontCredential
    }

    /// Whose share a request's place comes out of.
    func holder(of request: Request, context: Context) -> RequestSlots.Holder {
        if let frontCredential, let name = HTTPFields.Element.Name(FrontSession.header).flatMap({ request.headers[$0] }),
           let session = FrontSession.session(named: name, credential: frontCredential) {
            return .frontSession(session)
        }
        return .address(context.remoteAddress?.ipAddress ?? "unknown")
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
        var request = request
        do {
            request.body = RequestBody(buffer: try await request.body.collect(within: limits))
        } catch is NIOTooManyBytesError {
            // A body without a length (chunked) that went past the limit while it was read.
            return Self.refuse(413, "The request body is longer than \(limits.maximumBodyBytes) bytes.")
        } catch is BodyTimeout {
            return Self.refuse(408, "The request body did not arrive within \(limits.clientTimeout).")
        }
        let client = holder(of: request, context: context)
        let bodyBytes = request.headers[.contentLength].flatMap { Int($0) } ?? 0
        guard await slots.take(for: client, bodyBytes: bodyBytes, waitingUpTo: limits.placeWait) else {
            var response = Self.refuse(503, "The server is busy, try again shortly.")
            response.headers[.retryAfter] = "1"
            return response
        }
        defer { slots.release(for: client) }
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

/// Requests being worked on now, shared by every connection: at most `total` at once, at most
/// `perClient` of them from one address, so one client (or many connections from one machine)
/// leaves places for everyone else, and at most `perSession` for one SSH front-end session: every
/// session comes from the front-end's address, and each gets a share of its own. A request within
/// its share that finds every place taken waits for one (in order of arrival, a bounded number of
/// them, for a bounded time): a burst is worked through instead of refused whole, and its clients
/// do not all come back together after the same `Retry-After`.
final class RequestSlots: Sendable {
    /// Whose share a place is taken from.
    enum Holder: Hashable, Sendable {
        case address(String)
        case frontSession(String)
    }

    let total: Int
    let perClient: Int
    let perSession: Int
    let maximumWaiting: Int
    let maximumWaitingBytes: Int
    private struct Waiter {
        var id: Int
        var holder: Holder
        var bodyBytes: Int
        var continuation: CheckedContinuation<Bool, Never>
    }
    private struct Taken {
        var total = 0
        var byHolder: [Holder: Int] = [:]
        /// In order of arrival.
        var waiting: [Waiter] = []
        var waitingBytes = 0
        var nextWaiter = 0
        /// Waiters numbered and not yet queued, and those of them whose time ran out (or whose
        /// request was cancelled) before they were.
        var pending: Set<Int> = []
        var abandoned: Set<Int> = []
    }
    private let taken = Mutex(Taken())

    init(total: Int, perClient: Int, perSession: Int = 4, maximumWaiting: Int = 128, maximumWaitingBytes: Int = 16 << 20) {
        self.total = max(1, total)
        self.perClient = max(1, min(perClient, total))
        self.perSession = max(1, min(perSession, total))
        self.maximumWaiting = max(0, maximumWaiting)
        self.maximumWaitingBytes = max(0, maximumWaitingBytes)
    }

    convenience init(_ limits: RequestLimits) {
        self.init(total: limits.maximumConcurrentRequests, perClient: limits.maximumConcurrentRequestsPerClient,
                  perSession: limits.maximumConcurrentRequestsPerFrontSession, maximumWaiting: limits.maximumWaitingRequests,
                  maximumWaitingBytes: limits.maximumWaitingBodyBytes)
    }

    private func share(of holder: Holder) -> Int {
        switch holder {
        case .address: return perClient
        case .frontSession: return perSession
        }
    }

    /// Whose share is full, whether every place is taken: what stands between `holder` and a place.
    private func fits(_ holder: Holder, _ taken: Taken) -> Bool {
        taken.total < total && taken.byHolder[holder, default: 0] < share(of: holder)
    }

    private func grant(_ holder: Holder, _ taken: inout Taken) {
        taken.total += 1
        taken.byHolder[holder, default: 0] += 1
    }

    /// True when `holder` got a place now; it must `release` it when its request is answered.
    func take(for holder: Holder) -> Bool {
        taken.withLock { taken in
            guard fits(holder, taken) else { return false }
            grant(holder, &taken)
            return true
        }
    }

    /// A place for `holder`, now or within `patience` when every place is taken and `holder` is
    /// within its share (and the waiting room has space for it and its body). False: refused.
    func take(for holder: Holder, bodyBytes: Int, waitingUpTo patience: Duration) async -> Bool {
        // Every waiter that fits was given its place when one came free: one that fits now takes it.
        let id = taken.withLock { taken -> Int? in
            if fits(holder, taken) {
                grant(holder, &taken)
                return nil
            }
            taken.nextWaiter += 1
            taken.pending.insert(taken.nextWaiter)
            return taken.nextWaiter
        }
        guard let id else { return true }
        let timeout = Task {
            guard (try? await Task.sleep(for: patience)) != nil else { return }
            self.abandon(id)
        }
        defer { timeout.cancel() }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let refused = taken.withLock { taken -> Bool in
                    taken.pending.remove(id)
                    if taken.abandoned.remove(id) != nil { return true }
                    if fits(holder, taken) {
                        grant(holder, &taken)
                        continuation.resume(returning: true)
                        return false
                    }
                    // Over its own share it is refused as before: waiting is for a full house only.
                    let mine = taken.byHolder[holder, default: 0] + taken.waiting.count(where: { $0.holder == holder })
                    guard patience > .zero, taken.total >= total, mine < share(of: holder), taken.waiting.count < maximumWaiting,
                          taken.waitingBytes + max(0, bodyBytes) <= maximumWaitingBytes else { return true }
                    taken.waiting.append(Waiter(id: id, holder: holder, bodyBytes: max(0, bodyBytes), continuation: continuation))
                    taken.waitingBytes += max(0, bodyBytes)
                    return false
                }
                if refused { continuation.resume(returning: false) }
            }
        } onCancel: {
            abandon(id)
        }
    }

    /// The waiter `id` gives up (its time ran out, its request was cancelled): refused.
    private func abandon(_ id: Int) {
        taken.withLock { taken in
            guard let index = taken.waiting.firstIndex(where: { $0.id == id }) else {
                // Not queued yet: remembered for when it is. (Already given its place: nothing to do.)
                if taken.pending.contains(id) { taken.abandoned.insert(id) }
                return
            }
            let waiter = taken.waiting.remove(at: index)
            taken.waitingBytes -= waiter.bodyBytes
            waiter.continuation.resume(returning: false)
        }
    }

    func release(for holder: Holder) {
        taken.withLock { taken in
            taken.total = max(0, taken.total - 1)
            let mine = taken.byHolder[holder, default: 0] - 1
            taken.byHolder[holder] = mine > 0 ? mine : nil
            // The freed place goes to the first waiter whose share has room.
            guard let index = taken.waiting.firstIndex(where: { fits($0.holder, taken) }) else { return }
            let waiter = taken.waiting.remove(at: index)
            taken.waitingBytes -= waiter.bodyBytes
            grant(waiter.holder, &taken)
            waiter.continuation.resume(returning: true)
        }
    }

    var inUse: Int { taken.withLock { $0.total } }
    var waiting: Int { taken.withLock { $0.waiting.count } }
}

/// The request context `serve` routes with: Hummingbird's, and the address the request came from
/// (for each client's share of the places to work on requests).
public struct ServeRequestContext: Hummingbird.RequestContext, RemoteAddressRequestContext {
    public var coreContext: CoreRequestContextStorage
    public let remoteAddress: SocketAddress?

    public init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        remoteAddress = source.channel.remoteAddress
    }
}

/// A request body that was not read to its end within the client timeout.
struct BodyTimeout: Error {}

extension RequestBody {
    /// The body, at most `limits.maximumBodyBytes`, read whole within `limits.clientTimeout`.
    func collect(within limits: RequestLimits) async throws -> ByteBuffer {
        let maximum = limits.maximumBodyBytes
        let read = await withTimeBudget(limits.clientTimeout) { [self] () async -> Result<ByteBuffer, any Error> in
            do { return .success(try await collect(upTo: maximum)) } catch { return .failure(error) }
        }
        guard let read else { throw BodyTimeout() }
        return try read.get()
    }
}

extension Request {
    /// The body, at most `limits.maximumBodyBytes`, read within `limits.clientTimeout` (at once
    /// when `RequestGuard` read it already).
    mutating func collectBody(within limits: RequestLimits) async throws -> Data {
        Data(try await body.collect(within: limits).readableBytesView)
    }
}
