import ServerSettings
import Foundation
import Storefront

/// The local shop's own checkout, beside its Storefront API: this server is the shop, so a
/// terminal checkout places orders here the way the shop's web checkout completes a cart (the
/// order is recorded, idempotent per checkout session; the cart is completed; stock goes down).
/// It also says where a cart stands, which the API's `cart(id)` (null for all but open carts)
/// cannot. Both check the Storefront API's access token.
public final class CheckoutEndpoint: Sendable {
    public enum Path {
        public static let orders = ServeDefaults.checkoutOrdersPath
        public static let state = "/checkout/state"
    }

    let backend: any CheckoutBackend
    private let accessToken: String

    public init(backend: any CheckoutBackend, accessToken: String) {
        self.backend = backend; self.accessToken = accessToken
    }

    /// `POST /checkout/orders` with a `CheckoutCompletion` (the cart, the buyer, the address, the
    /// delivery option, the vaulted card): 200 and the `Order` the shop built and priced, or a
    /// refusal `{"code", "message"}` (400 a malformed body or one carrying prices, totals,
    /// currencies or lines; 409 completed, 410 expired, 422 not orderable).
    public func placeOrder(token: String?, body: Data) async -> EndpointResponse {
        guard token == accessToken else { return Self.unauthorized }
        let request: CheckoutCompletion
        switch Self.completion(from: body) {
        case .success(let decoded): request = decoded
        case .failure(let refusal): return Self.refusal(400, code: refusal.code, message: refusal.message)
        }
        do {
            let order = try await backend.placeOrder(request)
            return .json(200, (try? OrderWire.encoder.encode(order)) ?? Data())
        } catch OrderPlacementError.refused(let code, let message) {
            let status = code == OrderPlacementError.cartCompleted ? 409 : code == OrderPlacementError.cartExpired ? 410 : 422
            return Self.refusal(status, code: code, message: message)
        } catch {
            return .json(500, #"{"errors":"The order could not be recorded."}"#)
        }
    }

    /// Why a body is not a completion: a refusal code and its reason.
    struct BodyRefusal: Error {
        var code: String
        var message: String
    }

    /// Refused before it is decoded: the price of an order is the shop's to set, so a body naming
    /// an amount, a total, a currency or a line (or any key a completion does not have) says so.
    static let clientPricing = "client_pricing_refused"

    static func completion(from body: Data) -> Result<CheckoutCompletion, BodyRefusal> {
        guard let object = try? JSONSerialization.jsonObject(with: body) as? [String: Any] else {
            return .failure(BodyRefusal(code: OrderPlacementError.invalidInput, message: "The body must be a JSON object naming the cart."))
        }
        var unknown = Set(object.keys).subtracting(CheckoutCompletion.acceptedKeys)
        if let payment = object["payment"] as? [String: Any] {
            unknown.formUnion(Set(payment.keys).subtracting(PaymentToken.acceptedKeys).map { "payment.\($0)" })
        }
        guard unknown.isEmpty else {
            let names = unknown.sorted().prefix(5).map { TextSanitizer.cleanLine(String($0.prefix(40))) }.joined(separator: ", ")
            return .failure(BodyRefusal(code: clientPricing,
                                        message: "The shop prices the order from the cart; a checkout names the cart, the buyer, the address, the delivery option and the card only (not \(names))."))
        }
        do {
            return .success(try OrderWire.decoder.decode(CheckoutCompletion.self, from: body))
        } catch {
            return .failure(BodyRefusal(code: OrderPlacementError.invalidInput, message: "The body is not a checkout completion: \(error)"))
        }
    }

    /// At most this many checkout sessions in one `GET /checkout/orders`.
    public static let maximumSessions = 100

    /// `GET /checkout/orders?session=S&session=T…`: the ledger's orders for those checkout
    /// sessions (a guest's terminal keeps the sessions it paid; a session id is known only to the
    /// checkout that paid it), oldest first. 400 past `maximumSessions`.
    public func orders(token: String?, query: String) async -> EndpointResponse {
        guard token == accessToken else { return Self.unauthorized }
        let fields: QueryFields
        do throws(QueryFields.Unreadable) { fields = try QueryFields(query) } catch { return Self.unreadable(error) }
        let sessions = Set(fields.values("session"))
        guard sessions.count <= Self.maximumSessions else {
            return Self.refusal(400, code: OrderPlacementError.invalidInput, message: "Ask for at most \(Self.maximumSessions) checkout sessions at once.")
        }
        guard let all = try? await backend.orders() else { return .json(500, #"{"errors":"The orders could not be read."}"#) }
        let found = all.filter { sessions.contains($0.draft.checkoutSessionId) }
        return .json(200, (try? OrderWire.encoder.encode(found)) ?? Data("[]".utf8))
    }

    /// `GET /checkout/state?cart=ID`: `{"state": "open" | "completed" | "expired"}`, 404 for no such cart.
    public func state(token: String?, query: String) async -> EndpointResponse {
        guard token == accessToken else { return Self.unauthorized }
        let fields: QueryFields
        do throws(QueryFields.Unreadable) { fields = try QueryFields(query) } catch { return Self.unreadable(error) }
        guard let cartId = fields.first("cart"),
              let state = try? await backend.checkoutState(cartId: cartId) else {
            return Self.refusal(404, code: OrderPlacementError.invalidCart, message: "This store has no such cart.")
        }
        return .json(200, (try? OrderWire.encoder.encode(OrderWire.CartState(state: state))) ?? Data())
    }

    private static let unauthorized = EndpointResponse.json(
        401, #"{"errors":"[API] Invalid API key or access token (unrecognized login or wrong password)"}"#)

    private static func unreadable(_ error: QueryFields.Unreadable) -> EndpointResponse {
        refusal(400, code: OrderPlacementError.invalidInput, message: "The query cannot be read: \(error.reason).")
    }

    private static func refusal(_ status: Int, code: String, message: String) -> EndpointResponse {
        .json(status, (try? OrderWire.encoder.encode(OrderWire.Refusal(code: code, message: message))) ?? Data())
    }
}
