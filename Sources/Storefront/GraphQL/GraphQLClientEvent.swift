import Foundation
import StorefrontModels

/// What the client is doing, for a status line ("offline, showing cached data"), a log or a count.
public enum GraphQLClientEvent: Sendable {
    case requestSent(operation: String, attempt: Int)
    case responseReceived(operation: String, status: Int, bytes: Int, duration: TimeInterval)
    case retrying(operation: String, retry: RetryHandler.Retry)
    case servedFromCache(operation: String, age: TimeInterval)
    /// The network failed; a cached answer was served instead. The app should say so.
    case servedFromCacheAfterNetworkFailure(operation: String, age: TimeInterval, error: StorefrontError)
    /// The storefront could not be reached at all (after any retries): the app is offline, whether
    /// or not a saved answer stands in (carts and mutations have none).
    case unreachable(operation: String, error: StorefrontError)
}
