import Foundation

/// Protocol 2025-10 is asked for in the checkout URL: `embed=protocol%3D2025-10%3Bdelegate%3D...`
/// names the protocol and the host's declared delegations; the app's JWT, when there is one, rides
/// in `embed_auth` and is shown as `[REDACTED]` wherever the URL is written.
extension CheckoutURL {
    /// What an embedded checkout URL asks for.
    package struct Embedding: Hashable, Sendable {
        package var protocolVersion: CheckoutProtocol
        package var delegations: Set<CheckoutDelegation>
        package var authentication: AppAuthenticationToken?
    }

    static let embedParameter = "embed"
    static let authParameter = "embed_auth"

    /// `url` with the embed parameters of `configuration` added; unchanged for protocol 8.1.
    package static func embedding(_ url: String, for configuration: CheckoutConfiguration) -> String {
        guard configuration.protocolVersion == .embedded202510 else { return url }
        var value = "protocol=\(configuration.protocolVersion.rawValue)"
        if !configuration.delegations.isEmpty {
            value += ";delegate=" + configuration.delegations.sorted().map(\.rawValue).joined(separator: ",")
        }
        var query = "\(embedParameter)=\(percentEncoded(value))"
        if let token = configuration.appAuthentication?.token { query += "&\(authParameter)=\(percentEncoded(token))" }
        let (base, fragment) = split(url, at: "#")
        let joiner = base.contains("?") ? (base.hasSuffix("?") || base.hasSuffix("&") ? "" : "&") : "?"
        return base + joiner + query + (fragment.map { "#" + $0 } ?? "")
    }

    /// What `url` asks for; nil when it does not ask for an embedded checkout (protocol 8.1).
    package static func embedding(of url: String) -> Embedding? {
        guard let items = URLComponents(string: url)?.queryItems,
              let value = items.first(where: { $0.name == embedParameter })?.value else { return nil }
        var version: CheckoutProtocol?
        var delegations: Set<CheckoutDelegation> = []
        for part in value.split(separator: ";") {
            let (key, rest) = split(String(part), at: "=")
            switch key.trimmingCharacters(in: .whitespaces) {
            case "protocol": version = rest.flatMap(CheckoutProtocol.init(rawValue:))
            case "delegate":
                delegations = Set((rest ?? "").split(separator: ",").compactMap { CheckoutDelegation(rawValue: String($0)) })
            default: break
            }
        }
        guard let version else { return nil }
        let auth = items.first { $0.name == authParameter }?.value.map(AppAuthenticationToken.init(jwt:))
        return Embedding(protocolVersion: version, delegations: delegations, authentication: auth)
    }

    /// `url` with the value of `embed_auth` replaced by `[REDACTED]`: the form to write anywhere.
    package static func redacted(_ url: String) -> String {
        var result = ""
        var rest = Substring(url)
        let marker = authParameter + "="
        while let range = rest.range(of: marker) {
            let before = rest[..<range.lowerBound]
            // Only a whole parameter name counts (after `?` or `&`).
            guard before.isEmpty || before.last == "?" || before.last == "&" else {
                result += rest[..<range.upperBound]
                rest = rest[range.upperBound...]
                continue
            }
            result += rest[..<range.upperBound] + AppAuthenticationToken.redacted
            let end = rest[range.upperBound...].firstIndex { $0 == "&" || $0 == "#" } ?? rest.endIndex
            rest = rest[end...]
        }
        return result + rest
    }

    private static func split(_ text: String, at separator: Character) -> (String, String?) {
        guard let index = text.firstIndex(of: separator) else { return (text, nil) }
        return (String(text[..<index]), String(text[text.index(after: index)...]))
    }

    private static func percentEncoded(_ text: String) -> String {
        let unreserved = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
        return text.addingPercentEncoding(withAllowedCharacters: unreserved) ?? text
    }
}
