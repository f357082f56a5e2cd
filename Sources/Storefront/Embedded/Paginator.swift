import Foundation

/// Relay-style paging over an ordered list: `first`/`after` forward, `last`/`before` backward,
/// with page info that is exact in both directions.
struct Paginator {
    /// Checks the arguments as the Storefront API does.
    static func validate(_ arguments: PageArguments) throws {
        switch (arguments.first, arguments.last) {
        case (.some, .some):
            throw StorefrontError.invalidArgument("Passing both `first` and `last` to paginate a connection is not supported.")
        case (nil, nil):
            throw StorefrontError.invalidArgument("You must provide one of `first` or `last` to paginate a connection.")
        case (.some(let n), nil), (nil, .some(let n)):
            guard (1...PageArguments.maximumPageSize).contains(n) else {
                throw StorefrontError.invalidArgument(
                    "A page holds 1 to \(PageArguments.maximumPageSize) items (asked for \(n)).")
            }
        }
    }

    /// The page of `count` ordered items. `id(i)` is the stable id of the item at position i,
    /// `node(i)` builds it. `listing` names the ordering, for cursors.
    static func page<Node>(count: Int, listing: String, arguments: PageArguments,
                           id: (Int) -> String, node: (Int) -> Node) throws -> Page<Node> {
        try validate(arguments)
        var lower = 0, upper = count   // the window after `after` and before `before`
        if let after = arguments.after { lower = max(lower, try position(of: after, listing: listing, count: count, id: id) + 1) }
        if let before = arguments.before { upper = min(upper, try position(of: before, listing: listing, count: count, id: id)) }
        upper = max(lower, upper)
        let start: Int, end: Int
        if let first = arguments.first {
            start = lower; end = min(upper, lower + first)
        } else {
            let last = arguments.last ?? 0
            end = upper; start = max(lower, upper - last)
        }
        let edges = (start..<end).map { i in
            Edge(cursor: PageCursor(listing: listing, position: i, nodeId: id(i)).encoded, node: node(i))
        }
        return Page(edges: edges, pageInfo: PageInfo(hasNextPage: end < count, hasPreviousPage: start > 0,
                                                     startCursor: edges.first?.cursor, endCursor: edges.last?.cursor))
    }

    private static func position(of text: String, listing: String, count: Int, id: (Int) -> String) throws -> Int {
        guard let cursor = PageCursor(decoding: text), cursor.listing == listing else {
            throw StorefrontError.invalidCursor(text)
        }
        if cursor.position < count, id(cursor.position) == cursor.nodeId { return cursor.position }
        throw StorefrontError.invalidCursor(text)
    }
}
