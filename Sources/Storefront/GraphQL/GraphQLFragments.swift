import Foundation

/// The fragments the documents share (`Documents/Fragments/*.graphql`), written once and appended
/// to each operation that spreads them, directly or through another fragment, as a client does
/// before it sends a document.
struct GraphQLFragments: Sendable {
    /// Each fragment's whole definition, by name.
    private(set) var definitions: [String: String] = [:]

    init(texts: [String]) {
        for text in texts {
            for (name, definition) in Self.fragmentDefinitions(in: text) { definitions[name] = definition }
        }
    }

    /// `operation` followed by every fragment it needs, in the order first needed.
    func composing(_ operation: String) -> String {
        var needed: [String] = []
        var pending = Self.spreads(in: operation)
        while !pending.isEmpty {
            let name = pending.removeFirst()
            guard !needed.contains(name), let definition = definitions[name] else { continue }
            needed.append(name)
            pending += Self.spreads(in: definition)
        }
        guard !needed.isEmpty else { return operation }
        return ([operation.hasSuffix("\n") ? String(operation.dropLast()) : operation] + needed.compactMap { definitions[$0] })
            .joined(separator: "\n\n") + "\n"
    }

    /// Names of the fragments spread in `text` (`...Name`, not the inline `... on Type`).
    static func spreads(in text: String) -> [String] {
        var names: [String] = []
        var rest = Substring(text)
        while let range = rest.range(of: "...") {
            rest = rest[range.upperBound...]
            let name = rest.drop { $0 == " " || $0 == "\n" }.prefix { $0.isLetter || $0.isNumber || $0 == "_" }
            if !name.isEmpty, name != "on", !names.contains(String(name)) { names.append(String(name)) }
        }
        return names
    }

    /// `fragment Name on Type { … }` definitions in `text`, whole (comment lines dropped), by name.
    static func fragmentDefinitions(in text: String) -> [(String, String)] {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            .filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("#") }
        let source = lines.joined(separator: "\n")
        var result: [(String, String)] = []
        var index = source.startIndex
        while let start = source.range(of: "fragment ", range: index..<source.endIndex) {
            let name = source[start.upperBound...].prefix { $0.isLetter || $0.isNumber || $0 == "_" }
            guard let open = source[start.upperBound...].firstIndex(of: "{") else { break }
            var depth = 0
            var end = open
            for position in source[open...].indices {
                if source[position] == "{" { depth += 1 }
                if source[position] == "}" { depth -= 1; if depth == 0 { end = position; break } }
            }
            guard depth == 0 else { break }
            result.append((String(name), String(source[start.lowerBound...end])))
            index = source.index(after: end)
        }
        return result
    }
}
