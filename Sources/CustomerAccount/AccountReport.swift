import Foundation
import Storefront

/// What the account commands print. Built from the session's customer and dates only: there is no
/// way for a token to reach these lines.
public enum AccountReport {
    /// `whoami`: who, until when, where.
    public static func whoami(_ session: CustomerSession, now: Date) -> [String] {
        [
            "Logged in as \(identity(session.customer)).",
            "Access token \(expiry(session.expiresAt, now: now)).",
            session.refreshToken == nil ? "No refresh token: log in again when it expires."
                : "It is refreshed automatically when less than a minute is left.",
            "Account server: \(session.server.issuer.absoluteString)",
        ]
    }

    public static func loggedIn(_ session: CustomerSession, now: Date) -> [String] {
        ["Logged in as \(identity(session.customer)).", "Access token \(expiry(session.expiresAt, now: now))."]
    }

    /// "Jane Doe <jane@example.com>", or whichever of the two is known.
    public static func identity(_ customer: Customer) -> String {
        let name = [customer.firstName, customer.lastName].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: " ")
        switch (name.isEmpty ? nil : name, customer.email) {
        case (let name?, let email?): return "\(name) <\(email)>"
        case (let name?, nil): return name
        case (nil, let email?): return email
        case (nil, nil): return "a customer with no name or e-mail yet (\(customer.id))"
        }
    }

    /// "expires in 59 minutes (2026-11-22 15:10:01 UTC)" or "expired 3 minutes ago (...)".
    public static func expiry(_ date: Date, now: Date) -> String {
        let seconds = date.timeIntervalSince(now)
        let span = duration(abs(seconds))
        let relative = seconds > 0 ? "expires in \(span)" : "expired \(span) ago"
        return "\(relative) (\(absolute(date)))"
    }

    /// At most two adjacent units: "1 hour 5 minutes", "42 seconds", "3 days 2 hours", "1 hour".
    public static func duration(_ interval: TimeInterval) -> String {
        var rest = Int(interval.rounded(.down))
        var parts: [String] = []
        for (name, size) in [("day", 86_400), ("hour", 3_600), ("minute", 60), ("second", 1)] {
            let count = rest / size
            rest %= size
            if count > 0 { parts.append("\(count) \(name)\(count == 1 ? "" : "s")") }
            if parts.count == 2 || (!parts.isEmpty && count == 0) { break }
        }
        return parts.isEmpty ? "0 seconds" : parts.joined(separator: " ")
    }

    public static func absolute(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd HH:mm:ss 'UTC'"
        return formatter.string(from: date)
    }
}
