import Foundation

/// Case- and diacritic-insensitive text for matching: "Café Crème" and "cafe creme" fold to the
/// same bytes. Folding works on Unicode scalars, caching every non-ASCII scalar it meets, so
/// folding a large catalog costs little more than copying it.
struct TextFolder {
    private var cache: [UInt32: [UInt8]] = [:]

    /// Letters that have no canonical decomposition but that people type without the mark.
    private static let extra: [Unicode.Scalar: String] = [
        "ø": "o", "Ø": "o", "æ": "ae", "Æ": "ae", "œ": "oe", "Œ": "oe", "ß": "ss", "ẞ": "ss",
        "ł": "l", "Ł": "l", "đ": "d", "Đ": "d", "ı": "i", "þ": "th", "Þ": "th",
    ]

    mutating func fold(_ text: String) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count)
        append(text, to: &out)
        return out
    }

    mutating func append(_ text: String, to out: inout [UInt8]) {
        // Fast path: ASCII is copied in one go and lowercased in place.
        let copied = text.utf8.withContiguousStorageIfAvailable { bytes -> Bool in
            var all: UInt8 = 0
            for b in bytes { all |= b }   // no early exit, so it vectorises
            if all & 0x80 != 0 { return false }
            let start = out.count
            out.append(contentsOf: bytes)
            out.withUnsafeMutableBufferPointer { o in
                for k in start..<o.count { o[k] |= (o[k] &- 65 < 26) ? 0x20 : 0 }
            }
            return true
        }
        if copied == true { return }
        for scalar in text.unicodeScalars {
            let v = scalar.value
            if v < 0x80 {
                let b = UInt8(v)
                out.append(b >= 65 && b <= 90 ? b | 0x20 : b)
            } else if let folded = cache[v] {
                out.append(contentsOf: folded)
            } else {
                let folded = Self.foldScalar(scalar)
                cache[v] = folded
                out.append(contentsOf: folded)
            }
        }
    }

    private static func foldScalar(_ scalar: Unicode.Scalar) -> [UInt8] {
        if let replacement = extra[scalar] { return Array(replacement.utf8) }
        let lowered = String(scalar).lowercased()
        var result = String.UnicodeScalarView()
        for s in lowered.decomposedStringWithCanonicalMapping.unicodeScalars {
            switch s.properties.generalCategory {
            case .nonspacingMark: continue
            default: result.append(s)
            }
        }
        // A lone combining mark folds to nothing, which is what "ignore diacritics" means.
        return Array(String(result).precomposedStringWithCanonicalMapping.utf8)
    }
}
