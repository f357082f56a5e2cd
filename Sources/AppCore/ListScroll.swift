/// Where a list's visible rows start: it scrolls a line at a time, only as far as the selection
/// needs, and never leaves blank rows below the last item while earlier items are hidden.
public enum ListScroll {
    /// The first visible row for `selected` among `total` rows, `rows` at a time, starting from
    /// `previous` (the first row shown before the move).
    public static func first(selected: Int, previous: Int, total: Int, rows: Int) -> Int {
        guard rows > 0, total > 0 else { return 0 }
        let selected = min(max(selected, 0), total - 1)
        // The selection stays in view: scroll down until it is the last row, or up until it is the first.
        let kept = min(max(previous, selected - rows + 1), selected)
        // A full window: at the end the last row is the last item.
        return min(max(kept, 0), max(total - rows, 0))
    }
}
