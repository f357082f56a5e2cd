public enum ErrorBarAction: Hashable, Sendable {
    case dismiss
}
