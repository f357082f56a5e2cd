import Foundation
import StorefrontCommandLine
import UserConfig

/// The country the shopper picked, kept as one line (`country`) in the app's state directory so
/// the next start shops from it too. A file that cannot be read or written is no country.
struct CountryPreference: Sendable {
    let file: URL

    init(directory: URL) { file = directory.appendingPathComponent("country") }

    /// An ISO 3166 alpha-2 code, upper-cased, or nil for anything else.
    static func code(_ text: String) -> String? { ConfigFile.countryCode(text) }

    func load() -> String? {
        (try? String(contentsOf: file, encoding: .utf8)).flatMap(Self.code)
    }

    /// Nil forgets the choice: the shop's own country again.
    func save(_ country: String?) {
        guard let country else { try? FileManager.default.removeItem(at: file); return }
        try? FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try? Data((country + "\n").utf8).write(to: file, options: .atomic)
    }
}
