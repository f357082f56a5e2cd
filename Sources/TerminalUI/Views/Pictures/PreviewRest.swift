/// Which selection a preview pane draws in full (its picture, description and products).
///
/// Moving the selection through a list with pictures would otherwise redraw a picture and a pane
/// of text with every key: about 2,500 bytes a move at 120x40, sixteen times a bare ncurses list.
/// While the selection moves, a pane shows only the selected name and the picture's empty frame;
/// once the selection has stayed put for `delay`, the app marks it resting and the pane fills in.
public enum PreviewRest: Hashable, Sendable {
    /// Every selection: a single render (a snapshot, the render benchmark) has no motion to follow.
    case always
    /// Only the selection that has stayed put (nil while none has).
    case resting(on: String?)

    /// How long a selection stays put before its preview is drawn: shorter than a glance, longer
    /// than the gap between two keys of a held or quickly tapped arrow.
    public static let delay: Duration = .milliseconds(200)

    public func isResting(_ selection: String) -> Bool {
        switch self {
        case .always: return true
        case .resting(let resting): return resting == selection
        }
    }
}
