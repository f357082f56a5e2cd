import Determinism
import Storefront

/// Fuzz cases draw from the project's seeded generator, so a case is reproduced from one number.
public typealias FuzzRandom = SeededRandom

extension SeededRandom {

    /// A length that is usually small and sometimes very large: hostile inputs live in the tail.
    public mutating func length(upTo maximum: Int) -> Int {
        switch int(0...9) {
        case 0...5: return int(0...min(8, maximum))
        case 6...7: return int(0...min(200, maximum))
        default: return int(0...maximum)
        }
    }
}

/// Pieces of text that have broken parsers and terminals before.
enum HostileText {
    static let pieces = [
        "(", ")", "-(", "NOT ", "---", "-", "\"", "\\", "*", ":", "::", ":<", ":>=", "AND ", " OR ", " ",
        "\u{1B}[31m", "\u{1B}]52;c;aGk=\u{07}", "\u{1B}[2J", "\u{9B}31m", "\u{0}", "\u{7F}", "\r", "\n", "\t",
        "\u{202E}", "\u{2066}", "\u{200F}", "é", "e\u{301}", "🇳🇱", "👩‍👩‍👧", "漢字", "\u{FFFD}", "\u{FEFF}",
        "9223372036854775807", "-9223372036854775808", "9223372036854775", "1e308", "-0", "0.0000001", "NaN",
        "tag:", "price:<", "title:", "created_at:>", "available_for_sale:", "%00", "%", "&", "=", "+", "{", "}", "[", "]",
    ]

    static func string(_ random: inout FuzzRandom, maximumPieces: Int = 64) -> String {
        var text = ""
        for _ in 0..<random.length(upTo: maximumPieces) {
            if random.chance(0.3) { text += random.pick(["tea", "coffee", "sale", "gift", "x", "kettle"]) } else { text += random.pick(pieces) }
        }
        return text
    }

    /// The same piece many times: nesting, floods.
    static func flood(_ random: inout FuzzRandom, maximum: Int) -> String {
        String(repeating: random.pick(["(", "-(", "NOT ", "\\", "\"", "[", "{", "\u{1B}[", "a"]), count: random.int(1...maximum))
    }
}
