/// One pass over a GraphQL document's text, before the GraphQL library parses it: its size, and how
/// deep its brackets nest. The library's parser recurses once per bracket (a few thousand nested
/// brackets exhaust the stack), so that bound has to hold before it runs. Everything else about
/// the document (names, fields, aliases) is checked on the parsed document (`DocumentShape`), so
/// it sees exactly the tokens the lexer saw: a byte-order mark or any other whitespace the lexer
/// skips cannot make two names look different. Strings, block strings and comments are skipped
/// whole, as the lexer reads them, so brackets inside them do not count.
struct DocumentScan {
    private(set) var maximumNesting = 0

    /// A text's size in bytes and how deep it nests (a scan's `maximumNesting`) against the limits.
    static func check(bytes: Int, nesting: Int, limits: RequestLimits) -> LimitViolation? {
        if bytes > limits.maximumDocumentBytes {
            return LimitViolation(message: "The query is \(bytes) bytes, over the limit of \(limits.maximumDocumentBytes).",
                                  code: "MAX_QUERY_SIZE_EXCEEDED")
        }
        return nesting > limits.maximumNesting ? nestingViolation(limits) : nil
    }

    private static func nestingViolation(_ limits: RequestLimits) -> LimitViolation {
        LimitViolation(message: "The query nests brackets more than \(limits.maximumNesting) deep.",
                       code: "MAX_DEPTH_EXCEEDED", details: [("maxDepth", limits.maximumNesting)])
    }

    /// Nil when brackets nest deeper than `nestingLimit` (scanning stops there).
    init?(_ text: String, nestingLimit: Int) {
        let bytes = Array(text.utf8)
        var depth = 0
        var i = 0
        while i < bytes.count {
            switch bytes[i] {
            case UInt8(ascii: "#"):
                while i < bytes.count, bytes[i] != 0x0A, bytes[i] != 0x0D { i += 1 }
                continue
            case UInt8(ascii: "\""):
                if i + 2 < bytes.count, bytes[i + 1] == 0x22, bytes[i + 2] == 0x22 {
                    i += 3
                    while i < bytes.count {
                        if bytes[i] == 0x5C, i + 3 < bytes.count, bytes[i + 1] == 0x22, bytes[i + 2] == 0x22, bytes[i + 3] == 0x22 { i += 4; continue }
                        if bytes[i] == 0x22, i + 2 < bytes.count, bytes[i + 1] == 0x22, bytes[i + 2] == 0x22 { i += 3; break }
                        i += 1
                    }
                } else {
                    // The lexer ends a string at its closing quote and refuses one that reaches a
                    // line end; stopping at either keeps the count at least the parser's.
                    i += 1
                    while i < bytes.count, bytes[i] != 0x22, bytes[i] != 0x0A, bytes[i] != 0x0D {
                        i += bytes[i] == 0x5C ? 2 : 1
                    }
                    i += 1
                }
                continue
            case UInt8(ascii: "{"), UInt8(ascii: "("), UInt8(ascii: "["):
                depth += 1
                if depth > nestingLimit { return nil }
                maximumNesting = max(maximumNesting, depth)
            case UInt8(ascii: "}"), UInt8(ascii: ")"), UInt8(ascii: "]"):
                depth = max(0, depth - 1)
            default:
                break
            }
            i += 1
        }
    }
}
