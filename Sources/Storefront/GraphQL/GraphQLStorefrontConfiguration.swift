import Foundation
import StorefrontModels

extension GraphQLStorefront {
    /// The API version every document is written and validated against.
    public static let apiVersion = "2026-04"
    /// This client's version, sent in the User-Agent.
    public static let clientVersion = StorefrontVersion.number

    /// Where the storefront is and how to talk to it.
    public struct Configuration: Sendable {
        /// `https://{shop}/api/2026-04/graphql.json`, or any endpoint speaking the same API.
        public var endpoint: URL
        /// The Storefront API access token (`X-Shopify-Storefront-Access-Token`).
        public var accessToken: String
        /// `@inContext(country:)`: an ISO 3166-1 alpha-2 code such as "CA".
        public var country: String?
        /// `@inContext(language:)`: a language code such as "EN" or "PT_BR".
        public var language: String?
        /// The policy for queries that do not name one. Five minutes of cache-first by default:
        /// browsing goes back and forth over the same screens, while stock is checked again by the
        /// cart and checkout, which are never cached.
        public var cachePolicy: CachePolicy
        /// Under `cacheFirst`: when the network fails for a query whose cached answer has expired,
        /// serve that answer anyway if it is younger than this many seconds, marked as a fallback
        /// (`ResponseSource.cacheAfterNetworkFailure`) so the app can say it is offline. Nil (the
        /// default): the failure is thrown. (`networkFirst` falls back within its own `expireIn`.)
        public var offlineFallbackAge: TimeInterval?
        public var retry: RetryHandler
        /// Seconds before a request without an answer is abandoned.
        public var timeout: TimeInterval
        /// How many products a collection fetched alone carries as its preview (none by default:
        /// the products screen pages through them with `collectionProducts`).
        public var collectionPreviewSize: Int
        public var userAgent: String
        /// The SSH front-end session this storefront runs in (`Storefront-Front-Session`), given by
        /// the front-end in `STOREFRONT_FRONT_SESSION`: `serve` gives each session its own share of
        /// the requests it works on at once. nil everywhere else.
        public var frontSession: String?

        public init(endpoint: URL, accessToken: String, country: String? = nil, language: String? = nil,
                    cachePolicy: CachePolicy = .cacheFirst(expireIn: 300), retry: RetryHandler = .default,
                    timeout: TimeInterval = 30, collectionPreviewSize: Int = 0) {
            // The API's enum values are upper case ("CA", "PT_BR").
            self.endpoint = endpoint; self.accessToken = accessToken
            self.country = country?.uppercased(); self.language = language?.uppercased()
            self.cachePolicy = cachePolicy; self.retry = retry; self.timeout = timeout
            self.collectionPreviewSize = collectionPreviewSize
            self.userAgent = "storefront/\(GraphQLStorefront.clientVersion) (Linux)"
        }

        /// The endpoint of a shop domain such as "aurora.myshopify.com" (a leading "https://" and a
        /// trailing "/" are accepted).
        public init(shopDomain: String, accessToken: String, country: String? = nil, language: String? = nil) throws(StorefrontError) {
            self.init(endpoint: try Self.endpoint(forShop: shopDomain), accessToken: accessToken, country: country, language: language)
        }

        public static func endpoint(forShop domain: String) throws(StorefrontError) -> URL {
            var host = domain.trimmingCharacters(in: .whitespaces)
            if host.lowercased().hasPrefix("https://") { host.removeFirst("https://".count) }
            while host.hasSuffix("/") { host.removeLast() }
            let allowed = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: ".-:"))
            guard !host.isEmpty, host.unicodeScalars.allSatisfy({ allowed.contains($0) && $0.isASCII }),
                  let url = URL(string: "https://\(host)/api/\(GraphQLStorefront.apiVersion)/graphql.json") else {
                throw .invalidArgument("\"\(TextSanitizer.cleanLine(domain))\" is not a shop domain (expected something like aurora.myshopify.com)")
            }
            return url
        }
    }
}

extension GraphQLStorefront.Configuration {
    /// The storefront the command line asks for: `--endpoint URL` or `--shop DOMAIN` (else the
    /// environment's `STOREFRONT_SHOP`), with `--token` (else `STOREFRONT_TOKEN`). nil when no
    /// endpoint or shop is named: the embedded storefront is used.
    public static func selected(endpoint: String?, shop: String?, token: String?,
                                environment: [String: String] = ProcessInfo.processInfo.environment) throws(StorefrontError) -> Self? {
        let shop = shop ?? environment["STOREFRONT_SHOP"].flatMap { $0.isEmpty ? nil : $0 }
        let token = token ?? environment["STOREFRONT_TOKEN"].flatMap { $0.isEmpty ? nil : $0 }
        let url: URL
        switch (endpoint, shop) {
        case (nil, nil): return nil
        case (let endpoint?, nil):
            guard let parsed = URL(string: endpoint), ["http", "https"].contains(parsed.scheme?.lowercased() ?? ""),
                  parsed.host?.isEmpty == false else {
                throw .invalidArgument("--endpoint wants an http(s) URL such as https://aurora.myshopify.com/api/\(GraphQLStorefront.apiVersion)/graphql.json")
            }
            url = parsed
        case (nil, let shop?): url = try Self.endpoint(forShop: shop)
        case (.some, .some): throw .invalidArgument("Give --endpoint or --shop (STOREFRONT_SHOP), not both.")
        }
        guard let token else {
            throw .invalidArgument("A Storefront API access token is needed with \(endpoint == nil ? "--shop" : "--endpoint"): pass --token or set STOREFRONT_TOKEN.")
        }
        var configuration = Self(endpoint: url, accessToken: token)
        configuration.frontSession = environment[frontSessionVariable].flatMap { $0.isEmpty ? nil : $0 }
        return configuration
    }

    /// Where an SSH front-end names the session a storefront runs in.
    public static let frontSessionVariable = "STOREFRONT_FRONT_SESSION"
    static let frontSessionHeader = "Storefront-Front-Session"

    /// The headers every request to the endpoint carries: the token, and the front-end session's name.
    var identifyingHeaders: [(name: String, value: String)] {
        [("X-Shopify-Storefront-Access-Token", accessToken)] + (frontSession.map { [(Self.frontSessionHeader, $0)] } ?? [])
    }
}
