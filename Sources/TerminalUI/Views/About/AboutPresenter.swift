import AppCore
import Storefront

/// "About the shop": the shop's description, then each policy it publishes (refund, shipping,
/// privacy, terms of service) with its text and address, as one page that scrolls.
struct AboutPresenter: ScreenPresenter {
    let about: AboutState

    func title(_ state: AppState) -> String { "About" }

    func keyMap(_ state: AppState, listRows: Int, body: Size) -> KeyMap {
        let rows = Self.pageRows(body)
        let limit = Self.lines(state.shop, width: Self.textWidth(body)).count - rows
        var bindings: [KeyBinding] = []
        if limit > 0 {
            let page = max(1, rows - 1)
            bindings += [
                KeyBinding([.down, .character("j")], "↑↓", "scroll", .about(.scroll(by: 1, limit: limit)), help: "↑↓ j k"),
                KeyBinding([.up, .character("k")], "", "", .about(.scroll(by: -1, limit: limit))),
                KeyBinding([.pageDown, .character(" ")], "pgdn pgup", "page", .about(.scroll(by: page, limit: limit)), help: "pgdn space pgup"),
                KeyBinding([.pageUp], "", "", .about(.scroll(by: -page, limit: limit))),
                KeyBinding([.home, .character("g")], "home end", "top, end", .about(.scroll(by: -1_000_000, limit: limit)),
                           inFooter: false, help: "home end g G"),
                KeyBinding([.end, .character("G")], "", "", .about(.scroll(by: 1_000_000, limit: limit))),
            ]
        }
        bindings.append(KeyMaps.escape(state))
        return KeyMap(title: "About", bindings: bindings, global: KeyMaps.global(state))
    }

    func draw(_ state: AppState, in canvas: Canvas, context: ScreenContext, grid: inout Grid) {
        let theme = context.theme
        let inner = canvas.inset(dx: 1, dy: 0)
        inner.text("About \(state.shop?.name ?? "the shop")", y: 0, style: theme[.accent], in: &grid, maxWidth: inner.width)
        let lines = Self.lines(state.shop, width: inner.width)
        let rows = Self.pageRows(Size(width: canvas.width, height: canvas.height))
        let first = min(about.offset, max(lines.count - rows, 0))
        for (index, line) in lines.dropFirst(first).prefix(rows).enumerated() {
            inner.text(line.text, y: Self.top + index, style: theme[line.role], in: &grid, maxWidth: inner.width)
        }
        // More below: the last row says so, rather than the page ending mid-policy unseen.
        if first + rows < lines.count, rows > 1 {
            inner.sub(Rect(x: 0, y: Self.top + rows - 1, width: inner.width, height: 1)).fill(style: theme[.text], in: &grid)
            inner.text("↓ more (pgdn)", y: Self.top + rows - 1, style: theme[.muted], in: &grid)
        }
    }

    /// The page above the title: where the text starts.
    static let top = 2

    static func pageRows(_ body: Size) -> Int { max(1, body.height - top) }

    static func textWidth(_ body: Size) -> Int { max(1, body.width - 2) }

    /// The page as lines wrapped to `width`: the description, then each policy's title, text and address.
    static func lines(_ shop: Shop?, width: Int) -> [(text: String, role: Role)] {
        guard let shop else { return [("The shop has not described itself yet.", .muted)] }
        var lines: [(text: String, role: Role)] = []
        func paragraphs(_ text: String, _ role: Role) {
            for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
                if paragraph.trimmingCharacters(in: .whitespaces).isEmpty {
                    if lines.last?.text.isEmpty == false { lines.append(("", role)) }
                    continue
                }
                lines += TextLayout.wrap(String(paragraph), width: width).map { ($0, role) }
            }
        }
        paragraphs(shop.description.isEmpty ? "The shop has no description." : shop.description, .text)
        if shop.policies.isEmpty {
            lines += [("", .text), ("The shop publishes no policies.", .muted)]
        }
        for policy in shop.policies {
            lines += [("", .text), (policy.title, .heading)]
            paragraphs(policy.text, .text)
            if lines.last?.text.isEmpty == true { lines.removeLast() }
            lines += TextLayout.wrap(policy.url, width: width).map { ($0, .link) }
        }
        return lines
    }

    /// The plain mode's text of the page.
    func plain(_ state: AppState) -> String {
        (["About \(state.shop?.name ?? "the shop"):"] + Self.lines(state.shop, width: 76).map(\.text)).joined(separator: "\n")
    }
}
