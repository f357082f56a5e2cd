extension AppState {
    /// Pushes `screen`, or goes back to it when it is already on the stack, so the stack never holds
    /// a screen twice (search → cart → search → cart would otherwise grow forever).
    public mutating func push(_ screen: Screen) {
        if let index = screens.firstIndex(of: screen) {
            screens.removeSubrange((index + 1)...)
        } else {
            screens.append(screen)
        }
        if productDetail != nil, !screens.contains(where: { if case .productDetail = $0 { true } else { false } }) {
            productDetail = nil
        }
    }
}
