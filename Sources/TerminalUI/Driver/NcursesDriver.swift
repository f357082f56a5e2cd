import CNcursesw
#if canImport(Glibc)
import Glibc
#endif

/// Why the terminal UI could not start.
public struct TerminalError: Error, CustomStringConvertible, Sendable {
    public var description: String
    public init(_ description: String) { self.description = description }
}

/// The ncurses terminal: the only code in the app that touches the terminal.
///
/// Every frame, the cells that changed since the previous frame (`Grid.diff`) are written into
/// stdscr and one `wnoutrefresh` + `doupdate` sends ncurses' minimal update. `clear` is used only after a resize.
/// All calls happen on the main actor: ncurses is not thread-safe.
@MainActor
public final class NcursesDriver: TerminalDriver {
    private let window: UnsafeMutablePointer<WINDOW>
    private var previous: Grid?
    private var pairs: ColorPairCache
    private var cursorShown: Bool?
    private let defaultColors: Bool
    private let attributeBits: (bold: attr_t, dim: attr_t, italic: attr_t, underline: attr_t, reverse: attr_t)
    private let codes: CursesKeyCodes
    private var stopped = false
    public let profile: ColorProfile
    public let inputDescriptor: Int32 = 0

    /// The terminfo entry curses runs with (TERM's own, or the one that stood in for it).
    public let entryName: String
    /// Said once on exit when another entry stood in for TERM's.
    public let entryNotice: String?

    /// Starts curses on the controlling terminal (stdin/stdout).
    public init(environment: [String: String]) throws {
        guard isatty(0) == 1, isatty(1) == 1 else {
            throw TerminalError("The storefront needs a terminal: stdin and stdout must be a tty.")
        }
        let term = environment["TERM"] ?? ""
        guard !term.isEmpty, term != "dumb" else {
            throw TerminalError("The storefront needs a terminal that can move the cursor (TERM is \"\(term)\").")
        }
        // Wide characters need a UTF-8 locale before curses starts; fall back to C.UTF-8 when the
        // environment names none, rather than printing every non-ASCII character as bytes.
        setlocale(LC_ALL, "")
        if String(cString: cn_codeset()) != "UTF-8" { setlocale(LC_CTYPE, "C.UTF-8") }

        // The first entry curses can load wins; newterm returns NULL (and prints nothing) for a
        // name it has no entry for, so the next candidate is tried.
        let entry = TerminalEntry(environment: environment)
        guard let output = fdopen(1, "w"), let input = fdopen(0, "r"),
              let used = entry.candidates.first(where: { newterm($0, output, input) != nil }),
              let screen = cn_stdscr() else {
            throw TerminalError("Could not start the terminal UI for TERM=\(term): no terminfo entry for it or one like it.")
        }
        entryName = used
        entryNotice = entry.notice(used: used)
        window = screen
        cbreak()
        noecho()
        nonl()
        keypad(window, true)
        set_escdelay(25)
        curs_set(0)
        cn_install_fatal_signal_handlers()

        var colors = false
        var usesDefaults = false
        if has_colors() {
            colors = start_color() == OK
            usesDefaults = colors && use_default_colors() == OK
        }
        profile = ColorProfile.detect(environment: environment).limited(hasColors: colors, colors: Int(cn_colors()))
        defaultColors = usesDefaults
        pairs = ColorPairCache(limit: Int(cn_color_pairs())) { pair, fg, bg in
            init_extended_pair(Int32(pair), Int32(fg), Int32(bg)) == OK
        }
        attributeBits = (cn_a_bold(), cn_a_dim(), cn_a_italic(), cn_a_underline(), cn_a_reverse())
        codes = CursesKeyCodes(
            up: Int(KEY_UP), down: Int(KEY_DOWN), left: Int(KEY_LEFT), right: Int(KEY_RIGHT), home: Int(KEY_HOME),
            backspace: Int(KEY_BACKSPACE), f0: Int(cn_key_f0()), delete: Int(KEY_DC), pageDown: Int(KEY_NPAGE),
            pageUp: Int(KEY_PPAGE), enter: Int(KEY_ENTER), backtab: Int(KEY_BTAB), end: Int(KEY_END),
            resize: Int(cn_key_resize()))
    }

    public var size: Size { Size(width: Int(cn_maxx(window)), height: Int(cn_maxy(window))) }

    public func draw(_ grid: Grid) {
        guard !stopped else { return }
        var text = [wchar_t](repeating: 0, count: DisplayWidth.maxCombiningPerCell + 2)
        for change in Grid.diff(previous: previous, next: grid) {
            let cell = change.cell
            var count = 0
            for scalar in cell.content.unicodeScalars where count <= DisplayWidth.maxCombiningPerCell {
                text[count] = wchar_t(bitPattern: scalar.value)
                count += 1
            }
            if cell.style.attributes.contains(.strikethrough) && cell.content != " "
                && count <= DisplayWidth.maxCombiningPerCell {
                text[count] = 0x336 // combining long stroke overlay
                count += 1
            }
            text[count] = 0
            _ = cn_put_cell(window, Int32(change.y), Int32(change.x), text, attributes(cell.style), Int32(pair(cell.style)))
        }
        // The cursor ends every frame on the focus: the insertion point of a text field (shown),
        // or the selected item (hidden, but screen readers and magnifiers follow it there).
        if let cursor = grid.cursor {
            if cursorShown != true { curs_set(1); cursorShown = true }
            wmove(window, Int32(cursor.y), Int32(cursor.x))
        } else {
            if cursorShown != false { curs_set(0); cursorShown = false }
            if let focus = grid.focus { wmove(window, Int32(focus.y), Int32(focus.x)) }
        }
        wnoutrefresh(window)
        doupdate()
        previous = grid
    }

    private func attributes(_ style: Style) -> attr_t {
        var bits: attr_t = 0
        let a = style.attributes
        if a.contains(.bold) { bits |= attributeBits.bold }
        if a.contains(.dim) { bits |= attributeBits.dim }
        if a.contains(.italic) { bits |= attributeBits.italic }
        if a.contains(.underline) { bits |= attributeBits.underline }
        if a.contains(.reverse) { bits |= attributeBits.reverse }
        return bits
    }

    private func pair(_ style: Style) -> Int {
        guard profile != .monochrome else { return 0 }
        var fg = style.foreground.paletteIndex(colors: profile.colorCount)
        var bg = style.background.paletteIndex(colors: profile.colorCount)
        if fg == -1 && bg == -1 { return 0 }
        if !defaultColors {
            // Without use_default_colors, -1 is not a colour: assume the classic white on black.
            if fg == -1 { fg = 7 }
            if bg == -1 { bg = 0 }
        }
        return pairs.pair(foreground: fg, background: bg)
    }

    public func nextKey() -> Key? {
        guard !stopped else { return nil }
        nodelay(window, true)
        guard let (value, isKeyCode) = read() else { return nil }
        if !isKeyCode && value == 27 {
            // ESC then a character within the escape delay is Alt+character.
            if let (next, nextIsCode) = read() {
                if !nextIsCode, case .character(let c)? = Key.from(curses: next, isKeyCode: false) { return .alt(c) }
                // Not Alt+character: keep the key for the next read.
                if nextIsCode { ungetch(Int32(next)) } else { unget_wch(wchar_t(bitPattern: next)) }
            }
            return .escape
        }
        let key = Key.from(curses: value, isKeyCode: isKeyCode, codes: codes)
        if key == .resize {
            // ncurses has already resized stdscr; repaint everything once.
            wclear(window)
            previous = nil
        }
        return key
    }

    private func read() -> (UInt32, Bool)? {
        var ch: wint_t = 0
        let result = wget_wch(window, &ch)
        if result == ERR { return nil }
        return (UInt32(ch), result == cn_key_code_yes())
    }

    public func stop() {
        guard !stopped else { return }
        stopped = true
        // Leave an empty alternate screen behind. A terminal that was resized while it showed
        // (tmux, and terminals that reflow) may carry its rows over into the shell's screen when
        // it is left; what is erased first cannot come back there.
        werase(window)
        wrefresh(window)
        curs_set(1)
        endwin()
    }
}
