import AppCore
import ArgumentParser
import CheckoutSheet
import Foundation
import Storefront
import StorefrontCommandLine
import TerminalUI

/// `storefront`: the root command. Subcommands are listed here, one file each.
@main
struct StorefrontCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "storefront",
        abstract: "A storefront you use in a terminal.",
        discussion: """
            Without a subcommand, opens the interactive storefront in the terminal (--plain: as a \
            conversation of lines, for screen readers, pipes and slow links). \
            Reads the embedded catalog (or --catalog PATH), or a Storefront API with --endpoint URL or \
            --shop DOMAIN and --token (also STOREFRONT_SHOP and STOREFRONT_TOKEN). \
            Settings file: $XDG_CONFIG_HOME/storefront/config.toml (else ~/.config/storefront/config.toml) \
            with shop or endpoint, token or token_env (the name of a variable holding it), country, \
            colours and pictures (true or false); the command line and the environment go first. \
            Exit status: 0 on \
            success, 1 when something asked for does not exist (an unknown product handle), 2 for bad \
            input (an unreadable catalog, a search query that does not parse), 3 when the storefront \
            cannot be reached or asks to try later (throttled), 64 when the command line itself is wrong \
            (an unknown subcommand or option, a value out of range).
            """,
        version: versionLine,
        subcommands: [CollectionsCommand.self, SearchCommand.self, ProductCommand.self, CheckoutDemoCommand.self,
                      CheckoutCommand.self, ServeCommand.self, MCPCommand.self, LoginCommand.self, LogoutCommand.self, WhoamiCommand.self]
    )

    /// `storefront --version`: `storefront 0.1.0 (commit 1a2b3c4d5e6f)`.
    static var versionLine: String {
        "storefront \(StorefrontVersion.number) (\(buildCommit.map { "commit \($0)" } ?? "unknown commit"))"
    }

    @OptionGroup var global: GlobalOptions

    @Flag(help: "A line-oriented conversation instead of the full-screen UI: numbered lists, one command per line (also when TERM=dumb or stdin or stdout is not a terminal).")
    var plain = false

    @Option(name: .long, help: ArgumentHelp("Open a screen at start: \(DeepLink.usage).", valueName: "screen"))
    var open: String?

    /// Keep the current cart on the account server instead of this machine (SSH sessions, which
    /// keep nothing of their own).
    @Flag(name: .customLong("cart-on-account"), help: .hidden)
    var cartOnAccount = false

    @Option(name: .customLong("checkout-protocol"),
            help: "The checkout sheet's protocol: 8.1 (the default) or 2025-10 (else STOREFRONT_CHECKOUT_PROTOCOL; in 2025-10 the app picks the address and the payment method).")
    var checkoutProtocol: CheckoutProtocol?

    /// The country to start in (m in the app picks another, and the choice is remembered).
    @OptionGroup var market: MarketOptions

    func validate() throws {
        if let open, case .failure(let error) = DeepLink.parse(open) { throw ValidationError(error.description) }
        do { _ = try chosenProtocol() } catch { throw ValidationError(error.message) }
    }

    private func chosenProtocol() throws(AppError) -> CheckoutProtocol {
        try AppSettings.checkoutProtocol(option: checkoutProtocol, environment: ProcessInfo.processInfo.environment)
    }

    /// No subcommand: the interactive storefront in this terminal.
    func run() async throws {
        StartupTrace.mark("arguments-parsed")
        let link = open.flatMap { try? DeepLink.parse($0).get() }
        // config.toml's colours and pictures (NO_COLOR of the environment's own goes first).
        let settings = global.settings()
        SettingsFile.applyColours(settings)
        StartupTrace.mark("settings-read")
        try await reportingFailures {
            try await InteractiveSession.run(global: global, plain: plain, opening: link, cartOnAccount: cartOnAccount,
                                             checkoutProtocol: try chosenProtocol(), country: market.asked,
                                             settingsCountry: SettingsFile.loaded.country, showsPictures: settings.pictures)
        }
    }
}

extension StorefrontCommand {
    static func main() async {
        StartupTrace.mark("main")
        let arguments = Array(CommandLine.arguments.dropFirst())
        // The bare `storefront` on a terminal is the app: its terminal starts and its first frame
        // is drawn before the command line parser's work, which the first frame does not need.
        if arguments.isEmpty { InteractiveSession.startEarly() }
        do {
            var command = try parseAsRoot(SearchArguments.rewrite(arguments))
            if var asyncCommand = command as? AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
            TerminalApp.stopEarly()
        } catch {
            // Whatever ended the command is said on the shell's screen, not the app's.
            TerminalApp.stopEarly()
            exit(withError: error)
        }
    }
}
