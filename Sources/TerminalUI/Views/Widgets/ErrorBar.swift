/// The one error bar: the message, and how to dismiss it.
struct ErrorBar {
    let message: String
    let dismissHint: String

    func draw(in canvas: Canvas, theme: Theme, grid: inout Grid) {
        canvas.fill(style: theme[.errorBar], in: &grid)
        let start = canvas.textRight(dismissHint + " ", y: 0, style: theme[.errorBar], in: &grid, maxWidth: canvas.width / 3)
        canvas.text(" ✗ " + TextLayout.singleLine(message), y: 0, style: theme[.errorBar], in: &grid, maxWidth: start - 1)
    }
}
