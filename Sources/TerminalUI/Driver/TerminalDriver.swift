/// What the app loop needs from a terminal. The ncurses driver is the real one; tests use a
/// recording fake, so the loop can be exercised without a terminal.
@MainActor
public protocol TerminalDriver: AnyObject {
    /// The terminal's size now.
    var size: Size { get }
    /// The colour profile after narrowing to what the terminal supports.
    var profile: ColorProfile { get }
    /// Draws a frame. Only cells that differ from the previous frame are sent to the terminal.
    func draw(_ grid: Grid)
    /// The next pending key, without waiting; nil when no input is pending.
    func nextKey() -> Key?
    /// The file descriptor input arrives on, for waiting without blocking the main actor.
    var inputDescriptor: Int32 { get }
    /// Restores the terminal. Safe to call more than once.
    func stop()
}
