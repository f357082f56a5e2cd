/// A terminal's size in cells, as the client reports it (pty-req, window-change). Zeros and
/// absurd values are clamped: a session always has a usable size.
public struct TerminalSize: Hashable, Sendable {
    public var columns: Int
    public var rows: Int

    public init(columns: Int, rows: Int) {
        self.columns = columns > 0 ? min(columns, 1000) : 80
        self.rows = rows > 0 ? min(rows, 500) : 24
    }
}
