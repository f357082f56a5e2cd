import Foundation
import Storefront
import StorefrontCommandLine

/// Terminal output helpers: display width (CJK and emoji take two columns, combining marks none),
/// truncation to a width, aligned columns, and JSON.
enum OutputFormatting {
    static func width(of text: String) -> Int {
        text.unicodeScalars.reduce(0) { $0 + width(of: $1) }
    }

    static func width(of scalar: Unicode.Scalar) -> Int {
        let v = scalar.value
        // Printable ASCII, most of any table, without a look-up of the scalar's properties.
        if v >= 0x20 && v < 0x7F { return 1 }
        if v == 0 { return 0 }
        if v < 0x20 || (0x7F..<0xA0).contains(v) { return 0 }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return 0
        default: break
        }
        if v == 0x200D || (0xFE00...0xFE0F).contains(v) { return 0 }
        if (0x1100...0x115F).contains(v) || (0x2E80...0x303E).contains(v) || (0x3041...0x33FF).contains(v)
            || (0x3400...0x4DBF).contains(v) || (0x4E00...0x9FFF).contains(v) || (0xA000...0xA4CF).contains(v)
            || (0xAC00...0xD7A3).contains(v) || (0xF900...0xFAFF).contains(v) || (0xFE30...0xFE4F).contains(v)
            || (0xFF00...0xFF60).contains(v) || (0xFFE0...0xFFE6).contains(v) || (0x1F300...0x1F64F).contains(v)
            || (0x1F900...0x1F9FF).contains(v) || (0x20000...0x3FFFD).contains(v) {
            return 2
        }
        if scalar.properties.isEmojiPresentation { return 2 }
        return 1
    }

    /// `text` cut to at most `columns` display columns, with "…" when something was cut.
    static func truncate(_ text: String, to columns: Int) -> String {
        guard width(of: text) > columns else { return text }
        guard columns > 1 else { return columns == 1 ? "…" : "" }
        var result = "", used = 0
        for character in text {
            let w = width(of: String(character))
            if used + w > columns - 1 { break }
            result.append(character)
            used += w
        }
        return result + "…"
    }

    static func pad(_ text: String, to columns: Int, right: Bool = false) -> String {
        let padding = String(repeating: " ", count: max(0, columns - width(of: text)))
        return right ? padding + text : text + padding
    }

    /// Rows as columns: each column as wide as its widest cell, capped at `maxWidths`.
    static func table(_ rows: [[String]], maxWidths: [Int], rightAligned: Set<Int> = []) -> String {
        guard let columns = rows.first?.count else { return "" }
        // One line per row whatever a cell holds: a newline in a description would start a row of its own.
        let cells = rows.map { row in row.enumerated().map { truncate(TextSanitizer.cleanLine($1), to: maxWidths[$0]) } }
        let widths = (0..<columns).map { c in cells.map { width(of: $0[c]) }.max() ?? 0 }
        return cells.map { row in
            var line = row.enumerated().map { pad($1, to: widths[$0], right: rightAligned.contains($0)) }.joined(separator: "  ")
            while line.last?.isWhitespace == true { line.removeLast() }
            return line
        }.joined(separator: "\n")
    }

    static func json<T: Encodable>(_ value: T) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        // Foundation pretty-prints an empty array as "[\n\n  ]"; a newline is never inside a JSON
        // string (it is escaped there), so these only match empty containers.
        return String(decoding: try encoder.encode(value), as: UTF8.self)
            .replacingOccurrences(of: #"\[\s*\n\s*\]"#, with: "[]", options: .regularExpression)
            .replacingOccurrences(of: #"\{\s*\n\s*\}"#, with: "{}", options: .regularExpression)
    }

    /// An array as `json` prints it, written an element at a time: a long list never exists as one
    /// encoded text besides its elements.
    static func printJSONArray<T: Encodable>(_ elements: [T]) throws {
        guard !elements.isEmpty else { print("[]"); return }
        print("[")
        for (k, element) in elements.enumerated() {
            let indented = try json(element).split(separator: "\n", omittingEmptySubsequences: false).map { "  " + $0 }
            print(indented.joined(separator: "\n") + (k == elements.count - 1 ? "" : ","))
        }
        print("]")
    }

    /// "€12.50" or "€12.50 – €42.00".
    static func priceRange(_ range: PriceRange) -> String {
        range.minVariantPrice == range.maxVariantPrice ? range.minVariantPrice.formatted
            : "\(range.minVariantPrice.formatted) – \(range.maxVariantPrice.formatted)"
    }

    /// Paragraphs wrapped to `columns`.
    static func wrap(_ text: String, to columns: Int) -> String {
        text.components(separatedBy: "\n").map { paragraph in
            var lines: [String] = [], line = ""
            for word in paragraph.split(separator: " ", omittingEmptySubsequences: true) {
                let candidate = line.isEmpty ? String(word) : line + " " + word
                if width(of: candidate) > columns, !line.isEmpty { lines.append(line); line = String(word) } else { line = candidate }
            }
            lines.append(line)
            return lines.joined(separator: "\n")
        }.joined(separator: "\n")
    }

    static var terminalColumns: Int {
        if let text = ProcessInfo.processInfo.environment["COLUMNS"], let n = Int(text), n >= 40 { return n }
        return 100
    }
}
