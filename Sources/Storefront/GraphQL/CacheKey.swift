import Foundation

/// The cache key of a query: everything that changes its answer. The endpoint names the shop and
/// the API version; the token decides what the storefront may see (hashed, so the key reveals
/// nothing); the variables include the `@inContext` country and language.
enum CacheKey {
    static func make(endpoint: URL, apiVersion: String, accessToken: String, operation: StorefrontOperation,
                     variables: GraphQLValue) -> String {
        let parts = [endpoint.absoluteString, apiVersion, CacheDigest.hex(accessToken), operation.name,
                     String(decoding: variables.canonicalJSON, as: UTF8.self)]
        return CacheDigest.hex(parts.joined(separator: "\u{1F}"))
    }
}
