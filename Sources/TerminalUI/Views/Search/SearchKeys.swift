import AppCore

/// Search takes typed characters, so its commands are arrows, enter and control keys.
enum SearchKeys {
    static func map(_ state: AppState, listRows: Int) -> KeyMap {
        KeyMap(
            title: "Search",
            bindings: KeyMaps.listMoves({ .search(.moveSelection(by: $0, rows: $1)) }, rows: listRows, letters: false) + [
                KeyBinding([.enter], "enter", "open", .search(.openSelected)),
                KeyBinding([.backspace, .ctrl("h")], "backspace", "delete", .search(.deleteBackward), inFooter: false),
                KeyBinding([.ctrl("u")], "ctrl-u", "clear", .search(.clearQuery)),
                KeyMaps.escape(state),
            ],
            global: KeyMaps.globalWhileTyping(),
            textInput: { .search(.insert($0)) })
    }
}
