/// The cart screen's text inputs.
public enum CartTextField: Hashable, Sendable {
    case discountCode
    case note
}
