import Foundation
import Hummingbird
import Storefront

extension StorefrontAPIServer {
    /// `/checkout/orders` (POST places, GET reads by checkout session) and `/checkout/state` beside the Storefront API.
    func addCheckoutRoutes(_ checkout: CheckoutEndpoint, to router: Router<BasicRequestContext>) {
        let log = log
        let tokenHeader = HTTPFields.Element.Name(GraphQLEndpoint.tokenHeader)!
        router.post(RouterPath(stringLiteral: CheckoutEndpoint.Path.orders)) { request, _ -> Response in
            var request = request
            let body = Data(try await request.collectBody(upTo: 1 << 20).readableBytesView)
            let answer = await checkout.placeOrder(token: request.headers[tokenHeader], body: body)
            await log("POST \(CheckoutEndpoint.Path.orders) \(answer.status)")
            return Self.response(answer)
        }
        router.get(RouterPath(stringLiteral: CheckoutEndpoint.Path.orders)) { request, _ -> Response in
            let answer = await checkout.orders(token: request.headers[tokenHeader], query: request.uri.query ?? "")
            await log("GET \(CheckoutEndpoint.Path.orders) \(answer.status)")
            return Self.response(answer)
        }
        router.get(RouterPath(stringLiteral: CheckoutEndpoint.Path.state)) { request, _ -> Response in
            let answer = await checkout.state(token: request.headers[tokenHeader], query: request.uri.query ?? "")
            await log("GET \(CheckoutEndpoint.Path.state) \(answer.status)")
            return Self.response(answer)
        }
    }

    /// `/.well-known/storefront.json`: what this server offers beside the API, so a client given
    /// only the endpoint finds the account server and knows it may place orders here.
    func addDiscoveryRoute(to router: Router<BasicRequestContext>) {
        let origin = origin
        let hasAccount = account != nil, hasCheckout = checkout != nil
        router.get(RouterPath(stringLiteral: ShopDiscovery.path)) { _, _ -> Response in
            let base = await origin.value
            let document = ShopDiscovery(
                checkoutOrders: hasCheckout ? URL(string: base + CheckoutEndpoint.Path.orders) : nil,
                checkoutState: hasCheckout ? URL(string: base + CheckoutEndpoint.Path.state) : nil,
                customerAccount: hasAccount ? URL(string: base + AccountEndpoint.Path.base) : nil)
            return Self.response(.json(200, (try? OrderWire.encoder.encode(document)) ?? Data()))
        }
    }
}

/// The server's own origin (`http://127.0.0.1:PORT`), known once the socket listens.
actor ServedOrigin {
    private(set) var value = ""
    func set(_ origin: String) { value = origin }
}
