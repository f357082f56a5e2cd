import Foundation
import StorefrontModels

/// Where a query's answer comes from. Applies to cacheable queries only: mutations and carts always
/// go to the network (and `cacheOnly` for them is a cache miss, since they are never stored).
public enum CachePolicy: Hashable, Sendable {
    /// Only the cache, at any age; nothing cached is `StorefrontError.cacheMiss`.
    case cacheOnly
    /// Only the network; the answer is not stored.
    case networkOnly
    /// A cached answer younger than `expireIn` seconds (nil: any age), else the network.
    case cacheFirst(expireIn: TimeInterval?)
    /// The network; when it fails, a cached answer younger than `expireIn` seconds (nil: any age),
    /// marked as such (`ResponseSource.cacheAfterNetworkFailure`) so the app can say it is offline.
    case networkFirst(expireIn: TimeInterval?)

    var readsCacheFirst: Bool {
        if case .cacheFirst = self { return true }
        return self == .cacheOnly
    }

    var storesAnswers: Bool { self != .networkOnly && self != .cacheOnly }

    /// The oldest cached answer this policy accepts, in seconds (nil: any age).
    var maximumAge: TimeInterval? {
        switch self {
        case .cacheFirst(let age), .networkFirst(let age): return age
        case .cacheOnly, .networkOnly: return nil
        }
    }
}

/// Where an answer came from.
public enum ResponseSource: Hashable, Sendable {
    case network
    /// A cached answer `age` seconds old, served without asking the network.
    case cache(age: TimeInterval)
    /// The network failed with `error`; a cached answer `age` seconds old was served instead.
    case cacheAfterNetworkFailure(age: TimeInterval, error: StorefrontError)

    /// True when the answer is a fallback the buyer should be told about ("offline, showing cached data").
    public var isFallback: Bool {
        if case .cacheAfterNetworkFailure = self { return true }
        return false
    }
}

/// A decoded answer and where it came from.
public struct StorefrontResult<Value: Sendable>: Sendable {
    public var value: Value
    public var source: ResponseSource

    public init(value: Value, source: ResponseSource) { self.value = value; self.source = source }
}
