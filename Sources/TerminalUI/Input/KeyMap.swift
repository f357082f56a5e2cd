import AppCore

/// What every key does on the current screen: the one source for handling keys, the footer
/// legend and the help overlay, so the three never disagree.
public struct KeyMap: Sendable {
    /// The screen's name in the help overlay's title.
    public var title: String
    public var bindings: [KeyBinding]
    /// Keys that work on every screen, listed apart in help.
    public var global: [KeyBinding]
    /// Where typed characters go when a text field has the focus (nil: characters are commands only).
    public var textInput: (@Sendable (String) -> AppAction)?

    public init(title: String, bindings: [KeyBinding], global: [KeyBinding] = [],
                textInput: (@Sendable (String) -> AppAction)? = nil) {
        self.title = title; self.bindings = bindings; self.global = global; self.textInput = textInput
    }

    /// The action for `key`: a binding first, then text input for a printable character.
    public func action(for key: Key) -> AppAction? {
        if let binding = bindings.first(where: { $0.keys.contains(key) }) ?? global.first(where: { $0.keys.contains(key) }) {
            return binding.action
        }
        if let text = typedText(key) { return textInput?(text) }
        return nil
    }

    /// The text `key` types into the focused field, or nil when it is a command (or nothing has focus).
    public func typedText(_ key: Key) -> String? {
        // Asked for every key of a paste: the two lists are searched where they are, not joined
        // (joining copies every binding and its action, which was most of a paste's cost).
        guard textInput != nil, case .character(let c) = key, !bindings.contains(where: { $0.keys.contains(key) }),
              !global.contains(where: { $0.keys.contains(key) }) else { return nil }
        return String(c)
    }

    /// The footer shows the screen's keys, then the global ones (help last, so it always fits).
    /// A binding without a label is the companion of the one before it (j of ↑↓) and is not listed.
    public var footerHints: [KeyHint] { (bindings + global).filter { !$0.label.isEmpty }.map(\.hint) }
    public var screenHints: [KeyHint] { bindings.filter { !$0.label.isEmpty }.map(\.helpHint) }
    public var globalHints: [KeyHint] { global.filter { !$0.label.isEmpty }.map(\.helpHint) }
}
