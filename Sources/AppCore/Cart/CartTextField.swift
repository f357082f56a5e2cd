/// The cart screen's text inputs.
public enum CartTextField: Hashable, Sendable {
    case discountCode
    case note

    /// Characters the field takes; typing or pasting past it adds nothing.
    public var maximumLength: Int {
        switch self {
        case .discountCode: return 255
        case .note: return 5_000
        }
    }
}
