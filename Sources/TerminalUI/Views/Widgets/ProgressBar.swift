/// A thin progress bar in the tint colour, as the checkout sheet shows while it loads.
struct ProgressBar {
    let progress: Double

    func draw(in canvas: Canvas, y: Int, theme: Theme, grid: inout Grid) {
        let width = canvas.width
        guard width > 0 else { return }
        let clamped = min(1, max(0, progress.isNaN ? 0 : progress))
        let filled = Int((Double(width) * clamped).rounded(.down))
        canvas.text(String(repeating: "━", count: filled), y: y, style: theme[.tint], in: &grid)
        if filled < width {
            canvas.text(String(repeating: "─", count: width - filled), x: filled, y: y, style: theme[.tintTrack], in: &grid)
        }
    }
}
