import AppCore

/// Keys bound to one action, with how the legend names them and what they do.
public struct KeyBinding: Sendable {
    public var keys: [Key]
    /// The keys as the footer shows them ("↑↓"); by default the first key's name.
    public var legend: String
    /// The keys as help shows them, when it lists more than the footer ("↑↓ j k").
    public var helpLegend: String?
    public var label: String
    public var action: AppAction
    public var inFooter: Bool

    public init(_ keys: [Key], _ legend: String, _ label: String, _ action: AppAction, inFooter: Bool = true,
                help: String? = nil) {
        self.keys = keys; self.legend = legend; self.label = label; self.action = action; self.inFooter = inFooter
        self.helpLegend = help
    }

    /// A binding whose legend is its first key's name.
    public init(_ keys: [Key], _ label: String, _ action: AppAction, inFooter: Bool = true) {
        self.init(keys, keys.first.map(\.description) ?? "", label, action, inFooter: inFooter)
    }

    public var hint: KeyHint { KeyHint(keys: legend, label: label, inFooter: inFooter) }
    public var helpHint: KeyHint { KeyHint(keys: helpLegend ?? legend, label: label) }
}
