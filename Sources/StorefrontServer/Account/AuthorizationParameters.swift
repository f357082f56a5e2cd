import Foundation

/// An authorization request that passed validation: what the login page carries through, and what
/// the authorization code will be bound to.
public struct AuthorizationParameters: Hashable, Sendable {
    public var clientId: String
    public var redirectURI: String
    public var scope: String
    /// Echoed back untouched; the app checks it.
    public var state: String?
    public var codeChallenge: String
    public var codeChallengeMethod: String

    /// The fields as query or form items, to carry them through the login page's form.
    var fields: [(String, String)] {
        var fields = [("response_type", "code"), ("client_id", clientId), ("redirect_uri", redirectURI), ("scope", scope),
                      ("code_challenge", codeChallenge), ("code_challenge_method", codeChallengeMethod)]
        if let state { fields.append(("state", state)) }
        return fields
    }

    /// The app's redirect URI with `items` added to its query (a code or an error, and the state).
    func redirect(_ items: [(String, String)]) -> URL {
        var components = URLComponents(string: redirectURI)!
        var query = components.queryItems ?? []
        query += items.map { URLQueryItem(name: $0.0, value: $0.1) }
        if let state { query.append(URLQueryItem(name: "state", value: state)) }
        components.queryItems = query
        return components.url!
    }
}
