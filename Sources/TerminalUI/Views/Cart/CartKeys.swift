import AppCore

/// The cart's keys in its three modes: browsing lines, confirming a removal, editing a text field.
enum CartKeys {
    static func map(_ state: AppState, listRows: Int) -> KeyMap {
        if let field = state.cart.editing {
            return KeyMap(
                title: field == .discountCode ? "Discount code" : "Note",
                bindings: [
                    KeyBinding([.enter], "enter", field == .discountCode ? "apply" : "save", .cart(.commitEditing)),
                    KeyBinding([.escape], "esc", "cancel", .cart(.cancelEditing)),
                    KeyBinding([.backspace, .ctrl("h")], "backspace", "delete", .cart(.deleteBackward), inFooter: false),
                ],
                global: KeyMaps.globalWhileTyping(),
                textInput: { .cart(.insert($0)) })
        }
        if state.cart.pendingRemoveLineId != nil {
            return KeyMap(
                title: "Remove line",
                bindings: [
                    KeyBinding([.character("y"), .character("x"), .enter], "y", "remove", .cart(.confirmRemove)),
                    KeyBinding([.character("n"), .escape], "n", "keep", .cart(.cancelRemove)),
                ],
                global: [KeyBinding([.ctrl("c")], "quit", .navigation(.quit), inFooter: false)])
        }
        guard state.cart.cart?.lines.isEmpty == false else {
            return KeyMap(title: "Cart", bindings: [KeyMaps.escape(state)], global: KeyMaps.global(state))
        }
        var bindings = KeyMaps.listMoves({ .cart(.moveSelection(by: $0, rows: $1)) }, rows: listRows)
        // The selection goes on from the lines to the discount codes, where x removes one code.
        let onCode = state.cart.selectedDiscountCode != nil
        bindings += [KeyBinding([.enter], "enter", "checkout", .checkout(.start))]
        if !onCode {
            bindings += [
                KeyBinding([.character("+"), .character("=")], "+/-", "qty", .cart(.incrementQuantity), help: "+ -"),
                KeyBinding([.character("-")], "", "", .cart(.decrementQuantity)),
            ]
        }
        bindings += [
            KeyBinding([.character("x"), .delete], "x", onCode ? "remove code" : "remove", .cart(.requestRemove)),
            KeyBinding([.character("d")], "discount", .cart(.beginEditing(.discountCode))),
            KeyBinding([.character("D")], "remove every code", .cart(.clearDiscountCodes), inFooter: false),
            KeyBinding([.character("n")], "note", .cart(.beginEditing(.note))),
            KeyMaps.escape(state),
        ]
        return KeyMap(title: "Cart", bindings: bindings, global: KeyMaps.global(state))
    }
}
