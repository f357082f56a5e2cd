import AppCore
import Storefront

/// One line of the plain mode's conversation: a word and its arguments (`open 3`, `search tag:tea`).
/// The words every screen shares are cases here; a screen's own words (`orders`, `pause N`,
/// `country JP`) are its presenter's `PlainVerb`s, found through `Screen.plainVerbs`.
enum PlainCommand: Equatable {
    case help, list, back, home, more, quit, events
    case open(Int)
    /// A word of a screen's own: the word as typed (lower case) and the words after it.
    case screen(word: String, arguments: String)
    /// Not understood: the message says why.
    case invalid(String)

    init(_ line: String) {
        var text = Substring(line.trimmingCharacters(in: .whitespaces))
        if text.first == "/" { text = text.dropFirst() }
        let word = text.prefix { !$0.isWhitespace }.lowercased()
        let rest = text.dropFirst(word.count).trimmingCharacters(in: .whitespaces)
        switch word {
        case "", "list", "ls", "l": self = .list
        case "help", "?", "h": self = .help
        case "back", "b", "esc": self = .back
        case "home", "collections": self = .home
        case "more", "next": self = .more
        case "quit", "q", "exit": self = .quit
        case "events", "log": self = .events
        case "open", "o":
            let numbers = rest.split(separator: " ").map { Int($0) }
            if numbers.count == 1, let n = numbers[0] { self = .open(n) } else { self = .invalid("open needs a number, like open 2.") }
        default:
            self = PlainVerb.named(word, arguments: rest, in: Screen.plainVerbs) == nil
                ? .invalid("Unknown command \"\(word)\". help lists the commands.")
                : .screen(word: word, arguments: rest)
        }
    }

    /// Every line fits 80 columns, so no terminal breaks a word: the shared words, then each
    /// screen's in the order of the registration.
    static var helpText: String {
        """
        Commands (one per line):
          list               show this screen again (an empty line does too)
          open N             open item N of the list
          more               the next page of a list

        """ + Screen.plainVerbs.map(\.help).filter { !$0.isEmpty }.joined(separator: "\n") + """

          events             every checkout event so far
          back, home         the previous screen, the collections
          help, quit
        Test cards: 4242 4242 4242 4242 pays, 4000 0000 0000 0002 is declined,
        4000 0000 0000 0119 fails once; any future expiry (MM/YY), any three-digit code.
        """
    }
}
