import Foundation

public enum EventLogAction: Hashable, Sendable {
    /// e: shows or hides the pane beside the current screen.
    case toggle
    case scroll(by: Int)
    case clear
    /// A checkout lifecycle event (or the sheet's dismissal) as it happened.
    case append(name: String, fields: [EventLogEntry.Field], at: Date)
}
