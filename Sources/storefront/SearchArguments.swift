import StorefrontCommandLine
import TerminalUI

/// `search` takes words that start with "-" as part of the query (`-tag:sale` is a negation), but
/// a word starting with "--" looks like an option to the argument parser, which rejects an unknown
/// one before `search` sees it: `storefront search ---` would exit 64. Such words are moved after
/// a "--", with the other words in their order, so they reach the query as written.
enum SearchArguments {
    /// Options of `search` (and the global ones) that take a value.
    private static let valued: Set<String> = ["--limit", "--catalog", "--endpoint", "--shop", "--token", "--country"]
    /// Options of `search` that take none.
    private static let flags: Set<String> = ["--json", "-h", "--help"]

    static func rewrite(_ arguments: [String]) -> [String] {
        guard let index = arguments.firstIndex(of: "search"),
              !arguments[..<index].contains("--"),
              arguments[(index + 1)...].contains(where: isQueryWordLookingLikeOption) else { return arguments }
        var options: [String] = [], words: [String] = []
        var i = index + 1
        while i < arguments.count {
            let argument = arguments[i]
            if argument == "--" { words += arguments[(i + 1)...]; break }
            let name = String(argument.prefix { $0 != "=" })
            if valued.contains(name) {
                options.append(argument)
                if !argument.contains("="), i + 1 < arguments.count { options.append(arguments[i + 1]); i += 1 }
            } else if flags.contains(argument) {
                options.append(argument)
            } else {
                words.append(argument)
            }
            i += 1
        }
        return Array(arguments[...index]) + options + ["--"] + words
    }

    /// "---", "---x", "--(": not an option anyone could mean.
    private static func isQueryWordLookingLikeOption(_ argument: String) -> Bool {
        guard argument.hasPrefix("--"), argument != "--" else { return false }
        let name = String(argument.prefix { $0 != "=" })
        return !valued.contains(name) && !flags.contains(name)
    }
}
