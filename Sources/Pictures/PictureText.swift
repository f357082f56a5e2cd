/// A picture as text for a terminal outside the app (`storefront product HANDLE`): each row its
/// cells with SGR colour sequences, reset at the end of every row.
public enum PictureText {
    public static func ansi(_ picture: CellPicture) -> String {
        var out = ""
        for row in 0..<picture.rows {
            var current: (PictureColor, PictureColor)?
            for column in 0..<picture.columns {
                let cell = picture[column, row]
                if current == nil || current! != (cell.foreground, cell.background) {
                    out += "\u{1B}[0" + sgr(cell.foreground, background: false) + sgr(cell.background, background: true) + "m"
                    current = (cell.foreground, cell.background)
                }
                out.unicodeScalars.append(cell.character)
            }
            out += "\u{1B}[0m\n"
        }
        return out
    }

    private static func sgr(_ color: PictureColor, background: Bool) -> String {
        switch color {
        case .none: return ""
        case .palette(let index) where index < 8: return ";\((background ? 40 : 30) + Int(index))"
        case .palette(let index) where index < 16: return ";\((background ? 100 : 90) + Int(index) - 8)"
        case .palette(let index): return background ? ";48;5;\(index)" : ";38;5;\(index)"
        case .rgb(let r, let g, let b): return background ? ";48;2;\(r);\(g);\(b)" : ";38;2;\(r);\(g);\(b)"
        }
    }
}
