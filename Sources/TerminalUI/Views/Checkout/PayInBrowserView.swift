import CheckoutSheet
import Storefront

/// The sheet's page for a shop that takes payment only in its web checkout: it says so, shows the
/// address to pay at whole, and that the order is recorded here once it is paid there. Then the
/// thank-you for an order paid in the browser.
///
/// The address is copied by hand, so it is never cut or wrapped at a word: it gets rows of its
/// own across the whole screen, outside the sheet's border, and only a screen narrower than the
/// address breaks it, at the screen's edge.
struct PayInBrowserView {
    let page: CheckoutPage
    let url: String

    func draw(in canvas: Canvas, compact: Bool, theme: Theme, grid: inout Grid) {
        guard page.step != .thankYou else { return drawPaid(in: canvas, compact: compact, theme: theme, grid: &grid) }
        var y = 0
        for line in TextLayout.wrap("This shop takes payment in its own web checkout, not here. Pay in a browser at:",
                                    width: canvas.width).prefix(2) {
            canvas.text(line, y: y, style: theme[.heading], in: &grid)
            y += 1
        }
        if !compact { y += 1 }
        y = drawAddress(from: y, in: canvas, theme: theme, grid: &grid)
        if !compact { y += 1 }
        // For a phone, when it fits (an SSH session has no browser of its own): the address as a QR
        // code on the right, the rest of the page beside it.
        var rest = canvas.sub(Rect(x: 0, y: y, width: canvas.width, height: canvas.height - y))
        if let code = QRCodeText.rows(for: url), let codeWidth = code.first?.count,
           rest.width >= codeWidth + 30, rest.height >= code.count {
            let area = rest.sub(Rect(x: rest.width - codeWidth, y: 0, width: codeWidth, height: code.count))
            for (index, row) in code.enumerated() { area.text(row, y: index, style: theme[.text], in: &grid) }
            rest = rest.sub(Rect(x: 0, y: 0, width: rest.width - codeWidth - 2, height: rest.height))
        }
        var row = 0
        for line in TextLayout.wrap("o opens it in your browser. This sheet watches your cart and records the order "
                                    + "when it is paid there.", width: rest.width).prefix(compact ? 1 : 3) where row < rest.height {
            rest.text(line, y: row, style: theme[.muted], in: &grid)
            row += 1
        }
        row += 1
        if let summary = page.summary, rest.height - row >= 3 {
            OrderSummaryView(summary: summary)
                .draw(in: rest.sub(Rect(x: 0, y: row, width: rest.width, height: rest.height - row)), theme: theme, grid: &grid)
        }
    }

    /// The address on whole-screen rows of its own; returns the row after it.
    private func drawAddress(from y: Int, in canvas: Canvas, theme: Theme, grid: inout Grid) -> Int {
        let screenWidth = max(1, grid.size.width)
        let scalars = Array(url.unicodeScalars)
        var row = y
        var start = 0
        repeat {
            guard row < canvas.height else { break }
            let end = min(scalars.count, start + screenWidth)
            var piece = String.UnicodeScalarView()
            piece.append(contentsOf: scalars[start..<end])
            let screenRow = canvas.rect.y + row
            grid.fill(Rect(x: 0, y: screenRow, width: screenWidth, height: 1), style: theme[.text])
            _ = grid.write(String(piece), x: 0, y: screenRow, style: theme[.link])
            start = end
            row += 1
        } while start < scalars.count
        return row
    }

    private func drawPaid(in canvas: Canvas, compact: Bool, theme: Theme, grid: inout Grid) {
        canvas.text("✓ Paid in your browser: the order is placed.", y: 0, style: theme[.success], in: &grid)
        canvas.text("The shop's confirmation, with shipping, taxes and total, comes by email.", y: 1, style: theme[.muted], in: &grid)
        // What was in the cart; what was paid is the web checkout's to say.
        guard let lines = page.summary?.lines, !compact else { return }
        for (row, line) in lines.prefix(max(0, canvas.height - 3)).enumerated() {
            canvas.text("\(line.quantity) × \(line.title)\(line.terms)", y: 3 + row, style: theme[.text], in: &grid)
        }
    }
}
