import AppCore

enum ProductDetailKeys {
    static func map(_ state: AppState) -> KeyMap {
        var bindings: [KeyBinding] = []
        if let product = state.productDetail?.product, !product.options.isEmpty {
            bindings += [
                KeyBinding([.left, .character("h")], "←→", "value", .product(.selectOptionValue(by: -1)), help: "←→ h l"),
                KeyBinding([.right, .character("l")], "", "", .product(.selectOptionValue(by: 1))),
            ]
            if product.options.count > 1 {
                bindings += [
                    KeyBinding([.up, .character("k")], "↑↓", "option", .product(.focusOption(by: -1)), help: "↑↓ j k"),
                    KeyBinding([.down, .character("j")], "", "", .product(.focusOption(by: 1))),
                ]
            }
        }
        guard state.productDetail?.product != nil else {
            return KeyMap(title: "Product",
                          bindings: [KeyMaps.escape(state), KeyBinding([.character("r")], "reload", .product(.reload))],
                          global: KeyMaps.global(state))
        }
        bindings += [
            KeyBinding([.character("+"), .character("=")], "+/-", "qty", .product(.incrementQuantity), help: "+ -"),
            KeyBinding([.character("-")], "", "", .product(.decrementQuantity)),
            KeyBinding([.character("a"), .enter], "a", "add to cart", .product(.addToCart)),
            KeyMaps.escape(state),
            KeyBinding([.backspace], "", "", .navigation(.back)),
            KeyBinding([.character("r")], "reload", .product(.reload), inFooter: false),
        ]
        return KeyMap(title: "Product", bindings: bindings, global: KeyMaps.global(state))
    }
}
