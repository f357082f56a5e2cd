import Foundation

/// The server's reading of a query string (`application/x-www-form-urlencoded`): the fields in
/// order, a name given any number of times (`session=a&session=b`). The app writes these with its
/// own code; the server reads them with this, so a mistake in one is not cancelled out by the
/// same mistake in the other. (Forms whose names must be unique, the OAuth ones, are read by
/// `AccountForm`.)
struct QueryFields: Sendable {
    /// Why a query cannot be read, in our words: the sender's text is not repeated.
    struct Unreadable: Error, Equatable, Sendable {
        var reason: String
    }

    private let fields: [(name: String, value: String)]

    /// `+` is a space; a %-escape that is cut short, not hex or not UTF-8 makes the whole query
    /// unreadable rather than a field with a different value than the one sent.
    init(_ query: String) throws(Unreadable) {
        var fields: [(name: String, value: String)] = []
        for pair in query.split(separator: "&", omittingEmptySubsequences: true) {
            let equals = pair.firstIndex(of: "=")
            let name = try Self.decoded(pair[..<(equals ?? pair.endIndex)])
            var value = ""
            if let equals { value = try Self.decoded(pair[pair.index(after: equals)...]) }
            fields.append((name, value))
        }
        self.fields = fields
    }

    /// Every value given for `name`, in order.
    func values(_ name: String) -> [String] { fields.filter { $0.name == name }.map(\.value) }

    /// The first value given for `name`.
    func first(_ name: String) -> String? { fields.first { $0.name == name }?.value }

    private static func decoded(_ text: Substring) throws(Unreadable) -> String {
        let spaced = text.replacingOccurrences(of: "+", with: " ")
        guard let decoded = spaced.removingPercentEncoding else {
            throw Unreadable(reason: "a %-escape does not decode")
        }
        return decoded
    }
}
