import Foundation
import StorefrontModels

extension GraphQLStorefront {
    /// Fetches a picture with a plain GET. A picture on the shop's own domain (or its `cdn.`
    /// host) is asked of the origin this client talks to: that is the shop, whichever address it
    /// is reached at (a local `storefront serve` answers for the catalog's domain).
    public func pictureData(url: String, maxBytes: Int) async throws -> Data {
        guard var target = URLComponents(string: url), let scheme = target.scheme, ["http", "https"].contains(scheme) else {
            throw StorefrontError.invalidArgument("not a picture URL: \(TextSanitizer.cleanLine(String(url.prefix(200))))")
        }
        // The shop's domain from the cache when it is there: one request for many pictures.
        if let host = target.host, let domain = try? await withCachePolicy(.cacheFirst(expireIn: 3600)).shop().domain,
           host == domain || host == "cdn." + domain,
           let endpoint = URLComponents(url: configuration.endpoint, resolvingAgainstBaseURL: false) {
            target.scheme = endpoint.scheme
            target.host = endpoint.host
            target.port = endpoint.port
        }
        guard let address = target.url else { throw StorefrontError.invalidArgument("not a picture URL") }
        let response: TransportResponse
        do {
            response = try await transport.send(TransportRequest(url: address, method: "GET", headers: [("Accept", "image/png")],
                                                                 body: Data(), timeout: 15))
        } catch let error as TransportError {
            throw StorefrontError.transport(error.message)
        }
        guard response.status == 200 else {
            throw StorefrontError.http(status: response.status, bodySnippet: "", retryAfter: nil)
        }
        guard response.body.count <= maxBytes else { throw StorefrontError.invalidArgument("picture larger than \(maxBytes) bytes") }
        return response.body
    }
}
