/// The event log pane: every checkout lifecycle event of the run, oldest first.
public struct EventLogState: Hashable, Sendable {
    public var entries: [EventLogEntry]
    public var isVisible: Bool
    /// Rows scrolled up from the newest entry (0 follows the log).
    public var scrollOffset: Int
    /// The id the next entry gets.
    public var nextEntryId: Int

    /// The log keeps the newest entries only, so a long session does not grow without bound.
    public static let capacity = 500

    public init(entries: [EventLogEntry] = [], isVisible: Bool = false, scrollOffset: Int = 0, nextEntryId: Int = 1) {
        self.entries = entries; self.isVisible = isVisible; self.scrollOffset = scrollOffset
        self.nextEntryId = nextEntryId
    }
}
