/// One pass over a GraphQL document's text, before the GraphQL library parses it. The library's
/// parser and validator recurse without a bound (a few thousand nested brackets exhaust the stack)
/// and its validation traps on two operations or fragments with the same name, so both are
/// refused here, together with documents too large, too nested or with too many fields to be worth
/// parsing. It reads tokens only as far as it must: strings, block strings and comments are
/// skipped whole, so brackets inside them do not count.
struct DocumentScan {
    private(set) var maximumNesting = 0
    private(set) var fields = 0
    private(set) var aliases = 0
    private(set) var duplicateOperation: String?
    private(set) var duplicateFragment: String?

    static func check(_ text: String, limits: RequestLimits) -> LimitViolation? {
        if text.utf8.count > limits.maximumDocumentBytes {
            return LimitViolation(message: "The query is \(text.utf8.count) bytes, over the limit of \(limits.maximumDocumentBytes).",
                                  code: "MAX_QUERY_SIZE_EXCEEDED")
        }
        guard let scan = DocumentScan(text, nestingLimit: limits.maximumNesting) else {
            return LimitViolation(message: "The query nests brackets more than \(limits.maximumNesting) deep.",
                                  code: "MAX_DEPTH_EXCEEDED", details: [("maxDepth", limits.maximumNesting)])
        }
        if let name = scan.duplicateOperation {
            return LimitViolation(message: "There can be only one operation named \"\(name)\".", code: "GRAPHQL_VALIDATION_FAILED")
        }
        if let name = scan.duplicateFragment {
            return LimitViolation(message: "There can be only one fragment named \"\(name)\".", code: "GRAPHQL_VALIDATION_FAILED")
        }
        if scan.fields > limits.maximumFields {
            return LimitViolation(message: "The query selects \(scan.fields) fields, over the limit of \(limits.maximumFields).",
                                  code: "MAX_FIELDS_EXCEEDED", details: [("fields", scan.fields), ("maxFields", limits.maximumFields)])
        }
        if scan.aliases > limits.maximumAliases {
            return LimitViolation(message: "The query has \(scan.aliases) aliases, over the limit of \(limits.maximumAliases).",
                                  code: "MAX_ALIASES_EXCEEDED", details: [("aliases", scan.aliases), ("maxAliases", limits.maximumAliases)])
        }
        return nil
    }

    private enum Bracket { case selection, arguments, list, object }
    private enum Previous { case other, spread, on, at, operationKeyword, fragmentKeyword }

    /// Nil when brackets nest deeper than `nestingLimit` (scanning stops there).
    init?(_ text: String, nestingLimit: Int) {
        let bytes = Array(text.utf8)
        var stack: [Bracket] = []
        var previous = Previous.other
        var operations = Set<String>(), fragments = Set<String>()
        var i = 0
        func isNameStart(_ b: UInt8) -> Bool { (b | 0x20) >= 0x61 && (b | 0x20) <= 0x7A || b == 0x5F }
        func isNameByte(_ b: UInt8) -> Bool { isNameStart(b) || (b >= 0x30 && b <= 0x39) }
        while i < bytes.count {
            let b = bytes[i]
            switch b {
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
                    i += 1
                    while i < bytes.count, bytes[i] != 0x22, bytes[i] != 0x0A {
                        i += bytes[i] == 0x5C ? 2 : 1
                    }
                    i += 1
                }
                previous = .other
                continue
            case UInt8(ascii: "{"), UInt8(ascii: "("), UInt8(ascii: "["):
                let kind: Bracket
                switch b {
                case UInt8(ascii: "("): kind = .arguments
                case UInt8(ascii: "["): kind = .list
                default: kind = (stack.last ?? .selection) == .selection ? .selection : .object
                }
                stack.append(kind)
                if stack.count > nestingLimit { return nil }
                maximumNesting = max(maximumNesting, stack.count)
                previous = .other
            case UInt8(ascii: "}"), UInt8(ascii: ")"), UInt8(ascii: "]"):
                if !stack.isEmpty { stack.removeLast() }
                previous = .other
            case UInt8(ascii: "."):
                if i + 2 < bytes.count, bytes[i + 1] == 0x2E, bytes[i + 2] == 0x2E { i += 3; previous = .spread; continue }
                previous = .other
            case UInt8(ascii: "@"):
                previous = .at
            case UInt8(ascii: ":"):
                // In a selection set, `name:` is an alias, not a second field.
                if stack.last == .selection { aliases += 1; fields -= 1 }
                previous = .other
            case _ where isNameStart(b):
                let start = i
                while i < bytes.count, isNameByte(bytes[i]) { i += 1 }
                let name = String(decoding: bytes[start..<i], as: UTF8.self)
                if stack.isEmpty {
                    switch previous {
                    case .operationKeyword:
                        if !operations.insert(name).inserted, duplicateOperation == nil { duplicateOperation = name }
                        previous = .other
                    case .fragmentKeyword:
                        if !fragments.insert(name).inserted, duplicateFragment == nil { duplicateFragment = name }
                        previous = .other
                    default:
                        switch name {
                        case "query", "mutation", "subscription": previous = .operationKeyword
                        case "fragment": previous = .fragmentKeyword
                        default: previous = .other
                        }
                    }
                } else if stack.last == .selection {
                    switch previous {
                    case .spread: previous = name == "on" ? .on : .other
                    case .on, .at: previous = .other
                    default: fields += 1; previous = .other
                    }
                } else {
                    previous = .other
                }
                continue
            default:
                if b > 0x20 && b != UInt8(ascii: ",") { previous = .other }
            }
            i += 1
        }
    }
}
