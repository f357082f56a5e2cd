import ArgumentParser
import CustomerAccount
import Foundation
import StorefrontCommandLine

/// `storefront logout`: ends the session at the account server, deletes the tokens and the carts
/// a customer was signed in to.
struct LogoutCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "logout",
        abstract: "Log out: revoke and delete the tokens and the signed-in carts.")

    @OptionGroup var global: GlobalOptions

    func run() async throws {
        try await reportingFailures {
            try await AccountCommands.running(global) { try await $0.logout() }
        }
    }
}
