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
}
