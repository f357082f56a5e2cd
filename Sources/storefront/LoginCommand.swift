import ArgumentParser
import CustomerAccount
import Foundation
import StorefrontCommandLine
import ServerSettings

/// `storefront login`: the customer logs in through a browser (OAuth 2.0 authorization code with
/// PKCE and a loopback redirect), and the tokens are kept in the state directory.
struct LoginCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "login",
        abstract: "Log in to your customer account.",
        discussion: """
            Prints an address to open in a browser (and opens it when this terminal has one) and \
            waits for the browser to come back to http://127.0.0.1:PORT/callback. Over SSH, open \
            the address on your own machine and paste the address the browser ends on. The tokens \
            are saved to $XDG_STATE_HOME/storefront/customer-token.json (mode 0600), and the cart \
            in use checks out as you.
            """)

    @OptionGroup var global: GlobalOptions
    @OptionGroup var account: AccountOptions

    @Option(name: .long, help: "The loopback port for the redirect (default: one the system picks).")
    var port: UInt16 = 0

    @Flag(name: .long, help: "Do not open a browser; only print the address.")
    var noBrowser = false

    /// A login with nothing given: the server from the environment or the last login, else
    /// `storefront serve`'s on its usual port.
    static var defaultOptions: AccountCommands.LoginOptions {
        AccountCommands.LoginOptions(
            fallbackAuthServer: URL(string: "http://127.0.0.1:\(ServeDefaults.port)\(AccountCommands.accountPathBesideStorefront)"))
    }

    func run() async throws {
        try await reportingFailures {
            var options = Self.defaultOptions
            options.authServer = try account.authServerURL()
            options.clientId = account.clientId
            options.port = port
            options.openBrowser = !noBrowser
            options.storefrontEndpoint = global.storefrontEndpoint
            _ = try await AccountCommands.running(global) { try await $0.login(options) }
        }
    }
}
