import ArgumentParser
import StorefrontCommandLine

/// `storefront checkout ...`: tools around the checkout sheet.
struct CheckoutCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "checkout",
        abstract: "Checkout sheet tools.",
        subcommands: [CheckoutReplayCommand.self])
}
