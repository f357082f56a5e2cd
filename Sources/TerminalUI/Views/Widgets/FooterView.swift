/// The footer: the current screen's keys, as many as fit, in the order the key map lists them.
/// The last hint (help) is always kept, so every other key can be found.
struct FooterView {
    let hints: [KeyHint]
    let status: String?

    func draw(in canvas: Canvas, theme: Theme, grid: inout Grid) {
        canvas.fill(style: theme[.text], in: &grid)
        let shown = hints.filter(\.inFooter)
        var room = canvas.width - 1
        if let status {
            let statusWidth = DisplayWidth.of(status) + 2
            if statusWidth < room / 2 {
                canvas.textRight(status + " ", y: 0, style: theme[.muted], in: &grid)
                room -= statusWidth
            }
        }
        var chosen: [KeyHint] = []
        var used = 0
        let last = shown.last
        let lastWidth = last.map(width) ?? 0
        for hint in shown.dropLast() {
            let w = width(hint)
            if used + w + lastWidth > room { break }
            chosen.append(hint)
            used += w
        }
        if let last, used + lastWidth <= room { chosen.append(last) }
        var x = 1
        for hint in chosen {
            x = canvas.text(hint.keys, x: x, y: 0, style: theme[.key], in: &grid)
            x = canvas.text(" " + hint.label, x: x, y: 0, style: theme[.footer], in: &grid)
            x += 2
        }
    }

    private func width(_ hint: KeyHint) -> Int { DisplayWidth.of(hint.keys) + 1 + DisplayWidth.of(hint.label) + 2 }
}
