/// The error bar: the latest failure, user error or warning, until dismissed or withdrawn.
struct ErrorBarReducer: Reducer {
    func reduce(into message: inout String?, action: ErrorBarAction) -> Effect<ErrorBarAction> {
        switch action {
        case .show(let text):
            message = text
        case .dismiss:
            message = nil
        case .withdraw(let prefixes):
            if let shown = message, prefixes.contains(where: { shown.hasPrefix($0) }) { message = nil }
        }
        return .none
    }
}
