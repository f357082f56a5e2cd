import Foundation

/// The small part of HTML a policy body uses, turned into text for a terminal. Not a browser:
/// block tags (p, div, h1–h6, li, br, tr) break lines, every other tag is dropped, and the common
/// entities are decoded. The result is sanitised like any text from a shop.
package enum PolicyText {
    package static func plain(fromHTML html: String) -> String {
        var blocks: [String] = []
        var line = ""
        func flush() {
            let trimmed = line.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" || $0 == "\r" }).joined(separator: " ")
            if !trimmed.isEmpty { blocks.append(trimmed) }
            line = ""
        }
        var index = html.startIndex
        while index < html.endIndex {
            let character = html[index]
            if character == "<", let next = html[html.index(after: index)...].first, next.isLetter || next == "/" || next == "!",
               let close = html[index...].firstIndex(of: ">") {
                let tag = html[html.index(after: index)..<close].lowercased()
                let name = tag.drop(while: { $0 == "/" }).prefix(while: { $0.isLetter || $0.isNumber })
                switch name {
                case "p", "div", "h1", "h2", "h3", "h4", "h5", "h6", "ul", "ol", "tr", "table", "br":
                    flush()
                case "li":
                    flush()
                    if !tag.hasPrefix("/") { line = "• " }
                default: break
                }
                index = html.index(after: close)
            } else if character == "&", let semicolon = html[index...].prefix(10).firstIndex(of: ";"),
                      let decoded = entity(String(html[html.index(after: index)..<semicolon])) {
                line.append(decoded)
                index = html.index(after: semicolon)
            } else {
                line.append(character)
                index = html.index(after: index)
            }
        }
        flush()
        // List items stay together, one per line; other blocks are paragraphs.
        var text = ""
        var previousWasItem = false
        for block in blocks where block != "•" {
            let isItem = block.hasPrefix("• ")
            if !text.isEmpty { text += isItem && previousWasItem ? "\n" : "\n\n" }
            text += block
            previousWasItem = isItem
        }
        return TextSanitizer.clean(text)
    }

    private static func entity(_ name: String) -> String? {
        switch name {
        case "amp": return "&"
        case "lt": return "<"
        case "gt": return ">"
        case "quot": return "\""
        case "apos", "#39": return "'"
        case "nbsp": return " "
        case "euro": return "€"
        case "mdash": return "—"
        case "ndash": return "–"
        default:
            if name.hasPrefix("#x"), let value = UInt32(name.dropFirst(2), radix: 16), let scalar = Unicode.Scalar(value) {
                return String(Character(scalar))
            }
            if name.hasPrefix("#"), let value = UInt32(name.dropFirst()), let scalar = Unicode.Scalar(value) {
                return String(Character(scalar))
            }
            return nil
        }
    }
}
