/// Column widths of text, with the semantics of the C library's `wcwidth` in a UTF-8 locale —
/// the function ncurses itself uses to place characters. If the two disagreed, a line we measure
/// as 80 columns could take 81 on screen and wrap.
///
/// The widths come from `WidthTable`, a run-length copy of glibc's `wcwidth` (see its test, which
/// compares the table with the live function for every code point and can regenerate it).
public enum DisplayWidth {
    /// The width of one scalar: 0 (combining marks, zero-width joiners), 1, 2 (CJK, most emoji),
    /// or -1 for what cannot be printed (controls, unassigned code points, surrogates).
    @inline(__always)
    public static func of(_ scalar: Unicode.Scalar) -> Int {
        let v = scalar.value
        if v >= 0x20 && v < 0x7F { return 1 }
        return lookup(v)
    }

    static func lookup(_ value: UInt32) -> Int {
        let starts = WidthTable.starts
        // The last run whose start is <= value.
        var low = 0, high = starts.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if starts[mid] <= value { low = mid } else { high = mid - 1 }
        }
        return Int(WidthTable.widths[low])
    }

    /// The columns `text` takes when drawn (after control characters are filtered, as the grid does).
    public static func of(_ text: String) -> Int {
        var total = 0
        for scalar in text.unicodeScalars {
            if let (_, w) = drawable(scalar) { total += w }
        }
        return total
    }

    /// C0 and C1 controls and DEL: dropped from anything drawn.
    @inline(__always)
    public static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        let v = scalar.value
        return v < 0x20 || (v >= 0x7F && v < 0xA0)
    }

    /// The scalar as it is drawn, with its width: nil for a control (dropped), U+FFFD for an
    /// unassigned code point, the scalar itself otherwise (width 0 for combining marks).
    @inline(__always)
    public static func drawable(_ scalar: Unicode.Scalar) -> (scalar: Unicode.Scalar, width: Int)? {
        let w = of(scalar)
        if w >= 0 { return (scalar, w) }
        return isControl(scalar) ? nil : (replacement, 1)
    }

    /// What an unprintable, non-control scalar (an unassigned code point) is drawn as.
    public static let replacement: Unicode.Scalar = "\u{FFFD}"

    /// The most zero-width marks one cell carries; curses' `cchar_t` holds a base and four more.
    public static let maxCombiningPerCell = 4
}
