import CustomerAccount
import Foundation
import Storefront

/// The local shop's own checkout, beside its Storefront API: this server is the shop, so a
/// terminal checkout places orders here the way the shop's web checkout completes a cart (the
/// order is recorded, idempotent per checkout session; the cart is completed; stock goes down).
/// It also says where a cart stands, which the API's `cart(id)` (null for all but open carts)
/// cannot. Both check the Storefront API's access token.
public final class CheckoutEndpoint: Sendable {
    public enum Path {
        public static let orders = "/checkout/orders"
        public static let state = "/checkout/state"
    }

    private let backend: any CheckoutBackend
    private let accessToken: String

    public init(backend: any CheckoutBackend, accessToken: String) {
        self.backend = backend; self.accessToken = accessToken
    }

    /// `POST /checkout/orders` with an `OrderDraft`: 200 and the `Order`, or a refusal
    /// `{"code", "message"}` (409 completed, 410 expired, 422 not orderable).
    public func placeOrder(token: String?, body: Data) async -> EndpointResponse {
        guard token == accessToken else { return Self.unauthorized }
        let draft: OrderDraft
        do {
            draft = try OrderWire.decoder.decode(OrderDraft.self, from: body)
        } catch {
            return Self.refusal(400, code: OrderPlacementError.invalidCart, message: "The body must be an order draft: \(error)")
        }
        do {
            let order = try await backend.placeOrder(draft)
            return .json(200, (try? OrderWire.encoder.encode(order)) ?? Data())
        } catch OrderPlacementError.refused(let code, let message) {
            let status = code == OrderPlacementError.cartCompleted ? 409 : code == OrderPlacementError.cartExpired ? 410 : 422
            return Self.refusal(status, code: code, message: message)
        } catch {
            return .json(500, #"{"errors":"The order could not be recorded."}"#)
        }
    }

    /// `GET /checkout/state?cart=ID`: `{"state": "open" | "completed" | "expired"}`, 404 for no such cart.
    public func state(token: String?, query: String) async -> EndpointResponse {
        guard token == accessToken else { return Self.unauthorized }
        guard let cartId = FormEncoding.decode(query).first(where: { $0.0 == "cart" })?.1,
              let state = try? await backend.checkoutState(cartId: cartId) else {
            return Self.refusal(404, code: OrderPlacementError.invalidCart, message: "This store has no such cart.")
        }
        return .json(200, (try? OrderWire.encoder.encode(OrderWire.CartState(state: state))) ?? Data())
    }

    private static let unauthorized = EndpointResponse.json(
        401, #"{"errors":"[API] Invalid API key or access token (unrecognized login or wrong password)"}"#)

    private static func refusal(_ status: Int, code: String, message: String) -> EndpointResponse {
        .json(status, (try? OrderWire.encoder.encode(OrderWire.Refusal(code: code, message: message))) ?? Data())
    }
}
