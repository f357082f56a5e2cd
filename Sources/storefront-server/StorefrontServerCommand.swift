import ArgumentParser
import StorefrontCommandLine

/// `storefront-server`: where `storefront serve` and `storefront mcp` run. The `storefront`
/// program parses those commands (their help, manual page and completions are its own) and then
/// becomes this program with the same arguments, so the terminal app links none of the server's
/// libraries. Run directly, it takes the same arguments: `storefront-server serve --port 0`.
@main
struct StorefrontServerCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: SiblingProgram.server,
        abstract: "The storefront's server program: `storefront serve` and `storefront mcp` run here.",
        subcommands: [ServeCommand.self, MCPCommand.self])

    /// The global options may come before the command's name, as `storefront` takes them.
    @OptionGroup var global: GlobalOptions

    /// The interactive storefront's own options, which `storefront` takes before any command's
    /// name (`storefront --plain serve`) and has checked already; taken here too so that such a
    /// command line runs as it did, and not used: they are not serve's or mcp's.
    @OptionGroup var interactive: InteractiveOptionsTaken
}

/// `storefront`'s options for its interactive storefront, by name only (see `interactive` above).
struct InteractiveOptionsTaken: ParsableArguments {
    @Flag(help: .hidden) var plain = false
    @Option(help: .hidden) var open: String?
    @Flag(name: .customLong("cart-on-account"), help: .hidden) var cartOnAccount = false
    @Option(name: .customLong("checkout-protocol"), help: .hidden) var checkoutProtocol: String?
    @Option(help: .hidden) var country: String?
}
