import AppCore

/// A plain-mode command that belongs to a screen: its words, its lines in `help`, and what it
/// does. A screen's presenter lists its own (`ScreenPresenter.plainVerbs`), `Screen.plainVerbs` is
/// every screen's in the one registration, and the plain session runs the one a line names.
struct PlainVerb {
    /// The word and its other spellings, in lower case (`orders`, `order`).
    var words: [String]
    /// Its lines in `help`, each within 80 columns.
    var help: String
    /// Whether the words after it are this verb's: two verbs may share a word (`cancel` alone stops
    /// a login, `cancel N` cancels a subscription). When none takes them, the last one answers.
    var takes: (String) -> Bool = { _ in true }
    /// Runs it with the words after it (trimmed; empty when there are none).
    var run: @MainActor (_ arguments: String, _ plain: PlainSession) async -> Void

    /// The verb a line's first word and its arguments name, among `verbs`.
    static func named(_ word: String, arguments: String, in verbs: [PlainVerb]) -> PlainVerb? {
        let candidates = verbs.filter { $0.words.contains(word) }
        return candidates.first { $0.takes(arguments) } ?? candidates.last
    }

    /// The one number in `arguments`, or nil after saying what `word` needs.
    @MainActor
    static func number(_ word: String, _ arguments: String, _ plain: PlainSession) -> Int? {
        let words = arguments.split(separator: " ")
        guard words.count == 1, let n = Int(words[0]) else {
            plain.say("\(word) needs a number, like \(word) 2.")
            return nil
        }
        return n
    }

    /// A name typed for a choice: the same ignoring case, or the start of it.
    static func matches(_ name: String, _ typed: String) -> Bool {
        name.lowercased() == typed.lowercased() || name.lowercased().hasPrefix(typed.lowercased())
    }
}
