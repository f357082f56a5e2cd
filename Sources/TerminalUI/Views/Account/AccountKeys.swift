import AppCore

/// The account screen's keys: log in, cancel a login waiting for the browser, log out.
enum AccountKeys {
    static func map(_ state: AppState) -> KeyMap {
        var bindings: [KeyBinding] = []
        switch state.account.status {
        case .loggingIn:
            bindings.append(KeyBinding([.escape], "esc", "cancel login", .account(.cancelLogin)))
            return KeyMap(title: "Account", bindings: bindings, global: KeyMaps.global(state))
        case .loggedIn:
            bindings.append(KeyBinding([.character("x")], "x", "log out", .account(.logOutTapped)))
            bindings.append(KeyBinding([.character("s")], "s", "subscriptions", .subscriptions(.open)))
            bindings.append(KeyBinding([.character("r")], "r", "reload orders", .account(.open)))
        case .loggedOut, .sessionEnded:
            if state.account.isAvailable { bindings.append(KeyBinding([.enter], "enter", "log in", .account(.logInTapped))) }
        case .unknown:
            break
        }
        bindings.append(KeyMaps.escape(state))
        return KeyMap(title: "Account", bindings: bindings, global: KeyMaps.global(state))
    }
}
