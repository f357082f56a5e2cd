import Foundation

/// ISO 8601 timestamps as the catalog and search queries write them, parsed without a formatter
/// (a formatter is far too slow for a hundred thousand products).
///
/// Accepted: `2024-05-01`, `2024-05-01T09:30`, `2024-05-01T09:30:00`, with optional fractional
/// seconds and a zone of `Z` or `±HH:MM` (no zone means UTC).
public enum ISODate {
    public struct Parsed: Hashable, Sendable {
        /// Seconds since 1970 (UTC) of the instant, or of midnight for a date without a time.
        public var seconds: Double
        /// True when only a date was written: it then stands for the whole day.
        public var isDateOnly: Bool
    }

    public static func parse(_ text: String) -> Parsed? {
        var copy = text
        return copy.withUTF8 { parse(bytes: $0) }
    }

    public static func date(_ text: String) -> Date? {
        parse(text).map { Date(timeIntervalSince1970: $0.seconds) }
    }

    package static func parse(bytes: UnsafeBufferPointer<UInt8>) -> Parsed? {
        var c = Cursor(bytes: bytes)
        guard let year = c.number(4), c.expect(UInt8(ascii: "-")), let month = c.number(2), c.expect(UInt8(ascii: "-")),
              let day = c.number(2), (1...12).contains(month), day >= 1, day <= daysIn(month: month, year: year) else { return nil }
        let days = daysFromCivil(year: year, month: month, day: day)
        if c.atEnd { return Parsed(seconds: Double(days) * 86_400, isDateOnly: true) }
        guard c.expect(UInt8(ascii: "T")) || c.expect(UInt8(ascii: " ")),
              let hour = c.number(2), hour < 24, c.expect(UInt8(ascii: ":")), let minute = c.number(2), minute < 60 else { return nil }
        var second = 0.0
        if c.expect(UInt8(ascii: ":")) {
            guard let whole = c.number(2), whole < 61 else { return nil }
            second = Double(whole)
            if c.expect(UInt8(ascii: ".")) {
                var scale = 0.1
                var any = false
                while let digit = c.digit() { second += Double(digit) * scale; scale /= 10; any = true }
                guard any else { return nil }
            }
        }
        var offset = 0
        if c.expect(UInt8(ascii: "Z")) || c.expect(UInt8(ascii: "z")) {
        } else if let sign = c.sign() {
            guard let oh = c.number(2), oh < 24 else { return nil }
            _ = c.expect(UInt8(ascii: ":"))
            guard let om = c.number(2), om < 60 else { return nil }
            offset = sign * (oh * 3600 + om * 60)
        }
        guard c.atEnd else { return nil }
        let seconds = Double(days) * 86_400 + Double(hour * 3600 + minute * 60 - offset) + second
        return Parsed(seconds: seconds, isDateOnly: false)
    }

    /// Reads a timestamp's bytes left to right (a struct, not closures over a variable: this runs
    /// twice per product when a catalog loads).
    private struct Cursor {
        let bytes: UnsafeBufferPointer<UInt8>
        var i = 0

        var atEnd: Bool { i == bytes.count }

        mutating func number(_ count: Int) -> Int? {
            guard i + count <= bytes.count else { return nil }
            var value = 0
            for k in i..<(i + count) {
                let d = Int(bytes[k]) &- 48
                guard d >= 0 && d <= 9 else { return nil }
                value = value * 10 + d
            }
            i += count
            return value
        }

        mutating func digit() -> Int? {
            guard i < bytes.count, bytes[i] >= 48, bytes[i] <= 57 else { return nil }
            i += 1
            return Int(bytes[i - 1] - 48)
        }

        mutating func expect(_ byte: UInt8) -> Bool {
            guard i < bytes.count, bytes[i] == byte else { return false }
            i += 1
            return true
        }

        /// +1 or -1 for a zone offset's sign.
        mutating func sign() -> Int? {
            if expect(UInt8(ascii: "+")) { return 1 }
            if expect(UInt8(ascii: "-")) { return -1 }
            return nil
        }
    }

    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's algorithm).
    static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = (month + 9) % 12
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    /// The date of a day count since 1970-01-01 (inverse of `daysFromCivil`).
    package static func civil(fromDays days: Int) -> (year: Int, month: Int, day: Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let day = doy - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yoe + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}
