import Foundation
import Storefront

/// Pages a list the server already holds (a product's variants and images, a cart's lines) with
/// the same rules as every other connection: `first` or `last`, at most 250, opaque cursors.
enum ListPager {
    static func page<Node: Hashable & Codable & Sendable>(_ items: [Node], _ arguments: some PagingArguments,
                                                          reverse: Bool = false, listing: String) throws -> Page<Node> {
        // A request past its time budget (or whose client left) stops at the next connection.
        try Task.checkCancellation()
        let ordered = reverse ? Array(items.reversed()) : items
        if arguments.first != nil && arguments.last != nil {
            throw StorefrontError.invalidArgument("Passing both `first` and `last` to paginate a connection is not supported.")
        }
        guard let size = arguments.first ?? arguments.last else {
            throw StorefrontError.invalidArgument("You must provide one of `first` or `last` to paginate a connection.")
        }
        guard (0...PageArguments.maximumPageSize).contains(size) else {
            throw StorefrontError.invalidArgument("A page holds 0 to \(PageArguments.maximumPageSize) items (asked for \(size)).")
        }
        var lower = 0, upper = ordered.count
        if let after = arguments.after { lower = max(lower, try position(after, listing: listing, count: ordered.count) + 1) }
        if let before = arguments.before { upper = min(upper, try position(before, listing: listing, count: ordered.count)) }
        upper = max(lower, upper)
        let range = arguments.first != nil ? lower..<min(upper, lower + size) : max(lower, upper - size)..<upper
        try PageArguments.checkPaginationDepth(reaching: range.isEmpty ? 0 : range.upperBound)
        let edges = range.map { Edge(cursor: cursor(listing: listing, position: $0), node: ordered[$0]) }
        return Page(edges: edges, pageInfo: PageInfo(hasNextPage: range.upperBound < ordered.count,
                                                     hasPreviousPage: range.lowerBound > 0,
                                                     startCursor: edges.first?.cursor, endCursor: edges.last?.cursor))
    }

    /// `listing#position` in base64 (RFC 4648, padded), as `Data.base64EncodedString` writes it:
    /// every edge of a page has one, so it is written straight into the string.
    static func cursor(listing: String, position: Int) -> String {
        var plain = Array(listing.utf8)
        plain.append(UInt8(ascii: "#"))
        plain.append(contentsOf: String(position).utf8)
        return Base64Text.encode(plain)
    }

    private static func position(_ cursor: String, listing: String, count: Int) throws -> Int {
        guard let data = Data(base64Encoded: cursor), let text = String(data: data, encoding: .utf8),
              text.hasPrefix(listing + "#"), let position = Int(text.dropFirst(listing.count + 1)),
              (0..<count).contains(position) else {
            throw StorefrontError.invalidCursor(cursor)
        }
        return position
    }
}

/// Base64 (RFC 4648, with padding) without a `Data` made on the way.
enum Base64Text {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    static func encode(_ bytes: [UInt8]) -> String {
        let length = (bytes.count + 2) / 3 * 4
        return String(unsafeUninitializedCapacity: length) { out in
            var written = 0
            var index = 0
            while index < bytes.count {
                let remaining = bytes.count - index
                let first = UInt32(bytes[index])
                let second = remaining > 1 ? UInt32(bytes[index + 1]) : 0
                let third = remaining > 2 ? UInt32(bytes[index + 2]) : 0
                let group = first << 16 | second << 8 | third
                out[written] = alphabet[Int(group >> 18 & 0x3F)]
                out[written + 1] = alphabet[Int(group >> 12 & 0x3F)]
                out[written + 2] = remaining > 1 ? alphabet[Int(group >> 6 & 0x3F)] : UInt8(ascii: "=")
                out[written + 3] = remaining > 2 ? alphabet[Int(group & 0x3F)] : UInt8(ascii: "=")
                written += 4
                index += 3
            }
            return written
        }
    }
}
