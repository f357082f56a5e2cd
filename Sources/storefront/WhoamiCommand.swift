import ArgumentParser
import CustomerAccount
import Foundation
import StorefrontCommandLine

/// `storefront whoami`: who is logged in and until when; status 1 when nobody is.
struct WhoamiCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "whoami",
        abstract: "Show the logged-in customer and when the token expires.")

    @OptionGroup var global: GlobalOptions

    func run() async throws {
        try await reportingFailures {
            let loggedIn = try await AccountCommands.running(global) { try await $0.whoami() }
            if !loggedIn { throw ExitCode(1) }
        }
    }
}
