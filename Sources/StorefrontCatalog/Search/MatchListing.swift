/// The products matching a query, in the order of a sort key, found as a page asks for them.
///
/// The order is a run of positions, or several: with relevance and fuzzy terms, one run per
/// number of terms found in the title, most first; within a run positions are products in the
/// catalog's order, or otherwise places in the sort key's order. Key = run × product count +
/// position. Each run holds only the positions whose product may match (`SearchPlan.mayMatch`);
/// scanning tests the plan on those, so a first page reads text for a few dozen products.
package struct MatchListing: PagedListing {
    let productCount: Int
    let runs: [ProductSet]
    /// Position → product, or nil when the position is the product.
    let order: [Int32]?
    let plan: SearchPlan
    let reversed: Bool

    package var keyCount: Int { runs.count * productCount }

    package func item(at key: Int) -> Int? {
        guard key >= 0, key < keyCount else { return nil }
        let base = reversed ? keyCount - 1 - key : key
        let position = base % productCount
        guard runs[base / productCount].contains(position) else { return nil }
        let product = self.product(at: position)
        return plan.matches(product) ? product : nil
    }

    package func forward(from: Int, to: Int, limit: Int) -> [ListedItem] {
        guard reversed else { return scanUp(from: from, to: to, limit: limit) }
        return scanDown(before: keyCount - from, downTo: keyCount - to, limit: limit).map(mirrored)
    }

    package func backward(before: Int, downTo: Int, limit: Int) -> [ListedItem] {
        guard reversed else { return scanDown(before: before, downTo: downTo, limit: limit) }
        return scanUp(from: keyCount - before, to: keyCount - downTo, limit: limit).map(mirrored)
    }

    /// Every match, in order.
    package func all() -> [Int] { forward(from: 0, to: keyCount, limit: Int.max).map(\.element) }

    // MARK: Scanning, in the unreversed order

    @inline(__always) private func product(at position: Int) -> Int {
        guard let order else { return position }
        return order.withUnsafeBufferPointer { Int($0[position]) }
    }

    private func mirrored(_ item: ListedItem) -> ListedItem { ListedItem(key: keyCount - 1 - item.key, element: item.element) }

    private func scanUp(from: Int, to: Int, limit: Int) -> [ListedItem] {
        var found: [ListedItem] = []
        guard productCount > 0, limit > 0 else { return found }
        var run = max(0, from) / productCount, position = max(0, from) % productCount
        while run < runs.count, found.count < limit {
            guard let next = runs[run].next(from: position) else {
                run += 1; position = 0
                continue
            }
            let key = run * productCount + next
            if key >= to { break }
            let product = self.product(at: next)
            if plan.matches(product) { found.append(ListedItem(key: key, element: product)) }
            position = next + 1
        }
        return found
    }

    private func scanDown(before: Int, downTo: Int, limit: Int) -> [ListedItem] {
        var found: [ListedItem] = []
        guard productCount > 0, limit > 0 else { return found }
        let start = min(before, keyCount)
        // Positions before `position` in `run` are left to look at.
        var run = start / productCount, position = start % productCount
        if position == 0 { run -= 1; position = productCount }
        while run >= 0, found.count < limit {
            guard let previous = runs[run].previous(before: position) else {
                run -= 1; position = productCount
                continue
            }
            let key = run * productCount + previous
            if key < downTo { break }
            let product = self.product(at: previous)
            if plan.matches(product) { found.append(ListedItem(key: key, element: product)) }
            position = previous
        }
        return found
    }
}
