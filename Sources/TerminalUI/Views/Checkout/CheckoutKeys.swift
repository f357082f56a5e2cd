import AppCore
import CheckoutSheet

/// The sheet's keys. A focused field takes typed characters; without one (shipping, review,
/// thank-you) letters and digits are commands: digits open the page's links.
enum CheckoutKeys {
    static func map(_ page: CheckoutPage, picker: CheckoutRequestPicker? = nil) -> KeyMap {
        if let picker { return map(picker) }
        let typing = page.focusedFieldID != nil && !page.fields.isEmpty
        var bindings: [KeyBinding] = []
        switch page.step {
        case .thankYou, .unavailable:
            if page.step == .unavailable && page.webCheckoutURL != nil {
                bindings.append(KeyBinding([.character("o")], "o", "open in browser", .checkout(.openWebCheckout)))
            }
            bindings.append(KeyBinding([.enter, .escape], "enter", "close", .checkout(.close)))
            if page.step == .thankYou {
                bindings.append(KeyBinding([.character("o")], "o", "your orders", .orders(.open)))
            }
        case .loading:
            bindings.append(KeyBinding([.escape], "esc", "close", .checkout(.close)))
        default:
            let submit = page.step == .review ? "pay now" : "continue"
            bindings.append(KeyBinding([.enter], "enter", submit, .checkout(.pageInput(.submit))))
            if !page.fields.isEmpty {
                bindings += [
                    KeyBinding([.tab, .down], "tab", "next field", .checkout(.pageInput(.focusNext))),
                    KeyBinding([.backtab, .up], "shift-tab", "previous", .checkout(.pageInput(.focusPrevious)), inFooter: false),
                ]
            }
            if page.step == .shipping, !page.shippingRates.isEmpty {
                bindings += [
                    KeyBinding([.up, .character("k")], "↑↓", "rate", .checkout(.pageInput(.selectRate(id: rate(page, by: -1))))),
                    KeyBinding([.down, .character("j"), .tab], "", "", .checkout(.pageInput(.selectRate(id: rate(page, by: 1))))),
                ]
            }
            if page.step != .contact {
                bindings.append(KeyBinding([.ctrl("b")], "ctrl-b", "back", .checkout(.pageInput(.back)), inFooter: !typing))
            }
            if typing {
                bindings.append(KeyBinding([.backspace, .ctrl("h")], "backspace", "delete",
                                           .checkout(.pageInput(.deleteBackward)), inFooter: false))
                bindings.append(KeyBinding([.ctrl("u")], "ctrl-u", "clear field", .checkout(.pageInput(.clearField)),
                                           inFooter: false))
            }
            bindings.append(KeyBinding([.escape], "esc", "close", .checkout(.close)))
        }
        // Digits open the links; while a field takes digits, alt with the digit does. The sheet
        // shows them beside the links.
        for (index, link) in page.links.prefix(9).enumerated() {
            let digit = Character(String(index + 1))
            bindings.append(KeyBinding(typing ? [.alt(digit)] : [.character(digit), .alt(digit)], linkKey(index, typing: typing),
                                       link.title, .checkout(.pageInput(.openLink(url: link.url))), inFooter: false))
        }
        let global = typing ? KeyMaps.globalWhileTyping() : [
            KeyBinding([.character("e"), .ctrl("e")], "e", "events", .eventLog(.toggle)),
        ] + KeyMaps.logScrolling(letters: true) + [
            KeyBinding([.ctrl("c")], "quit", .navigation(.quit), inFooter: false),
            KeyBinding([.character("?"), .function(1)], "help", .navigation(.toggleHelp)),
        ]
        var map = KeyMap(title: "Checkout", bindings: bindings, global: global)
        if typing { map.textInput = { text in AppAction.checkout(.pageInput(.insert(text))) } }
        return map
    }

    /// The keys of a request picker over the sheet: the page waits for its answer.
    static func map(_ picker: CheckoutRequestPicker) -> KeyMap {
        if picker.isTyping { return addressForm(picker) }
        var bindings: [KeyBinding] = []
        if !picker.options.isEmpty {
            bindings += [
                KeyBinding([.up, .character("k")], "↑↓", "move", .checkout(.pickerMove(by: -1))),
                KeyBinding([.down, .character("j"), .tab], "", "", .checkout(.pickerMove(by: 1))),
                KeyBinding([.enter], "enter", "pick", .checkout(.pickerChoose)),
            ]
        }
        bindings.append(KeyBinding([.escape], "esc", "decline", .checkout(.pickerDecline)))
        return KeyMap(title: picker.title, bindings: bindings, global: [
            KeyBinding([.character("e"), .ctrl("e")], "e", "events", .eventLog(.toggle)),
        ] + KeyMaps.logScrolling(letters: true) + [
            KeyBinding([.ctrl("c")], "quit", .navigation(.quit), inFooter: false),
            KeyBinding([.character("?"), .function(1)], "help", .navigation(.toggleHelp)),
        ])
    }

    /// The keys of the picker's address form: a field always has the focus, so letters are typed
    /// and the commands are arrows, tab, enter and control keys, as in the page's own fields.
    static func addressForm(_ picker: CheckoutRequestPicker) -> KeyMap {
        let edit: @Sendable (CheckoutPageInput) -> AppAction = { .checkout(.pickerEdit($0)) }
        return KeyMap(title: picker.title, bindings: [
            KeyBinding([.tab, .down], "tab", "next", edit(.focusNext)),
            KeyBinding([.backtab, .up], "shift-tab", "previous", edit(.focusPrevious), inFooter: false),
            KeyBinding([.enter], "enter", "send", .checkout(.pickerChoose)),
            KeyBinding([.backspace, .ctrl("h")], "backspace", "delete", edit(.deleteBackward), inFooter: false),
            KeyBinding([.ctrl("u")], "ctrl-u", "clear field", edit(.clearField), inFooter: false),
            KeyBinding([.escape], "esc", "back", .checkout(.pickerBack)),
        ], global: KeyMaps.globalWhileTyping(), textInput: { edit(.insert($0)) })
    }

    /// The key that opens the link at `index`: its digit, with alt while a field has the focus.
    static func linkKey(_ index: Int, typing: Bool) -> String { (typing ? "alt-" : "") + String(index + 1) }

    /// The id of the rate `delta` away from the selected one (clamped to the list).
    static func rate(_ page: CheckoutPage, by delta: Int) -> String {
        let rates = page.shippingRates
        let current = rates.firstIndex { $0.id == page.selectedRateID } ?? (delta > 0 ? -1 : 0)
        return rates[min(max(current + delta, 0), rates.count - 1)].id
    }
}
