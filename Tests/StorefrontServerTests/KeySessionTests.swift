import CustomerAccount
import Foundation
import Storefront
import StorefrontServer
import Testing

/// Customers known by an SSH key: only a front-end holding the front-end credential may ask for a key's
/// session; the same key is the same customer; each customer's cart pointer is kept here.
struct KeySessionTests {
    let authority: AccountAuthority = {
        var configuration = AccountAuthority.Configuration()
        configuration.frontCredential = "front-credential"
        return AccountAuthority(issuer: URL(string: "http://127.0.0.1:8080/account")!, configuration: configuration)
    }()
    var endpoint: AccountEndpoint { AccountEndpoint(authority: authority, shopName: "Kestrel & Co.") }

    func session(_ fingerprint: String, token: String? = "front-credential") async -> EndpointResponse {
        await endpoint.handle(.init(method: "POST", path: "/account/ssh/session", authorization: token.map { "Bearer \($0)" },
                                    body: Data(FormEncoding.encode([("fingerprint", fingerprint)]).utf8)))
    }

    func cart(_ token: SecretToken, put id: String? = nil) async -> EndpointResponse {
        if let id {
            return await endpoint.handle(.init(method: "PUT", path: "/account/customer/cart", authorization: "Bearer \(token.rawValue)",
                                               body: Data(FormEncoding.encode([("cartId", id)]).utf8)))
        }
        return await endpoint.handle(.init(method: "GET", path: "/account/customer/cart", authorization: "Bearer \(token.rawValue)"))
    }

    @Test func onlyTheFrontEndCredentialMaySpeakForAKey() async {
        #expect(await session("SHA256:abc", token: nil).status == 401)
        #expect(await session("SHA256:abc", token: "guess").status == 401)
        #expect(await session("not-a-fingerprint").status == 400)
        let untrusted = AccountEndpoint(authority: AccountAuthority(issuer: URL(string: "http://127.0.0.1:8080/account")!), shopName: "K")
        let answer = await untrusted.handle(.init(method: "POST", path: "/account/ssh/session", authorization: "Bearer front-credential",
                                                  body: Data("fingerprint=SHA256:abc".utf8)))
        #expect(answer.status == 401)
    }

    @Test func theSameKeyIsTheSameCustomerWithTheSameCart() async throws {
        let first = try JSONDecoder().decode(CustomerSession.self, from: await session("SHA256:one").body)
        let again = try JSONDecoder().decode(CustomerSession.self, from: await session("SHA256:one").body)
        let other = try JSONDecoder().decode(CustomerSession.self, from: await session("SHA256:two").body)
        #expect(first.customer == again.customer)
        #expect(first.accessToken != again.accessToken)
        #expect(other.customer.id != first.customer.id)
        // No e-mail is made up for a key: the checkout asks the shopper for one.
        #expect(first.customer.email == nil && other.customer.email == nil)
        #expect(first.customer != DemoCustomer.customer)
        // The tokens name the key's customer (userinfo, carts), not the demo customer.
        #expect(await authority.customer(for: first.accessToken.rawValue) == first.customer)

        #expect(String(decoding: await cart(first.accessToken).body, as: UTF8.self) == "{}")
        #expect(await cart(first.accessToken, put: "gid://shopify/Cart/7").status == 200)
        let pointer = try JSONDecoder().decode(CartPointer.self, from: await cart(again.accessToken).body)
        #expect(pointer.cartId == "gid://shopify/Cart/7")
        let others = try JSONDecoder().decode(CartPointer.self, from: await cart(other.accessToken).body)
        #expect(others.cartId == nil)
        #expect(await cart(SecretToken("nobody")).status == 401)
    }
}
