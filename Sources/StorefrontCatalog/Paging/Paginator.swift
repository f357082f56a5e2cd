import Foundation
import StorefrontModels

/// An ordered listing that a page is cut from: its items sit at increasing keys in `0..<keyCount`,
/// though not every key holds one. Cursors carry the key, so a listing that finds its items only
/// as they are asked for (a search) can continue from a cursor without listing what came before.
package protocol PagedListing {
    var keyCount: Int { get }
    /// Up to `limit` items with keys in `from..<to`, in increasing key order.
    func forward(from: Int, to: Int, limit: Int) -> [ListedItem]
    /// Up to `limit` items with keys in `downTo..<before`, in decreasing key order.
    func backward(before: Int, downTo: Int, limit: Int) -> [ListedItem]
    /// The item at `key`, if there is one.
    func item(at key: Int) -> Int?
}

/// An item of a listing (an index into the catalog's products or collections) and its key.
package struct ListedItem: Hashable {
    package var key: Int
    package var element: Int
}

/// A listing made in full: item i sits at key i.
package struct ListedArray: PagedListing {
    package let elements: [Int]

    package init(elements: [Int]) { self.elements = elements }

    package var keyCount: Int { elements.count }

    package func forward(from: Int, to: Int, limit: Int) -> [ListedItem] {
        let end = min(to, elements.count, from + min(limit, elements.count))
        return from < end ? (from..<end).map { ListedItem(key: $0, element: elements[$0]) } : []
    }

    package func backward(before: Int, downTo: Int, limit: Int) -> [ListedItem] {
        let start = max(downTo, 0, before - min(limit, elements.count))
        let end = min(before, elements.count)
        return start < end ? (start..<end).reversed().map { ListedItem(key: $0, element: elements[$0]) } : []
    }

    package func item(at key: Int) -> Int? { elements.indices.contains(key) ? elements[key] : nil }
}

/// Relay-style paging over an ordered listing: `first`/`after` forward, `last`/`before` backward,
/// with page info that is exact in both directions.
package struct Paginator {
    /// Checks the arguments as the Storefront API does.
    package static func validate(_ arguments: PageArguments) throws {
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

    /// The page of `listing` that `arguments` ask for. `id(element)` is the stable id of an item,
    /// `node(element)` builds it. `name` names the ordering, for cursors.
    package static func page<Node>(_ listing: some PagedListing, name: String, arguments: PageArguments,
                           id: (Int) -> String, node: (Int) -> Node) throws -> Page<Node> {
        try validate(arguments)
        let keyCount = listing.keyCount
        // The window after `after` and before `before`.
        let afterKey = try arguments.after.map { try key(of: $0, in: listing, name: name, id: id) }
        let beforeKey = try arguments.before.map { try key(of: $0, in: listing, name: name, id: id) }
        let lower = afterKey.map { $0 + 1 } ?? 0
        let upper = max(lower, beforeKey ?? keyCount)
        // Whether an item sits at `key` or later: the item at `before` does when it is that late.
        func anyFrom(_ key: Int) -> Bool {
            if let beforeKey, beforeKey >= key { return true }
            return !listing.forward(from: key, to: keyCount, limit: 1).isEmpty
        }
        let items: [ListedItem]
        let hasNextPage: Bool, hasPreviousPage: Bool
        if let first = arguments.first {
            let found = listing.forward(from: lower, to: upper, limit: first + 1)
            items = Array(found.prefix(first))
            // Everything before `lower` is the `after` item or earlier: there is one iff `after` was given.
            hasPreviousPage = afterKey != nil
            hasNextPage = found.count > first || (upper < keyCount && anyFrom(items.last.map { $0.key + 1 } ?? lower))
        } else {
            let last = arguments.last ?? 0
            let found = listing.backward(before: upper, downTo: lower, limit: last + 1)
            items = found.prefix(last).reversed()
            hasPreviousPage = found.count > last || afterKey != nil
            hasNextPage = upper < keyCount && anyFrom(upper)
        }
        // Positions are keys here: for a listing with gaps (a search) a key is at least the item's
        // place, so the bound holds whenever the place does.
        try PageArguments.checkPaginationDepth(reaching: items.map { $0.key + 1 }.max() ?? 0)
        let edges = items.map { item in
            Edge(cursor: PageCursor(listing: name, position: item.key, nodeId: id(item.element)).encoded, node: node(item.element))
        }
        return Page(edges: edges, pageInfo: PageInfo(hasNextPage: hasNextPage, hasPreviousPage: hasPreviousPage,
                                                     startCursor: edges.first?.cursor, endCursor: edges.last?.cursor))
    }

    private static func key(of text: String, in listing: some PagedListing, name: String, id: (Int) -> String) throws -> Int {
        guard let cursor = PageCursor(decoding: text), cursor.listing == name,
              let element = listing.item(at: cursor.position), id(element) == cursor.nodeId else {
            throw StorefrontError.invalidCursor(text)
        }
        return cursor.position
    }
}
