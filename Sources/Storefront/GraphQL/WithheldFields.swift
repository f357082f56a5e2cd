import Foundation
import StorefrontModels

/// Fields a shop refused this client for lack of an access scope, remembered so later documents
/// leave them out. A shop without `unauthenticated_read_product_inventory` refuses
/// `quantityAvailable`; without it the models say "stock unknown" (nil), which every screen
/// already shows as available without a count.
actor WithheldFields {
    /// The fields the client can do without: each is optional in the models.
    static let withholdable: Set<String> = ["quantityAvailable"]

    private(set) var fields: Set<String> = []

    /// Adds `denied`; true when that is news.
    func insert(_ denied: Set<String>) -> Bool {
        let before = fields.count
        fields.formUnion(denied)
        return fields.count > before
    }

    /// The withholdable fields refused in `errors` when every error is such a refusal, else nil:
    /// any other error is the answer's real failure.
    static func denied(in errors: [GraphQLErrorInfo]) -> Set<String>? {
        guard !errors.isEmpty else { return nil }
        var fields: Set<String> = []
        for error in errors {
            guard error.code == "ACCESS_DENIED", let field = field(of: error), withholdable.contains(field) else { return nil }
            fields.insert(field)
        }
        return fields
    }

    /// The field an error is about: the last name in its path, else the one its message names
    /// ("Access denied for quantityAvailable field.").
    private static func field(of error: GraphQLErrorInfo) -> String? {
        if let last = error.path.last(where: { Int($0) == nil }) { return last }
        let words = error.message.split(separator: " ")
        guard let index = words.firstIndex(of: "for"), index + 1 < words.count else { return nil }
        return String(words[index + 1])
    }

    /// `document` without selections of `fields`: each whole-word field name outside comments
    /// and strings, with the spaces after it, is taken out. The documents select these fields
    /// plainly (no alias, arguments or sub-selection), which is what makes this enough.
    static func removing(_ fields: Set<String>, from document: String) -> String {
        guard !fields.isEmpty else { return document }
        var result = ""
        var index = document.startIndex
        func isName(_ c: Character) -> Bool { c.isLetter || c.isNumber || c == "_" }
        while index < document.endIndex {
            let c = document[index]
            if c == "#" {
                let end = document[index...].firstIndex(of: "\n") ?? document.endIndex
                result += document[index..<end]
                index = end
            } else if c == "\"" {
                var end = document.index(after: index)
                while end < document.endIndex, document[end] != "\"" {
                    if document[end] == "\\" { end = document.index(after: end) }
                    if end < document.endIndex { end = document.index(after: end) }
                }
                end = end < document.endIndex ? document.index(after: end) : end
                result += document[index..<end]
                index = end
            } else if isName(c) {
                let end = document[index...].firstIndex { !isName($0) } ?? document.endIndex
                let word = document[index..<end]
                let previous = result.last { $0 != " " && $0 != "\n" }
                if fields.contains(String(word)), previous != "$", previous != ":", previous != "." {
                    // The spaces after it go too; so does its line when it stands alone on one.
                    var after = end
                    while after < document.endIndex, document[after] == " " { after = document.index(after: after) }
                    let indentation = result.reversed().prefix { $0 == " " }.count
                    let startsLine = result.dropLast(indentation).last.map { $0 == "\n" } ?? true
                    if startsLine, after == document.endIndex || document[after] == "\n" {
                        result.removeLast(indentation)
                        if after < document.endIndex { after = document.index(after: after) }
                    }
                    index = after
                    continue
                }
                result += word
                index = end
            } else {
                result.append(c)
                index = document.index(after: index)
            }
        }
        return result
    }
}
