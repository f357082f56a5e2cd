import Foundation
import Storefront
import Synchronization

/// Whether the storefront answers. Over a Storefront API the client may serve saved answers when
/// the network fails; the app then says so rather than pretending the data is live.
public enum ConnectionStatus: Hashable, Sendable {
    case online
    /// The storefront could not be reached. When a saved answer stood in, the shown data is
    /// `dataAge` seconds old (nil: no saved answer was needed, or none was there); `reason` is the
    /// failure in words.
    case offline(dataAge: TimeInterval?, reason: String)
}

/// What the storefront client reports about the network, as the app's dependencies deliver it.
public enum ConnectionEvent: Hashable, Sendable {
    /// An answer came from the network.
    case answered
    /// The network failed and a cached answer `dataAge` seconds old was served instead.
    case servedFromCache(dataAge: TimeInterval, reason: String)
    /// A request found no network (a cart, a mutation, a read with nothing saved): offline at once,
    /// not only once the cache runs out.
    case unreachable(reason: String)
}

enum ConnectionReducer {
    static func reduce(into status: inout ConnectionStatus, event: ConnectionEvent) {
        switch event {
        case .answered: status = .online
        case .servedFromCache(let age, let reason): status = .offline(dataAge: age, reason: reason)
        case .unreachable(let reason):
            // The age of what is on screen stays known.
            if case .offline(let age, _) = status { status = .offline(dataAge: age, reason: reason) } else {
                status = .offline(dataAge: nil, reason: reason)
            }
        }
    }

    /// Listens to the client for as long as the app runs.
    static func listen(_ events: @escaping @Sendable () -> AsyncStream<ConnectionEvent>) -> Effect<AppAction> {
        .run { send in
            for await event in events() { await send(.connection(event)) }
        }
        .cancellable(id: .connectionEvents)
    }
}

/// Turns the GraphQL client's events into the app's connection news: every fallback to saved
/// answers, and one `answered` when the network is back after one.
public final class ConnectionMonitor: Sendable {
    /// For `AppDependencies.connectionEvents`: one listener, the app.
    public let events: AsyncStream<ConnectionEvent>
    private let continuation: AsyncStream<ConnectionEvent>.Continuation
    private let offline = Mutex(false)

    public init() {
        (events, continuation) = AsyncStream.makeStream(of: ConnectionEvent.self, bufferingPolicy: .bufferingNewest(8))
    }

    /// For `GraphQLStorefront`'s `onEvent`.
    public var report: @Sendable (GraphQLClientEvent) -> Void {
        { [self] event in
            switch event {
            case .servedFromCacheAfterNetworkFailure(_, let age, let error):
                offline.withLock { $0 = true }
                continuation.yield(.servedFromCache(dataAge: age, reason: error.description))
            case .unreachable(_, let error):
                offline.withLock { $0 = true }
                continuation.yield(.unreachable(reason: error.description))
            case .responseReceived(_, let status, _, _) where status < 500:
                if offline.withLock({ wasOffline in defer { wasOffline = false }; return wasOffline }) {
                    continuation.yield(.answered)
                }
            default:
                break
            }
        }
    }
}
