/// One line of the sheet's log. What is written depends on `CheckoutConfiguration.logLevel`:
/// `all` writes everything, `debug` debug and error lines, `error` errors only, `none` nothing.
/// Log lines name messages and reasons, never message bodies, so no buyer data reaches a log.
package struct CheckoutLogEntry: Hashable, Sendable {
    package enum Severity: Int, Hashable, Sendable, Comparable {
        case trace, debug, error
        package static func < (a: Severity, b: Severity) -> Bool { a.rawValue < b.rawValue }
    }
    package var severity: Severity
    package var message: String
    package init(severity: Severity, message: String) { self.severity = severity; self.message = message }

    /// Whether a line of this severity is written at `level`.
    package static func isWritten(_ severity: Severity, at level: CheckoutConfiguration.LogLevel) -> Bool {
        switch level {
        case .all: return true
        case .debug: return severity >= .debug
        case .error: return severity >= .error
        case .none: return false
        }
    }
}
