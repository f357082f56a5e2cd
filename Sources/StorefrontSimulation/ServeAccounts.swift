import AppAccount
import AppCore
import CustomerAccount
import Foundation
import Storefront
import StorefrontServer

/// The customer accounts of a `serve` run: `serve`'s own account server (approving every login at
/// once, as `serve --auto-approve` does), and the app's account client as it runs against an
/// endpoint: the token file in the terminal's state directory, the account server found from the
/// Storefront API, the authorization code flow with PKCE and a loopback redirect, refresh, the
/// revocation at logout and the customer's orders from the account server. The simulator plays the
/// browser: it opens the address the login shows and follows the redirects back to the app.
enum ServeAccounts {
    /// The account server `serve` starts with on `shop` (tokens live in its memory: a restart of
    /// `serve` ends every login).
    static func server(for shop: EmbeddedStorefront) async -> AccountEndpoint {
        await AccountEndpoint.serving(shop, configuration: AccountAuthority.Configuration(autoApprove: true))
    }

    /// The app's account client on the terminal whose state directory is `directory`, against the
    /// Storefront API at `endpoint`.
    static func client(directory: URL, endpoint: URL) -> AccountClient {
        let commands = AccountCommands(tokenStore: TokenStore(directory: directory), output: { _ in }, openBrowser: { _ in false })
        let options = AccountCommands.LoginOptions(openBrowser: false, storefrontEndpoint: endpoint)
        return .live(commands, login: options, browse: openInBrowser)
    }

    /// The browser: the login page approves at once and redirects to the app's loopback address,
    /// which the HTTP client follows.
    private static func openInBrowser(_ url: URL) async {
        _ = try? await HTTPClientTransport().send(TransportRequest(url: url, method: "GET", headers: [], body: Data()))
    }

    /// The account server ends the login the terminal holds (revoked elsewhere): its refresh token
    /// and every token of the grant are refused from now on; the terminal still holds them.
    static func revokeLogin(directory: URL, at server: AccountEndpoint) async {
        guard let session = try? TokenStore(directory: directory).load(), let refresh = session.refreshToken else { return }
        await server.authority.revoke(token: refresh.rawValue)
    }
}
