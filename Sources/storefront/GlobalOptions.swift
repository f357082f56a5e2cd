import ArgumentParser
import Foundation
import Storefront

/// Options every command takes, before or after the subcommand's name:
/// `storefront --catalog x.json search tea` and `storefront search tea --catalog x.json`.
struct GlobalOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("A catalog file to use instead of the bundled one.", valueName: "path"))
    var catalog: String?

    /// The catalog named on the command line, or the bundled one. (ArgumentParser hands an option
    /// written before the subcommand's name to the subcommand's copy of this group too.)
    /// A catalog that cannot be used ends the command with one line on stderr and status 2.
    func openCatalog() throws -> StoreCatalog {
        do {
            if let path = catalog { return try CatalogLoader.load(contentsOf: path) }
            return try CatalogLoader.bundled()
        } catch let error as StorefrontError {
            throw CommandFailure.input(error.description)
        }
    }
}
