import AppCore
import Foundation

/// The event log beside (or below) the screen: every checkout lifecycle event with its time, name
/// and key fields, newest at the bottom. Entries wrap onto indented lines in a narrow pane.
struct EventLogPane {
    let log: EventLogState
    let timeZone: TimeZone

    func draw(in canvas: Canvas, theme: Theme, grid: inout Grid) {
        canvas.fill(style: theme[.text], in: &grid)
        canvas.border(style: theme[.border], title: "Events (\(log.entries.count))", titleStyle: theme[.panelTitle], in: &grid)
        let inner = canvas.inset(dx: 2, dy: 1)
        guard inner.height > 0, inner.width > 8 else { return }
        if log.entries.isEmpty {
            inner.text("No checkout events yet.", y: 0, style: theme[.muted], in: &grid)
            return
        }
        // Lay out from the newest entry up, skipping `scrollOffset` entries; scrolled near the top,
        // the rows below fill the pane rather than leaving it half empty.
        var rows: [(String, Role, Bool)] = []
        var end = max(0, log.entries.count - log.scrollOffset)
        for entry in log.entries[..<end].reversed() {
            let lines = EventLogPane.lines(for: entry, width: inner.width, timeZone: timeZone)
            rows.insert(contentsOf: lines, at: 0)
            if rows.count >= inner.height { break }
        }
        while rows.count < inner.height && end < log.entries.count {
            let lines = EventLogPane.lines(for: log.entries[end], width: inner.width, timeZone: timeZone)
            guard rows.count + lines.count <= inner.height else { break }
            rows += lines
            end += 1
        }
        let visible = rows.suffix(inner.height)
        for (index, (text, role, isHead)) in visible.enumerated() {
            if isHead, let space = text.firstIndex(of: " ") {
                let x = inner.text(String(text[..<space]), y: index, style: theme[.muted], in: &grid)
                inner.text(String(text[space...]), x: x, y: index, style: theme[role], in: &grid)
            } else {
                inner.text(text, y: index, style: theme[.text], in: &grid)
            }
        }
        // Newer entries wait below: said on the bottom border, so no entry is covered.
        let newer = log.entries.count - end
        if newer > 0 {
            canvas.textRight(" ↓ \(newer) newer ", right: canvas.width - 2, y: canvas.height - 1, style: theme[.warning], in: &grid)
        }
    }

    /// An entry as display lines: "12:03:04 complete" then its fields, on the same line when they fit.
    static func lines(for entry: EventLogEntry, width: Int, timeZone: TimeZone) -> [(String, Role, Bool)] {
        let role = EventLogPane.role(entry.name)
        // A pixel is read by its event name ("12:03:04 checkout_completed"); other events read "12:03:04 complete" then key=value fields.
        // Pixel ids are unique noise in a narrow pane; the JSON event stream keeps them.
        let pixelName = entry.name == "pixel" ? entry.fields.first { $0.name == "event" }?.value : nil
        let head = "\(clock(entry.time, timeZone)) \(pixelName ?? entry.name)"
        let fields: String
        if pixelName != nil {
            // Standard pixels are told apart by their snake_case names; custom ones say so.
            fields = entry.fields.contains { $0.name == "type" && $0.value == "custom" } ? "custom pixel" : ""
        } else {
            fields = entry.fields.filter { $0.name != "id" }.map { "\($0.name)=\($0.value)" }.joined(separator: " ")
        }
        if fields.isEmpty { return [(head, role, true)] }
        let oneLine = head + " " + fields
        if DisplayWidth.of(oneLine) <= width { return [(oneLine, role, true)] }
        let wrapped = TextLayout.wrap(fields, width: width - 2).prefix(2).map { ("  " + $0, Role.text, false) }
        return [(head, role, true)] + wrapped
    }

    static func role(_ name: String) -> Role {
        switch name {
        case "complete": return .success
        case "fail": return .error
        case "cancel", "dismissed", "recovery": return .warning
        default: return .accent
        }
    }

    /// "HH:MM:SS" in the given zone, without a date formatter (this runs for every frame).
    static func clock(_ date: Date, _ zone: TimeZone) -> String {
        let seconds = Int(date.timeIntervalSince1970.rounded(.down)) + zone.secondsFromGMT(for: date)
        let day = ((seconds % 86_400) + 86_400) % 86_400
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        return "\(two(day / 3600)):\(two(day / 60 % 60)):\(two(day % 60))"
    }
}
