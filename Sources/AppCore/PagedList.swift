import Storefront

/// A list loaded page by page with cursors, and the row the buyer has selected in it.
public struct PagedList<Item: Hashable & Sendable & Codable>: Hashable, Sendable {
    public var items: [Item]
    /// nil until the first page arrived.
    public var pageInfo: PageInfo?
    public var selectedIndex: Int
    /// The first row on screen, kept from move to move so the list scrolls by lines.
    public var firstVisibleIndex: Int
    /// A page of it is on its way ("Loading…"; a second request for a page waits for this one).
    public var isLoading: Bool

    public init(items: [Item] = [], pageInfo: PageInfo? = nil, selectedIndex: Int = 0, firstVisibleIndex: Int = 0,
                isLoading: Bool = false) {
        self.items = items; self.pageInfo = pageInfo; self.selectedIndex = selectedIndex
        self.firstVisibleIndex = firstVisibleIndex; self.isLoading = isLoading
    }

    public var selectedItem: Item? { items.indices.contains(selectedIndex) ? items[selectedIndex] : nil }
    public var hasLoadedFirstPage: Bool { pageInfo != nil }
    public var hasNextPage: Bool { pageInfo?.hasNextPage ?? false }
    /// The cursor to ask for the page after the loaded ones.
    public var nextPageCursor: String? { pageInfo?.endCursor }

    /// Marks a page as asked for; false when one is already on its way (the caller then asks nothing).
    public mutating func startLoading() -> Bool {
        guard !isLoading else { return false }
        isLoading = true
        return true
    }


    /// Moves the selection, clamped to the loaded rows, scrolling a list that shows `rows` rows.
    public mutating func moveSelection(by delta: Int, rows: Int) {
        guard !items.isEmpty else { selectedIndex = 0; firstVisibleIndex = 0; return }
        selectedIndex = min(max(selectedIndex + delta, 0), items.count - 1)
        firstVisibleIndex = ListScroll.first(selected: selectedIndex, previous: firstVisibleIndex, total: items.count, rows: rows)
    }

    /// True when the selection is within `threshold` rows of the end and another page exists.
    public func needsNextPage(threshold: Int) -> Bool {
        hasNextPage && selectedIndex >= items.count - threshold
    }

    /// Replaces the list with a first page (`after == nil`) or appends a following page.
    public mutating func receive(_ page: Page<Item>, after cursor: String?) {
        if cursor == nil {
            items = page.nodes
            selectedIndex = min(selectedIndex, max(items.count - 1, 0))
            firstVisibleIndex = min(firstVisibleIndex, selectedIndex)
        } else {
            items.append(contentsOf: page.nodes)
        }
        pageInfo = page.pageInfo
    }
}
