import AppCore
import Foundation
import Storefront

/// "Your subscriptions": the signed-in customer's contracts (what, how often, the price per
/// delivery, status, next delivery), with pause / resume, skip the next delivery and cancel.
/// At 100 columns and more a subscription is one row under column headings; narrower, its item
/// takes a row and its terms the next (two rows below 60 columns).
struct SubscriptionsPresenter: ScreenPresenter {
    let screen: SubscriptionsState

    func title(_ state: AppState) -> String { "Your subscriptions" }

    func listRows(_ state: AppState, body: Size, sizeClass: SizeClass) -> Int {
        max(1, (body.height - Self.headerRows) / Self.rowsPerItem(width: body.width - 2))
    }

    func keyMap(_ state: AppState, listRows: Int, body: Size) -> KeyMap {
        if screen.cancelling != nil {
            return KeyMap(title: "Cancel subscription", bindings: [
                KeyBinding([.character("y"), .enter], "y", "cancel it", .subscriptions(.confirmCancel)),
                KeyBinding([.character("n"), .escape], "n", "keep it", .subscriptions(.dismissCancel)),
            ], global: [KeyBinding([.ctrl("c")], "quit", .navigation(.quit), inFooter: false)])
        }
        var bindings: [KeyBinding] = []
        if let selected = screen.selected {
            bindings += KeyMaps.listMoves({ .subscriptions(.moveSelection(by: $0, rows: $1)) }, rows: listRows)
            // A cancelled subscription takes no change: its keys leave the footer (pressed, the
            // shop's refusal says how to subscribe again).
            let changeable = selected.status != .cancelled
            bindings += [
                KeyBinding([.character("p")], "p", selected.status == .paused ? "resume" : "pause", .subscriptions(.togglePause),
                           inFooter: changeable, help: "p"),
                KeyBinding([.character("s")], "s", "skip next", .subscriptions(.skipNext), inFooter: changeable),
                KeyBinding([.character("x")], "x", "cancel", .subscriptions(.requestCancel), inFooter: changeable),
            ]
        }
        if state.account.isLoggedIn { bindings.append(KeyBinding([.character("r")], "r", "reload", .subscriptions(.reload))) }
        bindings.append(KeyMaps.escape(state))
        return KeyMap(title: "Your subscriptions", bindings: bindings, global: KeyMaps.global(state))
    }

    func draw(_ state: AppState, in canvas: Canvas, context: ScreenContext, grid: inout Grid) {
        let theme = context.theme
        let inner = canvas.inset(dx: 1, dy: 0)
        inner.text("Your subscriptions", y: 0, style: theme[.accent], in: &grid)
        if let cancelling = screen.cancelling {
            let question = Self.cancelQuestion(cancelling, width: inner.width)
            inner.text(question, y: 1, style: theme[.warning].adding(.bold), in: &grid)
        } else if let notice = screen.notice {
            inner.text(Self.clip("✓ " + notice, width: inner.width), y: 1, style: theme[.success], in: &grid)
        } else if screen.pending != nil {
            inner.text("Asking the shop…", y: 1, style: theme[.muted], in: &grid)
        }
        guard state.account.isLoggedIn else {
            paragraph("Subscriptions belong to a customer account. Log in on the account screen (u) to see yours.",
                      in: inner, theme: theme, grid: &grid)
            return
        }
        guard let subscriptions = screen.subscriptions else {
            if screen.isLoading { inner.text("Loading…", y: Self.headerRows, style: theme[.muted], in: &grid) }
            return
        }
        guard !subscriptions.isEmpty else {
            paragraph("You have no subscriptions. To subscribe, open a coffee or a tea, pick a plan on its Purchase row "
                      + "(every 2 weeks, every month…), add it to the cart and check out while logged in.",
                      in: inner, theme: theme, grid: &grid)
            return
        }
        let columns = Columns(subscriptions, timeZone: context.environment.timeZone)
        let perItem = Self.rowsPerItem(width: inner.width)
        let rows = max(1, (inner.height - Self.headerRows) / perItem)
        let first = min(screen.firstVisibleIndex, max(subscriptions.count - rows, 0))
        let oneRow = perItem == 1
        if oneRow {
            let muted = theme[.muted]
            inner.text("Item", x: 2, y: Self.headerRows - 1, style: muted, in: &grid)
            for (title, x) in zip(Columns.headings, columns.starts(width: inner.width)) {
                inner.text(title, x: x, y: Self.headerRows - 1, style: muted, in: &grid)
            }
        }
        for (offset, subscription) in subscriptions[first..<min(subscriptions.count, first + rows)].enumerated() {
            let selected = first + offset == screen.selectedIndex
            let y = Self.headerRows + offset * perItem
            let style = selected ? theme[.selection] : theme[.text]
            if selected { inner.sub(Rect(x: 0, y: y, width: inner.width, height: 1)).fill(style: style, in: &grid) }
            let itemWidth = oneRow ? columns.starts(width: inner.width)[0] - 4 : inner.width - 2
            inner.text((selected ? "▸ " : "  ") + Self.clip(subscription.item, width: itemWidth), y: y, style: style, in: &grid)
            let cells = columns.cells(subscription)
            let roles: [Role] = [.text, .price, subscription.status == .active ? .success : .warning, .text]
            if oneRow {
                for ((cell, x), role) in zip(zip(cells, columns.starts(width: inner.width)), roles) {
                    inner.text(cell, x: x, y: y, style: selected ? style : theme[role], in: &grid)
                }
            } else if perItem == 2 {
                inner.text("  " + columns.line(subscription), y: y + 1, style: theme[.muted], in: &grid)
            } else {
                inner.text("  \(cells[1]) \(cells[0])", y: y + 1, style: theme[.muted], in: &grid)
                inner.text("  \(cells[2]) · next \(cells[3])", y: y + 2, style: theme[.muted], in: &grid)
            }
        }
    }

    private func paragraph(_ text: String, in canvas: Canvas, theme: Theme, grid: inout Grid) {
        let lines = TextLayout.wrap(text, width: max(1, canvas.width)).prefix(max(0, canvas.height - Self.headerRows))
        for (index, line) in lines.enumerated() { canvas.text(line, y: Self.headerRows + index, style: theme[.muted], in: &grid) }
    }

    /// The title, the notice or question under it, and the column headings (or a blank row).
    static let headerRows = 3

    /// One row at 100 columns, two from 60, three below.
    static func rowsPerItem(width: Int) -> Int { width >= 98 ? 1 : width >= 58 ? 2 : 3 }

    /// "Cancel House Espresso Blend — 250 g? y/n", the item cut at a word to keep the question whole.
    static func cancelQuestion(_ subscription: CustomerSubscription, width: Int) -> String {
        let ask = "? y/n"
        return "Cancel " + clip(subscription.item, width: width - DisplayWidth.of("Cancel " + ask)) + ask
    }

    /// `text` in `width` columns, cut after a whole word (with "…") rather than inside one.
    static func clip(_ text: String, width: Int) -> String {
        guard DisplayWidth.of(text) > width else { return text }
        guard width > 1 else { return "" }
        var words: [Substring] = []
        for word in text.split(separator: " ") {
            if DisplayWidth.of((words + [word]).joined(separator: " ")) + 1 > width { break }
            words.append(word)
        }
        // A separator or a lone number left at the end ("Blend — 1…") says less than the word before it.
        while words.count > 1, let last = words.last, last.allSatisfy({ $0.isNumber || "—-·/,×".contains($0) }) { words.removeLast() }
        let kept = words.joined(separator: " ")
        return kept.isEmpty ? TextLayout.truncate(text, to: width) : kept + TextLayout.ellipsis
    }

    /// The terms of each subscription, padded so that they line up from one row to the next.
    struct Columns {
        static let headings = ["Plan", "Per delivery", "Status", "Next delivery"]
        let widths: [Int]
        let timeZone: TimeZone

        init(_ subscriptions: [CustomerSubscription], timeZone: TimeZone) {
            self.timeZone = timeZone
            let rows = subscriptions.map { Self.cells($0, timeZone) }
            widths = (0..<4).map { column in rows.map { DisplayWidth.of($0[column]) }.max() ?? 0 }
        }

        static func cells(_ subscription: CustomerSubscription, _ timeZone: TimeZone) -> [String] {
            [subscription.cadence, subscription.pricePerDelivery.formatted, subscription.status.rawValue,
             subscription.nextDelivery.map { OrdersPresenter.day($0, timeZone) } ?? "—"]
        }

        func cells(_ subscription: CustomerSubscription) -> [String] { Self.cells(subscription, timeZone) }

        /// Where each column starts on a one-row layout: from the right edge, two spaces apart.
        func starts(width: Int) -> [Int] {
            let columnWidths = zip(widths, Self.headings).map { max($0, DisplayWidth.of($1)) }
            var x = width
            var starts: [Int] = []
            for w in columnWidths.reversed() {
                x -= w
                starts.insert(x, at: 0)
                x -= 2
            }
            return starts
        }

        /// "every 2 weeks  €11.25  active  next 2026-12-10", each part padded to its column.
        func line(_ subscription: CustomerSubscription) -> String {
            let cells = cells(subscription)
            return TextLayout.fit(cells[0], to: widths[0]) + "  " + TextLayout.fit(cells[1], to: widths[1], alignment: .trailing)
                + "  " + TextLayout.fit(cells[2], to: widths[2]) + "  next " + cells[3]
        }
    }

    /// The plain mode's text of the screen.
    func plain(_ state: AppState) -> String {
        var lines: [String] = []
        if let cancelling = screen.cancelling { lines.append(Self.cancelQuestion(cancelling, width: 200)) }
        if let notice = screen.notice { lines.append("✓ " + notice) }
        guard state.account.isLoggedIn else {
            return (lines + ["Your subscriptions: log in first (login), they belong to your customer account."]).joined(separator: "\n")
        }
        guard let subscriptions = screen.subscriptions else {
            return (lines + [screen.isLoading ? "Your subscriptions: loading…" : "Your subscriptions: not read yet."]).joined(separator: "\n")
        }
        guard !subscriptions.isEmpty else {
            return (lines + ["You have no subscriptions. To subscribe: open a coffee or a tea, set Purchase Every 2 weeks "
                             + "(or another plan), add, and check out while logged in."]).joined(separator: "\n")
        }
        let columns = Columns(subscriptions, timeZone: .current)
        lines.append("Your subscriptions (pause N, resume N, skip N, cancel N):")
        for (index, subscription) in subscriptions.enumerated() {
            let cells = columns.cells(subscription)
            lines.append("\(index + 1). \(subscription.item)  \(cells[0])  \(cells[1]) per delivery  \(cells[2])  next delivery \(cells[3])")
        }
        return lines.joined(separator: "\n")
    }
}

// MARK: Plain mode

extension SubscriptionsPresenter {
    static var plainVerbs: [PlainVerb] {
        [
            PlainVerb(words: ["subscriptions", "subscription", "subs"], help: """
                  subscriptions      your subscriptions; pause N, resume N, skip N (the next
                                     delivery), cancel N (asks; cancel N yes cancels)
                """) { _, plain in await show(plain) },
            change(.pause, word: "pause"),
            change(.resume, word: "resume"),
            change(.skip, word: "skip"),
            // `cancel` alone stops a login (the account's); `cancel N` asks, `cancel N yes` cancels.
            PlainVerb(words: ["cancel"], help: "", takes: { !$0.isEmpty }) { arguments, plain in
                let words = arguments.split(separator: " ")
                guard let n = words.first.flatMap({ Int($0) }), words.count == 1 || (words.count == 2 && words[1].lowercased() == "yes") else {
                    return plain.say("cancel N cancels subscription N (cancel N yes to confirm); cancel alone stops a login.")
                }
                await send(.cancel, n, confirmed: words.count == 2, plain)
            },
        ]
    }

    private static func change(_ request: SubscriptionRequest, word: String) -> PlainVerb {
        PlainVerb(words: [word], help: "") { arguments, plain in
            guard let n = PlainVerb.number(word, arguments, plain) else { return }
            await send(request, n, confirmed: true, plain)
        }
    }

    /// Your subscriptions, read again (the screen opens when it is not on top).
    @MainActor
    private static func show(_ plain: PlainSession) async {
        guard plain.state.account.isLoggedIn else { return plain.say("Subscriptions belong to a customer account: login first.") }
        if case .subscriptions = plain.state.screen {
            plain.send(.subscriptions(.reload))
            plain.showScreenAgain()
        } else {
            plain.send(.subscriptions(.open))
        }
        await plain.settle()
    }

    /// Subscription N of the list, changed; a cancel not yet confirmed only asks. What the shop did
    /// shows in the list read again.
    @MainActor
    private static func send(_ request: SubscriptionRequest, _ n: Int, confirmed: Bool, _ plain: PlainSession) async {
        guard plain.state.account.isLoggedIn else { return plain.say("Subscriptions belong to a customer account: login first.") }
        if case .subscriptions(let screen) = plain.state.screen, screen.subscriptions != nil {} else {
            plain.send(.subscriptions(.open))
            await plain.settle()
            plain.printChanges()
        }
        guard case .subscriptions(let screen) = plain.state.screen, let list = screen.subscriptions else { return }
        guard list.indices.contains(n - 1) else {
            return plain.say(list.isEmpty ? "You have no subscriptions." : "There is no subscription \(n): 1 to \(list.count).")
        }
        let subscription = list[n - 1]
        guard confirmed else {
            return plain.say("Cancel \(subscription.item) (\(subscription.cadence))? Type cancel \(n) yes to cancel it.")
        }
        plain.send(.subscriptions(.send(request, id: subscription.id)))
        await plain.settle()
    }
}
