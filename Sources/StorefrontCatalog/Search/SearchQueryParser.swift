import Foundation
import StorefrontModels

/// Parses the Shopify search syntax:
///
///     coffee tea                     two fuzzy terms, both must match
///     "pour over"                    a phrase
///     product_type:Coffee            field match (exact, case- and accent-insensitive)
///     title:mat*                     field prefix
///     -tag:sale  NOT tag:sale        negation
///     tea OR coffee AND tag:gift     AND binds tighter than OR; adjacent terms are ANDed
///     (tea OR coffee) -vendor:x      parentheses
///     price:<20  created_at:>=2025-01-01  updated_at:>"2025-05-29T00:00:00Z"
///     tag:*  -tag:*                  has a value / has none
///
/// Errors carry the 1-based character position of the offending token.
///
/// The grammar is recursive, so the input is bounded before it is read: at most `maximumLength`
/// characters and `maximumDepth` nested groups or negations. Past either the query gets a
/// positioned error rather than a parse that could exhaust the stack (here or in whatever walks
/// the tree afterwards).
struct SearchQueryParser {
    /// Characters in a query; far beyond any query a person types, and a paste of megabytes stops here.
    static let maximumLength = 2_000
    /// Parentheses and negations nested in each other.
    static let maximumDepth = 32

    private enum TokenKind: Equatable {
        case open, close, and, or, not
        case term(String)
        case field(name: String, comparison: SearchComparison, value: String, quoted: Bool, valuePosition: Int, comparisonPosition: Int)
    }

    private struct Token {
        var kind: TokenKind
        var negated: Bool
        var position: Int
    }

    private let query: String
    private let fields: [SearchField]
    private let chars: [Character]
    private var tokens: [Token] = []
    private var index = 0
    private var depth = 0

    init(_ query: String, fields: [SearchField] = SearchField.productFields) {
        self.query = query
        self.fields = fields
        self.chars = Array(query)
    }

    mutating func parse() throws(SearchSyntaxError) -> SearchQuery {
        if chars.count > Self.maximumLength {
            throw error("the query is longer than \(Self.maximumLength) characters", at: Self.maximumLength + 1)
        }
        tokens = try tokenize()
        guard !tokens.isEmpty else { return .all }
        let expression = try parseOr()
        if index < tokens.count {
            let token = tokens[index]
            if token.kind == .close { throw error("unexpected ')' without a matching '('", at: token.position) }
            throw error("unexpected token", at: token.position)
        }
        return expression
    }

    // MARK: Grammar

    private mutating func parseOr() throws(SearchSyntaxError) -> SearchQuery {
        var parts = [try parseAnd()]
        while let token = peek(), token.kind == .or {
            index += 1
            guard startsOperand(peek()) else { throw danglingOperator("OR", token) }
            parts.append(try parseAnd())
        }
        return parts.count == 1 ? parts[0] : .or(parts)
    }

    private mutating func parseAnd() throws(SearchSyntaxError) -> SearchQuery {
        guard let first = peek() else { throw error("the query ends where a term was expected", at: chars.count + 1) }
        guard startsOperand(first) else {
            switch first.kind {
            case .and: throw error("'AND' needs a term before it", at: first.position)
            case .or: throw error("'OR' needs a term before it", at: first.position)
            case .close: throw error("unexpected ')'", at: first.position)
            default: throw error("a term was expected", at: first.position)
            }
        }
        var parts = [try parseUnary()]
        while let token = peek() {
            if token.kind == .and {
                index += 1
                guard startsOperand(peek()) else { throw danglingOperator("AND", token) }
                parts.append(try parseUnary())
            } else if startsOperand(token) {
                parts.append(try parseUnary())   // adjacent terms: implicit AND
            } else {
                break
            }
        }
        return parts.count == 1 ? parts[0] : .and(parts)
    }

    /// Counts one level of nesting around `body`, refusing to go deeper than `maximumDepth`.
    private mutating func nested(at token: Token, _ body: (inout Self) throws(SearchSyntaxError) -> SearchQuery)
        throws(SearchSyntaxError) -> SearchQuery {
        guard depth < Self.maximumDepth else {
            throw error("groups and negations nest more than \(Self.maximumDepth) deep", at: token.position)
        }
        depth += 1
        defer { depth -= 1 }
        return try body(&self)
    }

    private mutating func parseUnary() throws(SearchSyntaxError) -> SearchQuery {
        let token = tokens[index]
        if token.kind == .not {
            return try nested(at: token) { parser throws(SearchSyntaxError) in
                parser.index += 1
                guard parser.startsOperand(parser.peek()) else {
                    throw parser.error(parser.peek() == nil ? "'NOT' at the end of the query needs a term after it"
                                       : "'NOT' needs a term after it", at: token.position)
                }
                return .not(try parser.parseUnary())
            }
        }
        let expression = try parsePrimary()
        return token.negated ? .not(expression) : expression
    }

    private mutating func parsePrimary() throws(SearchSyntaxError) -> SearchQuery {
        let token = tokens[index]
        index += 1
        switch token.kind {
        case .open:
            return try nested(at: token) { parser throws(SearchSyntaxError) in try parser.parseGroup(token) }
        case .term(let text):
            return .term(text)
        case .field(let name, let comparison, let value, let quoted, let valuePosition, let comparisonPosition):
            return try fieldExpression(name: name, comparison: comparison, value: value, quoted: quoted,
                                       at: token.position + (token.negated ? 1 : 0), valuePosition: valuePosition,
                                       comparisonPosition: comparisonPosition)
        default:
            throw error("a term was expected", at: token.position)
        }
    }

    private mutating func parseGroup(_ token: Token) throws(SearchSyntaxError) -> SearchQuery {
        if let next = peek(), next.kind == .close { throw error("empty parentheses", at: token.position) }
        guard peek() != nil else { throw error("'(' is never closed", at: token.position) }
        let inner = try parseOr()
        guard let close = peek(), close.kind == .close else {
            throw error("'(' is never closed", at: token.position)
        }
        _ = close
        index += 1
        return inner
    }

    private func fieldExpression(name: String, comparison: SearchComparison, value: String, quoted: Bool, at position: Int,
                                 valuePosition: Int, comparisonPosition: Int) throws(SearchSyntaxError) -> SearchQuery {
        guard let field = SearchField(rawValue: name.lowercased()), fields.contains(field) else {
            let known = fields.map(\.rawValue).joined(separator: ", ")
            throw error("unknown field '\(Self.shown(name))' (fields: \(known))", at: position)
        }
        if value == "*" && !quoted {
            guard comparison == .equal else { throw error("'*' (has a value) only goes with ':'", at: valuePosition) }
            return .exists(field)
        }
        switch field.kind {
        case .text:
            guard comparison == .equal else {
                throw error("'\(field.rawValue)' cannot be compared with '\(comparison.rawValue.dropFirst())'; write \(field.rawValue):value",
                            at: comparisonPosition)
            }
            let prefix = !quoted && value.hasSuffix("*")
            let text = prefix ? String(value.dropLast()) : value
            guard !text.isEmpty else { throw error("'\(field.rawValue):' needs a value", at: valuePosition) }
            return .field(field, comparison, .text(text, prefix: prefix))
        case .amount:
            guard let amount = Money.parseAmount(value) else {
                throw error("'\(Self.shown(value))' is not an amount such as 10 or 24.50", at: valuePosition)
            }
            return .field(field, comparison, .amount(amount))
        case .boolean:
            guard comparison == .equal else {
                throw error("'\(field.rawValue)' is true or false and cannot be compared with '\(comparison.rawValue.dropFirst())'",
                            at: comparisonPosition)
            }
            switch value.lowercased() {
            case "true": return .field(field, comparison, .boolean(true))
            case "false": return .field(field, comparison, .boolean(false))
            default: throw error("'\(field.rawValue)' is true or false, not '\(Self.shown(value))'", at: valuePosition)
            }
        case .date:
            guard let date = ISODate.parse(value) else {
                throw error("'\(Self.shown(value))' is not a date such as 2025-05-29 or 2025-05-29T09:00:00Z", at: valuePosition)
            }
            return .field(field, comparison, .date(seconds: date.seconds, wholeDay: date.isDateOnly))
        }
    }

    private func peek() -> Token? { index < tokens.count ? tokens[index] : nil }

    private func startsOperand(_ token: Token?) -> Bool {
        guard let token else { return false }
        switch token.kind {
        case .open, .not, .term, .field: return true
        case .close, .and, .or: return false
        }
    }

    private func danglingOperator(_ name: String, _ token: Token) -> SearchSyntaxError {
        if index >= tokens.count { return error("'\(name)' at the end of the query needs a term after it", at: token.position) }
        return error("'\(name)' needs a term on each side", at: token.position)
    }

    /// Text from the query inside a message: the query itself is shown under it, so a long word
    /// is cut rather than repeated whole, and controls are dropped.
    static func shown(_ text: String) -> String {
        let clean = TextSanitizer.cleanLine(text)
        return clean.count > 32 ? String(clean.prefix(31)) + "…" : clean
    }

    private func error(_ message: String, at position: Int) -> SearchSyntaxError {
        SearchSyntaxError(position: max(1, position), message: message, query: query)
    }

    // MARK: Tokens

    private static func isSpace(_ c: Character) -> Bool { c.isWhitespace }
    private static func isFieldName(_ text: [Character]) -> Bool {
        guard let first = text.first, first.isASCII, first.isLetter else { return false }
        return text.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_" || $0 == ".") }
    }

    private func tokenize() throws(SearchSyntaxError) -> [Token] {
        var tokens: [Token] = []
        var i = 0
        while i < chars.count {
            let c = chars[i]
            if Self.isSpace(c) { i += 1; continue }
            let start = i
            if c == "(" { tokens.append(Token(kind: .open, negated: false, position: i + 1)); i += 1; continue }
            if c == ")" { tokens.append(Token(kind: .close, negated: false, position: i + 1)); i += 1; continue }
            var negated = false
            if c == "-" {
                guard i + 1 < chars.count, !Self.isSpace(chars[i + 1]), chars[i + 1] != ")" else {
                    throw error("'-' must be followed by a term, as in -tag:sale", at: i + 1)
                }
                negated = true
                i += 1
                if chars[i] == "(" {
                    // -( ... ) negates a group: NOT then the group.
                    tokens.append(Token(kind: .not, negated: false, position: start + 1))
                    continue
                }
            }
            if chars[i] == "\"" {
                let (text, end) = try quoted(from: i)
                i = end
                tokens.append(Token(kind: .term(text), negated: negated, position: start + 1))
                continue
            }
            // A word, possibly "name:" followed by a comparison and a value.
            var j = i
            while j < chars.count, !Self.isSpace(chars[j]), chars[j] != "(", chars[j] != ")", chars[j] != ":", chars[j] != "\"" { j += 1 }
            let word = Array(chars[i..<j])
            if j < chars.count, chars[j] == ":", Self.isFieldName(word) {
                let comparisonPosition = j + 1
                var k = j + 1
                var comparison = SearchComparison.equal
                if k < chars.count, chars[k] == "=" {
                    throw error("':=' is not a comparison; write \(Self.shown(String(word))):value for a match, or use :<, :>, :<= or :>=",
                                at: comparisonPosition)
                }
                if k < chars.count, chars[k] == "<" || chars[k] == ">" {
                    let less = chars[k] == "<"
                    k += 1
                    if k < chars.count, chars[k] == "=" { comparison = less ? .lessOrEqual : .greaterOrEqual; k += 1 }
                    else { comparison = less ? .less : .greater }
                }
                let valuePosition = k + 1
                var value: String
                var wasQuoted = false
                if k < chars.count, chars[k] == "\"" {
                    (value, k) = try quoted(from: k)
                    wasQuoted = true
                } else {
                    var e = k
                    while e < chars.count, !Self.isSpace(chars[e]), chars[e] != "(", chars[e] != ")" { e += 1 }
                    value = String(chars[k..<e])
                    k = e
                }
                if value.isEmpty {
                    throw error("'\(Self.shown(String(word)))\(comparison.rawValue)' needs a value", at: valuePosition)
                }
                tokens.append(Token(kind: .field(name: String(word), comparison: comparison, value: value, quoted: wasQuoted,
                                                 valuePosition: valuePosition, comparisonPosition: comparisonPosition),
                                    negated: negated, position: start + 1))
                i = k
                continue
            }
            if j < chars.count, chars[j] == ":" {
                // "12:30" or "a-b:c": the colon belongs to the term.
                while j < chars.count, !Self.isSpace(chars[j]), chars[j] != "(", chars[j] != ")", chars[j] != "\"" { j += 1 }
            }
            let text = String(chars[i..<j])
            i = j
            if !negated {
                switch text {
                case "AND": tokens.append(Token(kind: .and, negated: false, position: start + 1)); continue
                case "OR": tokens.append(Token(kind: .or, negated: false, position: start + 1)); continue
                case "NOT": tokens.append(Token(kind: .not, negated: false, position: start + 1)); continue
                default: break
                }
            }
            // A trailing "*" on a bare term asks for a prefix, which a substring match already is.
            let term = text.hasSuffix("*") ? String(text.dropLast()) : text
            if term.isEmpty { if negated { throw error("'-*' matches nothing", at: start + 1) }; continue }
            tokens.append(Token(kind: .term(term), negated: negated, position: start + 1))
        }
        return tokens
    }

    /// A quoted string starting at `start` (the opening quote); `\"` and `\\` are escapes.
    private func quoted(from start: Int) throws(SearchSyntaxError) -> (String, Int) {
        var text = ""
        var i = start + 1
        while i < chars.count {
            let c = chars[i]
            if c == "\\", i + 1 < chars.count { text.append(chars[i + 1]); i += 2; continue }
            if c == "\"" { return (text, i + 1) }
            text.append(c)
            i += 1
        }
        throw error("the quote is never closed", at: start + 1)
    }
}
