import AppCore
import CustomerAccount
import Foundation
import Storefront
import StorefrontServer
import StorefrontSSH

/// How `serve --ssh-port` runs a shopper's session: the `storefront` program (`executable`, found
/// beside this one when the front starts) as a Storefront API client of `endpoint`, with a
/// private state directory that goes away with the session. The SSH side keeps no shop state:
/// carts and orders live behind the API.
struct SSHSessionLauncher: Sendable {
    let executable: String
    let endpoint: URL
    let token: String
    /// The private secret the account server trusts for key sessions; nil: keys are not remembered.
    let frontCredential: String?
    /// Shared by every session: answers to catalog queries, never carts or customers.
    let cacheDirectory: URL

    /// Knows which customer a key is (the account server beside the API); nil: keys are not remembered.
    var accounts: AccountServerClient? = AccountServerClient()

    /// Set for every session: a login there is a code approved on another device (RFC 8628).
    static let loginElsewhereVariable = SSHSessionEnvironment.loginElsewhereVariable

    static let guestNotice = "You are shopping as a guest: this cart lasts this session. "
        + "To be remembered next time, create a key (ssh-keygen -t ed25519) and connect again."

    func launch(_ start: SessionStart) async throws -> SessionLaunch {
        let directory = try Self.makePrivateDirectory()
        var environment = start.environment
        environment["HOME"] = directory.path
        environment["XDG_STATE_HOME"] = directory.path
        environment["XDG_CACHE_HOME"] = cacheDirectory.path
        environment["PATH"] = "/usr/local/bin:/usr/bin:/bin"
        // The API token goes in the environment (readable by this user only), not on the command line.
        environment["STOREFRONT_TOKEN"] = token
        environment[Self.loginElsewhereVariable] = "1"
        // The session's own share of the requests serve works on at once, proven with the credential.
        if let frontCredential {
            environment[FrontSession.environmentVariable] = FrontSession.name(session: UUID().uuidString.lowercased(),
                                                                              credential: frontCredential)
        }
        var arguments = ["--endpoint", endpoint.absoluteString]
        var notice = start.identity == .guest ? Self.guestNotice : nil
        if case .key(let key) = start.identity {
            // The key's customer, logged in for this session; their cart pointer stays on the server.
            if await logIn(key, into: directory) {
                arguments.append("--cart-on-account")
            } else {
                notice = "This shop does not remember SSH keys: your cart lasts this session."
            }
        }
        if let link = start.link { arguments += ["--open", link.argument] }
        return SessionLaunch(executable: executable, arguments: arguments, environment: environment, notice: notice,
                             cleanup: { try? FileManager.default.removeItem(at: directory) })
    }

    /// The account server beside a Storefront API: the same origin, under `/account`.
    var accountServer: URL? {
        guard var components = URLComponents(url: endpoint, resolvingAgainstBaseURL: false) else { return nil }
        components.path = AccountEndpoint.Path.base
        components.query = nil
        return components.url
    }

    private func logIn(_ key: KeyFingerprint, into directory: URL) async -> Bool {
        guard let accounts, let issuer = accountServer, let frontCredential,
              let session = try? await accounts.keySession(fingerprint: key.sha256, frontCredential: frontCredential, issuer: issuer) else {
            return false
        }
        let store = TokenStore(directory: directory.appendingPathComponent("storefront", isDirectory: true))
        return (try? store.save(session)) != nil
    }

    /// A directory only this user can enter, under the system's temporary directory.
    static func makePrivateDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("storefront-ssh-\(UUID().uuidString.lowercased())", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
        return url
    }
}
