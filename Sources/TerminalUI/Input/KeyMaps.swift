import AppCore
import CheckoutSheet

/// The key map for whatever has the keyboard: the help overlay, the checkout sheet, a text field,
/// or the screen on top of the stack.
public enum KeyMaps {
    /// `listRows` is how many rows the screen's list shows: page up / down move by it, and the
    /// list scrolls by lines within it.
    /// `body` is the size of the screen's body, for the product description's scroll keys.
    public static func current(for state: AppState, listRows: Int = 10, body: Size = Size(width: 80, height: 22)) -> KeyMap {
        if state.isHelpVisible { return help(state) }
        if state.isSheetShown, let page = state.checkout.page { return CheckoutKeys.map(page, picker: state.checkout.picker) }
        return state.screen.presenter.keyMap(state, listRows: listRows, body: body)
    }

    /// Keys of every screen where letters are commands.
    static func global(_ state: AppState) -> [KeyBinding] {
        // A policy over the checkout sheet: the cart stays as the sheet has it, so nothing leads
        // elsewhere; esc goes back to the sheet.
        if state.checkout.isPresented {
            return [KeyBinding([.character("e")], "events", .eventLog(.toggle))] + logScrolling(letters: true) + [
                KeyBinding([.ctrl("c")], "quit", .navigation(.quit), inFooter: false),
                KeyBinding([.character("?"), .function(1)], "?", "help", .navigation(.toggleHelp), help: "? f1"),
            ]
        }
        var keys: [KeyBinding] = []
        if state.screen != .search { keys.append(KeyBinding([.character("/")], "search", .navigation(.openSearch))) }
        if state.screen != .cart { keys.append(KeyBinding([.character("c")], "cart", .navigation(.openCart))) }
        if state.account.isAvailable && state.screen != .account {
            keys.append(KeyBinding([.character("u")], "account", .account(.open)))
        }
        keys += [KeyBinding([.character("e")], "events", .eventLog(.toggle))] + logScrolling(letters: true) + [
            KeyBinding([.character("q"), .ctrl("c")], "quit", .navigation(.quit)),
        ]
        // After quit: where the footer is short of room, quit stays and help lists the orders.
        for shortcut in Screen.shortcuts where !state.screen.isSamePlace(as: shortcut.screen) {
            keys.append(KeyBinding([.character(shortcut.key)], shortcut.label, shortcut.action))
        }
        return keys + [KeyBinding([.character("?"), .function(1)], "?", "help", .navigation(.toggleHelp), help: "? f1")]
    }

    /// Keys of a screen while a text field takes the letters: only control and function keys are free.
    static func globalWhileTyping() -> [KeyBinding] {
        [KeyBinding([.ctrl("e")], "events", .eventLog(.toggle), inFooter: false)] + logScrolling(letters: false) + [
            KeyBinding([.ctrl("c")], "quit", .navigation(.quit), inFooter: false),
            KeyBinding([.function(1)], "help", .navigation(.toggleHelp)),
        ]
    }

    /// Esc: dismisses the error bar when one is shown, otherwise goes back.
    static func escape(_ state: AppState, back label: String = "back") -> KeyBinding {
        state.errorMessage != nil
            ? KeyBinding([.escape], "dismiss", .errorBar(.dismiss))
            : KeyBinding([.escape], label, .navigation(.back))
    }

    /// The event log scrolls by entry with `[ ]` where letters are commands, and with shift-↑↓ and
    /// shift-pgup/pgdn everywhere, a text field's focus included. Back at the bottom it follows again.
    static func logScrolling(letters: Bool) -> [KeyBinding] {
        [
            KeyBinding(letters ? [.character("["), .shiftUp] : [.shiftUp], letters ? "[ ]" : "shift-↑↓", "scroll events",
                       .eventLog(.scroll(by: 1)), inFooter: false, help: letters ? "[ ] shift-↑↓" : "shift-↑↓"),
            KeyBinding(letters ? [.character("]"), .shiftDown] : [.shiftDown], "", "", .eventLog(.scroll(by: -1))),
            // Companions of the above, by five entries (listed in the README, not to crowd help).
            KeyBinding([.shiftPageUp], "", "", .eventLog(.scroll(by: 5))),
            KeyBinding([.shiftPageDown], "", "", .eventLog(.scroll(by: -5))),
        ]
    }

    /// Over the checkout sheet, which ignores `q`, `q` closes help rather than quitting the app.
    private static func help(_ state: AppState) -> KeyMap {
        let overSheet = state.checkout.isPresented
        return KeyMap(title: "Help", bindings: [
            KeyBinding(overSheet ? [.escape, .character("?"), .function(1), .character("q")] : [.escape, .character("?"), .function(1)],
                       "esc", "close help", .navigation(.toggleHelp), help: overSheet ? "esc q ? f1" : "esc ? f1"),
            KeyBinding(overSheet ? [.ctrl("c")] : [.character("q"), .ctrl("c")], "quit", .navigation(.quit)),
        ])
    }

    /// ↑↓ (and j k, g G unless the screen takes typed letters) and the page keys for a list that
    /// shows `rows` rows. `move(delta, rows)` is the list's move action.
    static func listMoves(_ move: @escaping @Sendable (Int, Int) -> AppAction, rows: Int, letters: Bool = true) -> [KeyBinding] {
        let rows = max(1, rows)
        return [
            KeyBinding(letters ? [.up, .character("k")] : [.up], "↑↓", "move", move(-1, rows), help: letters ? "↑↓ j k" : nil),
            KeyBinding(letters ? [.down, .character("j")] : [.down], "", "", move(1, rows)),
            KeyBinding([.pageUp], "pgup pgdn", "page", move(-rows, rows), inFooter: false),
            KeyBinding([.pageDown], "", "", move(rows, rows)),
            KeyBinding(letters ? [.home, .character("g")] : [.home], "home end", "first, last", move(-1_000_000, rows),
                       inFooter: false, help: letters ? "home end g G" : nil),
            KeyBinding(letters ? [.end, .character("G")] : [.end], "", "", move(1_000_000, rows)),
        ]
    }
}
