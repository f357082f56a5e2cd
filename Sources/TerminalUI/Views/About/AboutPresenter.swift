import AppCore
import Storefront

/// "About the shop": the shop's description, then each policy it publishes (refund, shipping,
/// privacy, terms of service) with its text and address, as one page that scrolls.
struct AboutPresenter: ScreenPresenter {
    let about: AboutState

    func title(_ state: AppState) -> String { "About" }

    func keyMap(_ state: AppState, listRows: Int, body: Size) -> KeyMap {
        let rows = Self.pageRows(body)
        let page = Self.page(state.shop, width: Self.textWidth(body))
        let limit = Self.limit(about, page: page, rows: rows)
        var bindings: [KeyBinding] = []
        if limit > 0 {
            // Opened at a policy, the first scroll starts from its title.
            let first = Self.firstLine(about, page: page, rows: rows)
            func scroll(_ delta: Int) -> AppAction {
                about.policy == nil ? .about(.scroll(by: delta, limit: limit)) : .about(.scrollFrom(line: first, by: delta, limit: limit))
            }
            let step = max(1, rows - 1)
            bindings += [
                KeyBinding([.down, .character("j")], "↑↓", "scroll", scroll(1), help: "↑↓ j k"),
                KeyBinding([.up, .character("k")], "", "", scroll(-1)),
                KeyBinding([.pageDown, .character(" ")], "pgdn pgup", "page", scroll(step), help: "pgdn space pgup"),
                KeyBinding([.pageUp], "", "", scroll(-step)),
                KeyBinding([.home, .character("g")], "home end", "top, end", scroll(-1_000_000), inFooter: false, help: "home end g G"),
                KeyBinding([.end, .character("G")], "", "", scroll(1_000_000)),
            ]
        }
        bindings.append(KeyMaps.escape(state, back: about.overSheet && state.checkout.isPresented ? "back to checkout" : "back"))
        return KeyMap(title: "About", bindings: bindings, global: KeyMaps.global(state))
    }

    func draw(_ state: AppState, in canvas: Canvas, context: ScreenContext, grid: inout Grid) {
        let theme = context.theme
        let inner = canvas.inset(dx: 1, dy: 0)
        inner.text("About \(state.shop?.name ?? "the shop")", y: 0, style: theme[.accent], in: &grid, maxWidth: inner.width)
        let page = Self.page(state.shop, width: inner.width)
        let lines = page.lines
        let rows = Self.pageRows(Size(width: canvas.width, height: canvas.height))
        let first = Self.firstLine(about, page: page, rows: rows)
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

    /// The first line on screen: the policy's title when opened at one, else where it was scrolled.
    static func firstLine(_ about: AboutState, page: Page, rows: Int) -> Int {
        min(about.policy.flatMap { page.titles[$0] } ?? about.offset, max(limit(about, page: page, rows: rows), 0))
    }

    /// The last first line: the page's last screenful; past it, a short policy opened at its title
    /// stays there (blank rows below it) until the shopper scrolls back up.
    static func limit(_ about: AboutState, page: Page, rows: Int) -> Int {
        max(page.lines.count - rows, about.policy.flatMap { page.titles[$0] } ?? about.offset)
    }

    /// The page as lines wrapped to `width`: the description, then each policy's title, text and address.
    static func lines(_ shop: Shop?, width: Int) -> [(text: String, role: Role)] { page(shop, width: width).lines }

    /// The page's lines, and the line of each policy's title.
    struct Page {
        var lines: [(text: String, role: Role)] = []
        var titles: [ShopPolicy.Kind: Int] = [:]
    }

    static func page(_ shop: Shop?, width: Int) -> Page {
        guard let shop else { return Page(lines: [("The shop has not described itself yet.", .muted)]) }
        var titles: [ShopPolicy.Kind: Int] = [:]
        var lines: [(text: String, role: Role)] = []
        func paragraphs(_ text: String, _ role: Role) {
            for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
                if paragraph.trimmingCharacters(in: .whitespaces).isEmpty {
                    if lines.last?.text.isEmpty == false { lines.append(("", role)) }
                    continue
                }
                // A list item's wrapped lines hang under its text, not under its bullet.
                if paragraph.hasPrefix("• "), width > 4 {
                    let wrapped = TextLayout.wrap(String(paragraph.dropFirst(2)), width: width - 2)
                    lines += wrapped.enumerated().map { ($0.offset == 0 ? "• " + $0.element : "  " + $0.element, role) }
                } else {
                    lines += TextLayout.wrap(String(paragraph), width: width).map { ($0, role) }
                }
            }
        }
        paragraphs(shop.description.isEmpty ? "The shop has no description." : shop.description, .text)
        if shop.policies.isEmpty {
            lines += [("", .text), ("The shop publishes no policies.", .muted)]
        }
        for policy in shop.policies {
            lines.append(("", .text))
            titles[policy.kind] = lines.count
            lines.append((policy.title, .heading))
            paragraphs(policy.text, .text)
            if lines.last?.text.isEmpty == true { lines.removeLast() }
            lines += TextLayout.wrap(policy.url, width: width).map { ($0, .link) }
        }
        return Page(lines: lines, titles: titles)
    }

    /// The plain mode's text of the page, or of the one policy it was opened at.
    func plain(_ state: AppState) -> String {
        let page = Self.page(state.shop, width: 76)
        if let policy = about.policy, let start = page.titles[policy] {
            let end = page.titles.values.filter { $0 > start }.min().map { $0 - 1 } ?? page.lines.count
            return page.lines[start..<end].map(\.text).joined(separator: "\n")
        }
        if let policy = about.policy, let shop = state.shop {
            return "\(shop.name) publishes no \(policy.defaultTitle.lowercased())."
        }
        return (["About \(state.shop?.name ?? "the shop"):"] + page.lines.map(\.text)).joined(separator: "\n")
    }
}

// MARK: Plain mode

extension AboutPresenter {
    static var plainVerbs: [PlainVerb] {
        [PlainVerb(words: ["about", "policy"], help: """
              about [POLICY]     about the shop; one policy: refund, shipping, privacy,
                                 terms
            """) { name, plain in
            var policy: ShopPolicy.Kind?
            if !name.isEmpty {
                guard let kind = ShopPolicy.Kind(name: name) else {
                    return plain.say("\"\(name)\" is not a policy; try about \(ShopPolicy.Kind.names).")
                }
                policy = kind
            }
            plain.send(.navigation(.push(.about(AboutState()))))
            plain.send(.about(.show(policy: policy)))
        }]
    }
}
