import CustomerAccount
import Foundation
import Storefront
import Synchronization

/// An account server in memory behind `HTTPTransport`: records every request and answers the
/// token, userinfo, revocation and end-session endpoints from what each test sets up.
final class FakeAccountServer: HTTPTransport {
    struct State {
        var requests: [TransportRequest] = []
        /// Answers of the token endpoint, in order; the last one repeats.
        var tokenAnswers: [TransportResponse] = []
        var userInfo = #"{"sub":"gid://shopify/Customer/7","email":"jane@example.com","given_name":"Jane","family_name":"Doe"}"#
        var unreachable = false
    }

    static let issuer = URL(string: "http://127.0.0.1:9/account")!
    static let metadata = AccountServerMetadata(
        issuer: issuer,
        authorizationEndpoint: URL(string: "http://127.0.0.1:9/account/oauth/authorize")!,
        tokenEndpoint: URL(string: "http://127.0.0.1:9/account/oauth/token")!,
        endSessionEndpoint: URL(string: "http://127.0.0.1:9/account/logout")!,
        revocationEndpoint: URL(string: "http://127.0.0.1:9/account/oauth/revoke")!,
        userinfoEndpoint: URL(string: "http://127.0.0.1:9/account/userinfo")!)

    let state = Mutex(State())

    func send(_ request: TransportRequest) async throws -> TransportResponse {
        try state.withLock { state in
            state.requests.append(request)
            if state.unreachable { throw TransportError(message: "the connection was refused", requestSent: false) }
            switch request.url.path {
            case "/account/.well-known/openid-configuration":
                return TransportResponse(status: 200, body: try JSONEncoder().encode(Self.metadata))
            case "/account/oauth/token":
                guard !state.tokenAnswers.isEmpty else { return Self.oauthError("invalid_request") }
                return state.tokenAnswers.count > 1 ? state.tokenAnswers.removeFirst() : state.tokenAnswers[0]
            case "/account/userinfo":
                return TransportResponse(status: 200, body: Data(state.userInfo.utf8))
            case "/account/oauth/revoke", "/account/logout":
                return TransportResponse(status: 200, body: Data())
            default:
                return TransportResponse(status: 404, body: Data("not found".utf8))
            }
        }
    }

    func answerTokens(_ answers: TransportResponse...) { state.withLock { $0.tokenAnswers = answers } }
    func setUnreachable(_ unreachable: Bool) { state.withLock { $0.unreachable = unreachable } }
    var requests: [TransportRequest] { state.withLock { $0.requests } }

    /// Requests to one endpoint path, with their form fields.
    func forms(to path: String) -> [[String: String]] {
        requests.filter { $0.url.path == path }.map { request in
            Dictionary(FormEncoding.decode(String(decoding: request.body, as: UTF8.self)), uniquingKeysWith: { first, _ in first })
        }
    }

    static func tokens(access: String, refresh: String? = "refresh-1", expiresIn: Int = 3600, idToken: String? = nil) -> TransportResponse {
        var object: [String: Any] = ["access_token": access, "token_type": "Bearer", "expires_in": expiresIn,
                                     "scope": AuthorizationRequest.defaultScope]
        if let refresh { object["refresh_token"] = refresh }
        if let idToken { object["id_token"] = idToken }
        return TransportResponse(status: 200, body: try! JSONSerialization.data(withJSONObject: object))
    }

    static func oauthError(_ error: String, description: String? = nil) -> TransportResponse {
        var object = ["error": error]
        if let description { object["error_description"] = description }
        return TransportResponse(status: 400, body: try! JSONSerialization.data(withJSONObject: object))
    }
}
