import Foundation

/// The event log pane.
struct EventLogReducer: Reducer {
    func reduce(into log: inout EventLogState, action: EventLogAction) -> Effect<EventLogAction> {
        switch action {
        case .toggle:
            log.isVisible.toggle()
        case .scroll(let delta):
            log.scrollOffset = min(max(log.scrollOffset + delta, 0), max(log.entries.count - 1, 0))
        case .clear:
            log.entries = []
            log.scrollOffset = 0
        case .append(let name, let fields, let time):
            log.append(name: name, fields: fields, at: time)
        }
        return .none
    }
}

extension EventLogState {
    /// Appends an entry, dropping the oldest beyond `capacity`.
    mutating func append(name: String, fields: [EventLogEntry.Field], at time: Date) {
        entries.append(EventLogEntry(id: nextEntryId, time: time, name: name, fields: fields))
        nextEntryId += 1
        if entries.count > Self.capacity { entries.removeFirst(entries.count - Self.capacity) }
        // Keep the rows the buyer scrolled to in view as new ones arrive.
        if scrollOffset > 0 { scrollOffset += 1 }
    }
}
