import Foundation
import Storefront

/// The device authorization endpoint's answer (RFC 8628 §3.2).
public struct DeviceAuthorization: Hashable, Sendable, Decodable {
    public var deviceCode: SecretToken
    public var userCode: String
    public var verificationURI: URL
    public var verificationURIComplete: URL?
    public var expiresIn: Int
    public var interval: Int?

    enum CodingKeys: String, CodingKey {
        case deviceCode = "device_code", userCode = "user_code", verificationURI = "verification_uri"
        case verificationURIComplete = "verification_uri_complete", expiresIn = "expires_in", interval
    }
}

extension AccountServerClient {
    /// Asks for a user code for a terminal without a browser (RFC 8628 §3.1).
    public func startDeviceAuthorization(endpoint: URL, clientId: String, scope: String) async throws -> DeviceAuthorization {
        let body = Data(FormEncoding.encode([("client_id", clientId), ("scope", scope)]).utf8)
        let response = try await send(TransportRequest(url: endpoint, method: "POST", headers: Self.formHeaders, body: body))
        var started: DeviceAuthorization = try decode(response, from: endpoint)
        // Shown on the screen: nothing but the code's own characters.
        started.userCode = String(TextSanitizer.cleanLine(started.userCode).prefix(32))
        return started
    }

    /// One poll of the token endpoint (RFC 8628 §3.4); `authorization_pending` and the other
    /// answers arrive as `tokenRequestRejected`.
    public func pollDeviceToken(_ deviceCode: SecretToken, clientId: String, tokenEndpoint: URL) async throws -> TokenResponse {
        try await tokenRequest(tokenEndpoint, [
            ("grant_type", "urn:ietf:params:oauth:grant-type:device_code"), ("device_code", deviceCode.rawValue), ("client_id", clientId),
        ])
    }
}
