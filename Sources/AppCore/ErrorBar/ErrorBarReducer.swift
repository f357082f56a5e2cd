/// The error bar: the latest failure, user error or warning (or a notice of something done), until
/// dismissed or withdrawn.
struct ErrorBarReducer: Reducer {
    func reduce(into message: inout BarMessage?, action: ErrorBarAction) -> Effect<ErrorBarAction> {
        switch action {
        case .show(let text):
            message = BarMessage(text: text)
        case .notify(let text):
            message = BarMessage(text: text, isNotice: true)
        case .dismiss:
            message = nil
        case .withdraw(let prefixes):
            if let shown = message?.text, prefixes.contains(where: { shown.hasPrefix($0) }) { message = nil }
        }
        return .none
    }
}

/// What the bar says: a failure (✗), or a notice of something done (✓).
public struct BarMessage: Hashable, Sendable {
    public var text: String
    public var isNotice: Bool
    public init(text: String, isNotice: Bool = false) { self.text = text; self.isNotice = isNotice }
}
