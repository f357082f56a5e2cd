import AppCore

/// Which rows of a list are visible. The list scrolls a line at a time from where it was
/// (`first`, kept in the list's state), only as far as the selection needs, and stays full: at
/// the end the last row is the last item, never a page of blank rows.
struct ListWindow: Equatable {
    let first: Int
    let count: Int

    init(selected: Int, total: Int, rows: Int, first previous: Int = 0) {
        guard rows > 0, total > 0 else { first = 0; count = 0; return }
        first = ListScroll.first(selected: selected, previous: previous, total: total, rows: rows)
        count = min(rows, total - first)
    }

    var range: Range<Int> { first..<(first + count) }

    /// "12–24 of 40" for a position indicator.
    func position(total: Int) -> String {
        guard count < total, count > 0 else { return "" }
        return "\(first + 1)–\(first + count) of \(total)"
    }
}
