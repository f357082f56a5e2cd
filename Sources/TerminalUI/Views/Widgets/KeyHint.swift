/// One entry of a key legend: the keys, as shown ("↑↓", "enter"), and what they do.
public struct KeyHint: Hashable, Sendable {
    public var keys: String
    public var label: String
    /// Shown in the footer; help shows every hint.
    public var inFooter: Bool

    public init(keys: String, label: String, inFooter: Bool = true) {
        self.keys = keys; self.label = label; self.inFooter = inFooter
    }
}
