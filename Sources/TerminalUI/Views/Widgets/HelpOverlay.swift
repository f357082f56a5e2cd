/// The help overlay: every key of the current screen, in a box over it.
struct HelpOverlay {
    let title: String
    let hints: [KeyHint]
    let globalHints: [KeyHint]

    func draw(in area: Canvas, theme: Theme, grid: inout Grid) {
        let all = hints + globalHints
        let keyWidth = min(16, all.map { DisplayWidth.of($0.keys) }.max() ?? 0)
        let labelWidth = all.map { DisplayWidth.of($0.label) }.max() ?? 0
        let rows = hints.count + (globalHints.isEmpty ? 0 : globalHints.count + 2)
        let box = area.sub(area.rect.relative.centered(width: keyWidth + labelWidth + 8, height: rows + 4))
        box.fill(style: theme[.text], in: &grid)
        box.border(style: theme[.border], title: title, titleStyle: theme[.panelTitle], in: &grid)
        let inner = box.inset(dx: 2, dy: 1)
        var y = 1
        func line(_ hint: KeyHint) {
            inner.text(hint.keys, y: y, style: theme[.key], in: &grid, maxWidth: keyWidth)
            inner.text(hint.label, x: keyWidth + 2, y: y, style: theme[.text], in: &grid)
            y += 1
        }
        hints.forEach(line)
        if !globalHints.isEmpty {
            y += 1
            inner.text("Everywhere", y: y, style: theme[.muted], in: &grid)
            y += 1
            globalHints.forEach(line)
        }
        if inner.height > 0 {
            inner.textRight("esc or ? close", y: inner.height - 1, style: theme[.muted], in: &grid)
        }
    }
}

extension Rect {
    /// The same size at the origin: for centring inside a canvas, whose coordinates are relative.
    var relative: Rect { Rect(x: 0, y: 0, width: width, height: height) }
}
