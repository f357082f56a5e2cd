import AppCore

enum ProductDetailKeys {
    static func map(_ state: AppState, body: Size) -> KeyMap {
        var bindings: [KeyBinding] = []
        // The option rows, and the purchase row (once or a subscription) when the product has plans.
        if let detail = state.productDetail, let product = detail.product, !product.options.isEmpty || detail.planRowIndex != nil {
            bindings += [
                KeyBinding([.left, .character("h")], "←→", "value", .productDetail(.selectOptionValue(by: -1)), help: "←→ h l"),
                KeyBinding([.right, .character("l")], "", "", .productDetail(.selectOptionValue(by: 1))),
            ]
            if product.options.count + (detail.planRowIndex == nil ? 0 : 1) > 1 {
                bindings += [
                    KeyBinding([.up, .character("k")], "↑↓", "option", .productDetail(.focusOption(by: -1)), help: "↑↓ j k"),
                    KeyBinding([.down, .character("j")], "", "", .productDetail(.focusOption(by: 1))),
                ]
            }
        }
        guard state.productDetail?.product != nil else {
            return KeyMap(title: "Product",
                          bindings: [KeyMaps.escape(state), KeyBinding([.character("r")], "reload", .productDetail(.reload))],
                          global: KeyMaps.global(state))
        }
        bindings += [
            KeyBinding([.character("+"), .character("=")], "+/-", "qty", .productDetail(.incrementQuantity), help: "+ -"),
            KeyBinding([.character("-")], "", "", .productDetail(.decrementQuantity)),
            KeyBinding([.character("a"), .enter], "a", "add to cart", .productDetail(.addToCart)),
        ]
        // A description longer than its area scrolls a page (less one line, for context) at a time.
        if let detail = state.productDetail {
            let (rows, limit) = ProductDetailView.descriptionScroll(detail, body: body)
            if limit > 0 {
                let page = max(1, rows - 1)
                bindings += [
                    KeyBinding([.pageDown, .character(" ")], "pgdn pgup", "description",
                               .productDetail(.scrollDescription(by: page, limit: limit)), help: "pgdn space pgup"),
                    KeyBinding([.pageUp], "", "", .productDetail(.scrollDescription(by: -page, limit: limit))),
                ]
            }
        }
        bindings += [
            KeyMaps.escape(state),
            KeyBinding([.backspace], "", "", .navigation(.back)),
            KeyBinding([.character("r")], "reload", .productDetail(.reload), inFooter: false),
        ]
        return KeyMap(title: "Product", bindings: bindings, global: KeyMaps.global(state))
    }
}
