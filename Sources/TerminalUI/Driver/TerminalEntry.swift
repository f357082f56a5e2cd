/// Which terminfo entry to start curses with. The process's TERM is kept as it is (children and
/// messages see it); only curses is given another name when TERM's own entry is missing here
/// (kitty, ghostty, wezterm and foot ship theirs outside ncurses-base), or when COLORTERM says
/// the terminal takes 24-bit colour and a direct-colour entry of the same family exists.
public struct TerminalEntry: Equatable, Sendable {
    /// TERM as the environment gives it.
    public var term: String
    /// The entries to try, best first; the last ones are the fallbacks.
    public var candidates: [String]

    public init(environment: [String: String]) {
        term = environment["TERM"] ?? ""
        candidates = TerminalEntry.candidates(term: term, trueColor: ColorProfile.wantsTrueColor(environment))
    }

    /// The entry that was used explains itself on exit when it is not TERM's own (or its direct-colour
    /// variant): which entry stood in, and how to get the real one.
    public func notice(used: String) -> String? {
        guard used != term, used != TerminalEntry.directVariant(of: term) else { return nil }
        return "TERM=\(term) has no terminfo entry on this machine; the storefront used \(used) instead. "
            + "Install its terminfo (Debian: ncurses-term, kitty-terminfo, foot-terminfo) for the exact entry."
    }

    static func candidates(term: String, trueColor: Bool) -> [String] {
        var list: [String] = []
        if trueColor, let direct = directVariant(of: term) { list.append(direct) }
        list.append(term)
        list += fallbacks(for: term, trueColor: trueColor)
        var seen = Set<String>()
        return list.filter { !$0.isEmpty && seen.insert($0).inserted }
    }

    /// "xterm-256color" → "xterm-direct", "tmux-256color" → "tmux-direct"; nil when already direct.
    static func directVariant(of term: String) -> String? {
        guard !term.isEmpty, !term.hasSuffix("-direct") else { return nil }
        var base = term
        for suffix in ["-256color", "-88color", "-16color", "-color"] where base.hasSuffix(suffix) {
            base.removeLast(suffix.count)
            break
        }
        return base + "-direct"
    }

    /// The closest entries that usually exist, for a TERM whose own entry is missing.
    static func fallbacks(for term: String, trueColor: Bool) -> [String] {
        let name = term.lowercased()
        if name.hasPrefix("tmux") { return ["tmux-256color", "screen-256color", "screen", "vt100"] }
        if name.hasPrefix("screen") { return ["screen-256color", "screen", "vt100"] }
        if name.hasPrefix("linux") || name == "console" { return ["linux", "vt100"] }
        let xtermLike = ["xterm", "kitty", "ghostty", "wezterm", "alacritty", "foot", "contour", "rio", "iterm",
                         "vte", "gnome", "konsole", "ms-terminal", "nsterm", "st-", "rxvt", "mintty", "putty", "terminator"]
        if xtermLike.contains(where: { name.contains($0) }) || name.contains("256color") {
            return (trueColor ? ["xterm-direct"] : []) + ["xterm-256color", "xterm", "vt100"]
        }
        // Nothing known about it: a VT100 moves the cursor everywhere and needs no colour.
        return ["vt100", "ansi"]
    }
}
