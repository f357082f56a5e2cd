import AppCore

enum CollectionsKeys {
    static func map(_ state: AppState, listRows: Int) -> KeyMap {
        KeyMap(title: "Collections",
               bindings: KeyMaps.listMoves({ .collections(.moveSelection(by: $0, rows: $1)) }, rows: listRows) + [
                   KeyBinding([.enter, .right, .character("l")], "enter", "open", .collections(.openSelected)),
                   KeyBinding([.character("r")], "reload", .collections(.reload), inFooter: false),
               ] + (state.errorMessage != nil ? [KeyMaps.escape(state)] : []),
               global: KeyMaps.global(state))
    }
}
