/// What a terminal below the minimum size shows: a clear, centred request for more room.
struct TooSmallView {
    let size: Size

    func draw(in canvas: Canvas, theme: Theme, grid: inout Grid) {
        let minimum = SizeClass.minimum
        let lines = [
            ("Terminal too small", theme[.heading]),
            ("need at least \(minimum.width)x\(minimum.height),", theme[.text]),
            ("now \(size.width)x\(size.height)", theme[.text]),
            ("", theme[.text]),
            ("q quits", theme[.muted]),
        ]
        let top = max(0, (canvas.height - lines.count) / 2)
        for (index, (text, style)) in lines.enumerated() {
            canvas.textCentered(text, y: top + index, style: style, in: &grid)
        }
    }
}
