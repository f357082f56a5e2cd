/// Which rows of a list are visible. The list scrolls by pages, like a pager: moving the
/// selection inside a page changes two rows on screen, so a key press costs a few bytes, and the
/// window is a pure function of the selection (no scroll state to keep in sync).
struct ListWindow: Equatable {
    let first: Int
    let count: Int

    init(selected: Int, total: Int, rows: Int) {
        guard rows > 0, total > 0 else { first = 0; count = 0; return }
        let page = max(0, min(selected, total - 1)) / rows
        first = page * rows
        count = min(rows, total - first)
    }

    var range: Range<Int> { first..<(first + count) }

    /// "12–24 of 40" for a position indicator.
    func position(total: Int) -> String {
        guard count < total, count > 0 else { return "" }
        return "\(first + 1)–\(first + count) of \(total)"
    }
}
