extension AppState {
    /// The checkout sheet is on screen: presented, and not covered by a policy opened from its links.
    public var isSheetShown: Bool {
        guard checkout.isPresented else { return false }
        if case .about(let about) = screen, about.overSheet { return false }
        return true
    }

    /// Pushes `screen`, or goes back to it when it is already on the stack, so the stack never holds
    /// a screen twice (search → cart → search → cart would otherwise grow forever). There is one
    /// product page at a time: opening another product takes the previous one off the stack.
    public mutating func push(_ screen: Screen) {
        if let index = screens.firstIndex(where: { $0.isSamePlace(as: screen) }) {
            screens.removeSubrange((index + 1)...)
        } else {
            if screen.isProductDetail { screens.removeAll(where: \.isProductDetail) }
            screens.append(screen)
        }
    }

    /// The product page's state, kept with its screen on the stack; nil when no product page is
    /// open. Setting it changes that screen; it opens none (and nil closes none).
    public var productDetail: ProductDetailState? {
        get {
            for case .productDetail(let detail) in screens.reversed() { return detail }
            return nil
        }
        set {
            guard let newValue, let index = screens.lastIndex(where: \.isProductDetail) else { return }
            screens[index] = .productDetail(newValue)
        }
    }
}
