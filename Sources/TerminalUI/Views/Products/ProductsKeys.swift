import AppCore

enum ProductsKeys {
    static func map(_ state: AppState, listRows: Int) -> KeyMap {
        KeyMap(title: "Products",
               bindings: KeyMaps.listMoves({ .products(.moveSelection(by: $0, rows: $1)) }, rows: listRows) + [
                   KeyBinding([.enter, .right, .character("l")], "enter", "open", .products(.openSelected)),
                   KeyMaps.escape(state),
                   KeyBinding([.left, .character("h"), .backspace], "", "", .navigation(.back)),
               ],
               global: KeyMaps.global(state))
    }
}
