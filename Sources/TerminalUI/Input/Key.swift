/// A key press as the app understands it, independent of curses' key codes.
public enum Key: Hashable, Sendable, CustomStringConvertible {
    /// A printable character (including space).
    case character(Character)
    case up, down, left, right
    case home, end, pageUp, pageDown
    /// Shift with ↑ ↓ pgup pgdn: free while a text field takes the letters (they scroll the event log).
    case shiftUp, shiftDown, shiftPageUp, shiftPageDown
    case enter, escape, tab, backtab, backspace, delete
    /// Control plus a letter (Ctrl-C arrives as SIGINT in cbreak mode and is delivered as `.ctrl("c")`).
    case ctrl(Character)
    /// Alt (Meta) plus a character: ESC followed by the character within the escape delay.
    case alt(Character)
    case function(Int)
    /// The terminal changed size.
    case resize

    /// The key's name in legends and help: "↑", "enter", "ctrl-c", "f1", "a".
    public var description: String {
        switch self {
        case .character(" "): return "space"
        case .character(let c): return String(c)
        case .up: return "↑"
        case .down: return "↓"
        case .left: return "←"
        case .right: return "→"
        case .home: return "home"
        case .end: return "end"
        case .pageUp: return "pgup"
        case .pageDown: return "pgdn"
        case .shiftUp: return "shift-↑"
        case .shiftDown: return "shift-↓"
        case .shiftPageUp: return "shift-pgup"
        case .shiftPageDown: return "shift-pgdn"
        case .enter: return "enter"
        case .escape: return "esc"
        case .tab: return "tab"
        case .backtab: return "shift-tab"
        case .backspace: return "backspace"
        case .delete: return "del"
        case .ctrl(let c): return "ctrl-\(c)"
        case .alt(let c): return "alt-\(c)"
        case .function(let n): return "f\(n)"
        case .resize: return "resize"
        }
    }

    /// Maps what `wget_wch` returned: a character (`isKeyCode == false`) or a curses key code.
    /// `keyCodes` gives the curses values this build uses, so the mapping itself stays pure.
    public static func from(curses value: UInt32, isKeyCode: Bool, codes: CursesKeyCodes = .standard) -> Key? {
        if isKeyCode {
            let v = Int(value)
            switch v {
            case codes.up: return .up
            case codes.down: return .down
            case codes.left: return .left
            case codes.right: return .right
            case codes.home: return .home
            case codes.end: return .end
            case codes.pageUp: return .pageUp
            case codes.shiftUp: return .shiftUp
            case codes.shiftDown: return .shiftDown
            case codes.shiftPageUp: return .shiftPageUp
            case codes.shiftPageDown: return .shiftPageDown
            case codes.pageDown: return .pageDown
            case codes.enter: return .enter
            case codes.backspace: return .backspace
            case codes.delete: return .delete
            case codes.backtab: return .backtab
            case codes.resize: return .resize
            case codes.f0 + 1...codes.f0 + 63: return .function(v - codes.f0)
            default: return nil
            }
        }
        switch value {
        case 9: return .tab
        case 10, 13: return .enter
        case 27: return .escape
        case 8, 127: return .backspace
        case 1...26: return .ctrl(Character(Unicode.Scalar(value + 96)!))
        case 0, 28...31: return nil
        default:
            guard let scalar = Unicode.Scalar(value), !DisplayWidth.isControl(scalar) else { return nil }
            return .character(Character(scalar))
        }
    }
}

/// The curses key codes the mapping needs (the values of KEY_UP and friends in ncurses 6).
public struct CursesKeyCodes: Sendable {
    public var up = 0o403, down = 0o402, left = 0o404, right = 0o405
    public var home = 0o406, backspace = 0o407, f0 = 0o410, delete = 0o512
    public var pageDown = 0o522, pageUp = 0o523, enter = 0o527, backtab = 0o541, end = 0o550
    public var resize = 0o632
    /// KEY_SR and KEY_SF (shift-↑ and shift-↓ in xterm's terminfo), KEY_SPREVIOUS and KEY_SNEXT.
    public var shiftUp = 0o521, shiftDown = 0o520, shiftPageUp = 0o616, shiftPageDown = 0o614
    public static let standard = CursesKeyCodes()
}
