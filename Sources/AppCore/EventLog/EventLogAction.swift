public enum EventLogAction: Hashable, Sendable {
    /// e: shows or hides the pane beside the current screen.
    case toggle
    case scroll(by: Int)
    case clear
}
