import Foundation

/// One line of the event log: when, what, and the fields worth reading.
public struct EventLogEntry: Hashable, Sendable, Identifiable {
    public struct Field: Hashable, Sendable {
        public var name: String
        public var value: String
        public init(_ name: String, _ value: String) { self.name = name; self.value = value }
    }

    /// Position in the log, from 1.
    public var id: Int
    public var time: Date
    /// complete, cancel, fail, pixel, linkClick, recovery, dismissed.
    public var name: String
    public var fields: [Field]

    public init(id: Int, time: Date, name: String, fields: [Field] = []) {
        self.id = id; self.time = time; self.name = name; self.fields = fields
    }
}
