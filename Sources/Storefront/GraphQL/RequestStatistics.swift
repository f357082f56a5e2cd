import Foundation

/// Counts of what a client has done since it was made: HTTP requests sent (each retry counts),
/// answers served from the cache, and time spent waiting for the network.
public struct RequestStatistics: Hashable, Sendable {
    public var requests = 0
    public var requestsByOperation: [String: Int] = [:]
    public var retries = 0
    public var cacheHits = 0
    public var cacheFallbacks = 0
    public var bytesReceived = 0
    /// Seconds from sending a request to having its whole answer, summed.
    public var networkTime: TimeInterval = 0

    public init() {}
}

/// Collects `RequestStatistics` from concurrent requests.
actor RequestStatisticsRecorder {
    private(set) var statistics = RequestStatistics()

    func record(_ event: GraphQLClientEvent) {
        switch event {
        case .requestSent(let operation, _):
            statistics.requests += 1
            statistics.requestsByOperation[operation, default: 0] += 1
        case .responseReceived(_, _, let bytes, let duration):
            statistics.bytesReceived += bytes
            statistics.networkTime += duration
        case .retrying: statistics.retries += 1
        case .servedFromCache: statistics.cacheHits += 1
        case .servedFromCacheAfterNetworkFailure: statistics.cacheFallbacks += 1
        case .unreachable: break
        }
    }
}
