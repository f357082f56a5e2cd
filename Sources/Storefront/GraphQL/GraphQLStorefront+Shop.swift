import Foundation
import StorefrontModels

/// Requests beside the Storefront API, to the same shop with the same transport and token: the
/// shop's discovery document, and placing an order where the document says.
extension GraphQLStorefront {
    /// The shop's discovery document, or nil when the shop publishes none (any answer but JSON
    /// with status 200). Throws when the shop cannot be reached.
    public func discovery() async throws -> ShopDiscovery? {
        guard let url = ShopDiscovery.url(besides: configuration.endpoint) else { return nil }
        let response = try await send(TransportRequest(url: url, method: "GET", headers: headers(), body: Data(),
                                                       timeout: configuration.timeout))
        guard response.status == 200 else { return nil }
        return try? JSONDecoder().decode(ShopDiscovery.self, from: response.body)
    }

    /// Places an order with a shop that takes orders from the terminal, at `url` (from its
    /// discovery document). A refusal comes back as `OrderPlacementError.refused` with the shop's
    /// code and reason; any other failure as the `StorefrontError` that says what happened.
    public func placeOrder(_ request: CheckoutCompletion, at url: URL) async throws -> Order {
        let body = try OrderWire.encoder.encode(request)
        let response = try await send(TransportRequest(url: url, method: "POST", headers: headers() + [("Content-Type", "application/json")],
                                                       body: body, timeout: configuration.timeout))
        if (200..<300).contains(response.status) {
            do {
                return try OrderWire.decoder.decode(Order.self, from: response.body)
            } catch let error as DecodingError {
                throw GraphQLResponseParser.decodingError(error)
            }
        }
        if let refusal = try? JSONDecoder().decode(OrderWire.Refusal.self, from: response.body) {
            throw OrderPlacementError.refused(code: refusal.code, message: TextSanitizer.cleanLine(refusal.message))
        }
        throw Self.httpError(response)
    }

    /// The shop's orders for these checkout sessions (the ones this terminal paid as a guest),
    /// from `url` (its discovery document's `checkoutOrders`).
    public func orders(checkoutSessions sessions: [String], at url: URL) async throws -> [Order] {
        guard !sessions.isEmpty else { return [] }
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false) else { throw StorefrontError.emptyResponse }
        components.queryItems = sessions.map { URLQueryItem(name: "session", value: $0) }
        guard let target = components.url else { throw StorefrontError.emptyResponse }
        let response = try await send(TransportRequest(url: target, method: "GET", headers: headers(), body: Data(),
                                                       timeout: configuration.timeout))
        guard (200..<300).contains(response.status) else { throw Self.httpError(response) }
        do {
            return try OrderWire.decoder.decode([Order].self, from: response.body)
        } catch let error as DecodingError {
            throw GraphQLResponseParser.decodingError(error)
        }
    }

    /// Where a cart stands, from a shop that says so at `url` (its discovery document's `checkoutState`).
    public func checkoutState(cartId: String, at url: URL) async throws -> CartCheckoutState {
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false) else { throw StorefrontError.emptyResponse }
        components.queryItems = (components.queryItems ?? []) + [URLQueryItem(name: "cart", value: cartId)]
        guard let target = components.url else { throw StorefrontError.emptyResponse }
        let response = try await send(TransportRequest(url: target, method: "GET", headers: headers(), body: Data(),
                                                       timeout: configuration.timeout))
        guard (200..<300).contains(response.status) else { throw Self.httpError(response) }
        guard let answer = try? JSONDecoder().decode(OrderWire.CartState.self, from: response.body) else {
            throw StorefrontError.decoding(path: "state", message: "expected open, completed or expired")
        }
        return answer.state
    }

    private static func httpError(_ response: TransportResponse) -> StorefrontError {
        .http(status: response.status, bodySnippet: GraphQLResponseParser.snippet(response.body),
              retryAfter: RetryAfter.seconds(from: response.header("Retry-After"), now: Date()))
    }

    private func headers() -> [(name: String, value: String)] {
        configuration.identifyingHeaders + [("Accept", "application/json"), ("User-Agent", configuration.userAgent)]
    }

    private func send(_ request: TransportRequest) async throws -> TransportResponse {
        do {
            return try await transport.send(request)
        } catch let error as TransportError {
            throw StorefrontError.transport(error.message)
        }
    }
}

/// Orders on the wire between a terminal checkout and the shop that places them.
public enum OrderWire {
    /// The shop's answer when it will not place the order: `{"code": "cart_completed", "message": "…"}`.
    public struct Refusal: Codable, Sendable {
        public var code: String
        public var message: String
        public init(code: String, message: String) { self.code = code; self.message = message }
    }

    /// The answer to a cart state question: `{"state": "completed"}`.
    public struct CartState: Codable, Sendable {
        public var state: CartCheckoutState
        public init(state: CartCheckoutState) { self.state = state }
    }

    public static var encoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }

    public static var decoder: JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }
}
