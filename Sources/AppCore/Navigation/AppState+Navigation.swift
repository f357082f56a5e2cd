extension AppState {
    /// Pushes `screen`, or goes back to it when it is already on the stack, so the stack never holds
    /// a screen twice (search → cart → search → cart would otherwise grow forever). There is one
    /// product page at a time: opening another product takes the previous one off the stack.
    public mutating func push(_ screen: Screen) {
        if let index = screens.firstIndex(of: screen) {
            screens.removeSubrange((index + 1)...)
        } else {
            if screen.isProductDetail { screens.removeAll(where: \.isProductDetail) }
            screens.append(screen)
        }
        if productDetail != nil, !screens.contains(where: \.isProductDetail) {
            productDetail = nil
        }
    }
}
