import CQRencode

/// A QR code (libqrencode) as rows of half-block characters: each character holds two modules,
/// one above the other, so the code is about as tall as it is wide on a terminal.
///
/// Drawn for a dark background: the light modules and the quiet zone are the blocks and the dark
/// modules are the terminal's own background, so a phone reads it as printed.
enum QRCodeText {
    /// The rows for `text`, or nil when it cannot be encoded (too long for a QR code).
    static func rows(for text: String, quietZone: Int = 2) -> [String]? {
        guard let code = QRcode_encodeString(text, 0, QR_ECLEVEL_L, QR_MODE_8, 1) else { return nil }
        defer { QRcode_free(code) }
        let width = Int(code.pointee.width)
        guard width > 0, let modules = code.pointee.data else { return nil }
        // The lowest bit of each module is 1 for dark.
        func light(_ x: Int, _ y: Int) -> Bool {
            let (column, row) = (x - quietZone, y - quietZone)
            guard column >= 0, row >= 0, column < width, row < width else { return true }
            return modules[row * width + column] & 1 == 0
        }
        let size = width + 2 * quietZone
        return stride(from: 0, to: size, by: 2).map { y in
            String((0..<size).map { x -> Character in
                switch (light(x, y), y + 1 < size ? light(x, y + 1) : false) {
                case (true, true): return "█"
                case (true, false): return "▀"
                case (false, true): return "▄"
                case (false, false): return " "
                }
            })
        }
    }
}
