extension Grid {
    /// One cell the terminal must be told about: where it goes and what it holds.
    public struct Change: Hashable, Sendable {
        public var x: Int
        public var y: Int
        public var cell: Cell

        public init(x: Int, y: Int, cell: Cell) { self.x = x; self.y = y; self.cell = cell }
    }

    /// The cells to write to turn the terminal showing `previous` into `next`, in row order: every
    /// cell whose text, width or style changed. A wide character is one change at its first column
    /// (its continuation is never written: the terminal fills it). Without a previous frame, or
    /// after a resize (the sizes differ), every cell is written. Identical frames give nothing.
    public static func diff(previous: Grid?, next: Grid) -> [Change] {
        let width = next.size.width
        guard width > 0 else { return [] }
        let old = previous?.size == next.size ? previous?.cells : nil
        var changes: [Change] = []
        if old == nil { changes.reserveCapacity(next.cells.count) }
        next.cells.withUnsafeBufferPointer { cells in
            for index in 0..<cells.count {
                let cell = cells[index]
                if cell.isContinuation { continue }
                if let old, old[index] == cell { continue }
                changes.append(Change(x: index % width, y: index / width, cell: cell))
            }
        }
        return changes
    }
}
