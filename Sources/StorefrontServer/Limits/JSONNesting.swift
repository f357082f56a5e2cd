import Foundation

/// How deeply a JSON text nests, read without parsing it: the GraphQL library coerces variables
/// recursively, and its time grows with every level, so deep JSON is refused before decoding.
enum JSONNesting {
    static func exceeds(_ body: Data, _ limit: Int) -> Bool {
        // Over the bytes in place: `Data`'s own iterator is a call per byte, for every request.
        body.withUnsafeBytes { bytes in
            var depth = 0, inString = false, escaped = false
            for byte in bytes {
                if inString {
                    if escaped { escaped = false } else if byte == 0x5C { escaped = true } else if byte == 0x22 { inString = false }
                    continue
                }
                switch byte {
                case 0x22: inString = true
                case 0x5B, 0x7B:
                    depth += 1
                    if depth > limit { return true }
                case 0x5D, 0x7D: depth -= 1
                default: break
                }
            }
            return false
        }
    }
}
