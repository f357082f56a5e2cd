/// How much room the terminal gives, which decides the layout.
public enum SizeClass: Hashable, Sendable, Comparable {
    /// Below the minimum: only a message asking for a bigger terminal.
    case tooSmall
    /// Under 80x24: panes stack, previews are dropped.
    case small
    /// 80x24 up to 120 columns: one pane beside the main one at most.
    case medium
    /// 120 columns and 30 rows or more: previews and the event log side by side.
    case large

    public static let minimum = Size(width: 40, height: 12)

    public init(_ size: Size) {
        if size.width < SizeClass.minimum.width || size.height < SizeClass.minimum.height { self = .tooSmall }
        else if size.width < 80 || size.height < 24 { self = .small }
        else if size.width < 120 || size.height < 30 { self = .medium }
        else { self = .large }
    }
}
