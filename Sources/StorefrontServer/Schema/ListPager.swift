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
        let prefix = Array("\(listing)#".utf8)
        let edges = range.map { Edge(cursor: cursor(prefix: prefix, position: $0), node: ordered[$0]) }
        return Page(edges: edges, pageInfo: PageInfo(hasNextPage: range.upperBound < ordered.count,
                                                     hasPreviousPage: range.lowerBound > 0,
                                                     startCursor: edges.first?.cursor, endCursor: edges.last?.cursor))
    }

    static func cursor(listing: String, position: Int) -> String {
        cursor(prefix: Array("\(listing)#".utf8), position: position)
    }

    /// The cursor of `position` in a listing whose cursors start with `prefix` (`listing#`): the
    /// Base64 of `listing#position`, written straight into a string (every edge of every page has one).
    private static func cursor(prefix: [UInt8], position: Int) -> String {
        var text = prefix
        text.append(contentsOf: String(position).utf8)
        return Base64Text.encoded(text)
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


/// Standard Base64 with padding, as `Data.base64EncodedString()` writes it.
enum Base64Text {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    static func encoded(_ bytes: [UInt8]) -> String {
        let length = (bytes.count + 2) / 3 * 4
        return String(unsafeUninitializedCapacity: length) { out in
            alphabet.withUnsafeBufferPointer { alphabet in
                var read = 0, written = 0
                func put(_ bits: UInt32, _ shift: UInt32) {
                    out[written] = alphabet[Int((bits >> shift) & 63)]
                    written += 1
                }
                while read + 3 <= bytes.count {
                    let bits = UInt32(bytes[read]) << 16 | UInt32(bytes[read + 1]) << 8 | UInt32(bytes[read + 2])
                    put(bits, 18); put(bits, 12); put(bits, 6); put(bits, 0)
                    read += 3
                }
                let left = bytes.count - read
                if left > 0 {
                    let bits = UInt32(bytes[read]) << 16 | (left == 2 ? UInt32(bytes[read + 1]) << 8 : 0)
                    put(bits, 18); put(bits, 12)
                    if left == 2 { put(bits, 6) } else { out[written] = UInt8(ascii: "="); written += 1 }
                    out[written] = UInt8(ascii: "="); written += 1
                }
                return written
            }
        }
    }
}
