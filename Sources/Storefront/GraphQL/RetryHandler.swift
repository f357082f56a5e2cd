import Foundation
import StorefrontModels

/// Decides whether a failed request is sent again, and when.
///
/// Finite by default (3 attempts). Waits grow exponentially (`baseDelay`, doubled each time, capped
/// at `maximumDelay`) with jitter: a random point in the upper half of the wait, so clients that
/// failed together do not come back together. A `Retry-After` header is obeyed exactly; one longer
/// than `maximumRetryAfter` ends the retries (the error carries it, so the app can say when to try).
///
/// What is retried:
/// - queries: transport failures, HTTP 429, 430, 502, 503, 504 and GraphQL `THROTTLED` errors;
/// - mutations: only failures that prove the request was not processed — a connection that was
///   never made (host not found, connection refused), HTTP 429 or 430 (rejected before execution)
///   and `THROTTLED` (refused before execution). A timeout, a dropped connection or a 5xx may come
///   after the cart changed, and repeating `cartLinesAdd` or `cartCreate` would add the lines twice
///   or make a second cart, so those are reported instead.
///
/// `poll(while:)` is the other use, as in the Buy SDK: run an operation again while a condition on
/// its result holds (a cart that is not ready yet), with the same waits and the same limit.
public struct RetryHandler: Sendable {
    public enum Endurance: Hashable, Sendable {
        /// At most this many attempts in all (1 means no retry).
        case finite(Int)
        /// No limit: meant for polling that the caller cancels.
        case infinite
    }

    public var endurance: Endurance
    public var baseDelay: TimeInterval
    public var maximumDelay: TimeInterval
    public var maximumRetryAfter: TimeInterval
    /// A number in 0..<1; injected so tests know the jitter.
    public var random: @Sendable () -> Double
    /// Waits; injected so tests do not wait.
    public var sleep: @Sendable (TimeInterval) async throws -> Void

    public init(endurance: Endurance = .finite(3), baseDelay: TimeInterval = 0.5, maximumDelay: TimeInterval = 8,
                maximumRetryAfter: TimeInterval = 30,
                random: @escaping @Sendable () -> Double = { Double.random(in: 0..<1) },
                sleep: @escaping @Sendable (TimeInterval) async throws -> Void = RetryHandler.taskSleep) {
        self.endurance = endurance; self.baseDelay = baseDelay; self.maximumDelay = maximumDelay
        self.maximumRetryAfter = maximumRetryAfter; self.random = random; self.sleep = sleep
    }

    public static let `default` = RetryHandler()
    /// One attempt, no retry.
    public static let never = RetryHandler(endurance: .finite(1))

    public static let taskSleep: @Sendable (TimeInterval) async throws -> Void = { seconds in
        try await Task.sleep(nanoseconds: UInt64(max(0, seconds) * 1_000_000_000))
    }

    /// One retry that is about to happen: which attempt comes next, after how long, and why.
    public struct Retry: Sendable {
        public var nextAttempt: Int
        public var delay: TimeInterval
        public var reason: String
    }

    /// The wait before attempt `attempt` (2 for the first retry) when the server named none.
    public func backoff(beforeAttempt attempt: Int) -> TimeInterval {
        let exponent = Double(max(0, attempt - 2))
        let full = min(maximumDelay, baseDelay * pow(2, exponent))
        return full / 2 + full / 2 * min(max(random(), 0), 1)
    }

    /// Whether `error` may be retried for this kind of operation (see the type's rules).
    public static func isRetryable(_ error: any Error, isMutation: Bool) -> Bool {
        switch error {
        case let transport as TransportError:
            return !isMutation || !transport.requestSent
        case let storefront as StorefrontError:
            switch storefront {
            case .http(let status, _, _):
                if status == 429 || status == 430 { return true }
                return !isMutation && [502, 503, 504].contains(status)
            case .graphQL(let errors):
                return errors.contains { $0.code == "THROTTLED" }
            default:
                return false
            }
        default:
            return false
        }
    }

    /// Runs `operation` (given the attempt number, from 1) until it succeeds, fails for good or the
    /// attempts run out; the last error is rethrown.
    public func run<T: Sendable>(isMutation: Bool, onRetry: @Sendable (Retry) async -> Void = { _ in },
                                 _ operation: (_ attempt: Int) async throws -> T) async throws -> T {
        var attempt = 1
        while true {
            do {
                return try await operation(attempt)
            } catch {
                guard !(error is CancellationError), Self.isRetryable(error, isMutation: isMutation),
                      allows(attempt: attempt + 1), let delay = delay(after: error, beforeAttempt: attempt + 1) else { throw error }
                await onRetry(Retry(nextAttempt: attempt + 1, delay: delay, reason: Self.reason(error)))
                try await sleep(delay)
                attempt += 1
            }
        }
    }

    /// Runs `operation` again while `condition` holds for its result, waiting between runs; returns the
    /// first result for which it does not hold, or the last one when the attempts run out.
    public func poll<T: Sendable>(while condition: (T) -> Bool, onRetry: @Sendable (Retry) async -> Void = { _ in },
                                  _ operation: (_ attempt: Int) async throws -> T) async throws -> T {
        var attempt = 1
        while true {
            let result = try await operation(attempt)
            guard condition(result), allows(attempt: attempt + 1) else { return result }
            let delay = backoff(beforeAttempt: attempt + 1)
            await onRetry(Retry(nextAttempt: attempt + 1, delay: delay, reason: "condition still holds"))
            try await sleep(delay)
            attempt += 1
        }
    }

    private func allows(attempt: Int) -> Bool {
        switch endurance {
        case .finite(let limit): return attempt <= limit
        case .infinite: return true
        }
    }

    /// The server's `Retry-After` when it gave one (nil when it asks for too long), else the backoff.
    private func delay(after error: any Error, beforeAttempt attempt: Int) -> TimeInterval? {
        if case .http(_, _, let retryAfter?) = error as? StorefrontError {
            return retryAfter <= maximumRetryAfter ? retryAfter : nil
        }
        return backoff(beforeAttempt: attempt)
    }

    static func reason(_ error: any Error) -> String {
        switch error {
        case let transport as TransportError: return transport.message
        case let storefront as StorefrontError:
            if case .http(let status, _, _) = storefront { return "HTTP \(status)" }
            if case .graphQL(let errors) = storefront { return errors.compactMap(\.code).first ?? "GraphQL error" }
            return storefront.description
        default: return String(describing: error)
        }
    }
}
