import Foundation

/// The `Retry-After` header: either delay-seconds ("120") or an HTTP date
/// ("Wed, 21 Oct 2015 07:28:00 GMT"), turned into seconds from `now`.
enum RetryAfter {
    static func seconds(from header: String?, now: Date) -> Double? {
        guard let text = header?.trimmingCharacters(in: .whitespaces), !text.isEmpty else { return nil }
        if let seconds = Double(text), seconds.isFinite { return max(0, seconds) }
        for format in formats {
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.timeZone = TimeZone(identifier: "GMT")
            formatter.dateFormat = format
            if let date = formatter.date(from: text) { return max(0, date.timeIntervalSince(now)) }
        }
        return nil
    }

    /// IMF-fixdate, then the obsolete RFC 850 and asctime forms that HTTP still allows.
    private static let formats = ["EEE, dd MMM yyyy HH:mm:ss zzz", "EEEE, dd-MMM-yy HH:mm:ss zzz", "EEE MMM d HH:mm:ss yyyy"]
}
