import AppCore
import Storefront

/// "Country": the countries the shop sells in, each with its currency; enter makes the selected
/// one the shopper's, and prices everywhere follow it.
struct MarketsPresenter: ScreenPresenter {
    let picker: MarketPickerState

    func title(_ state: AppState) -> String { "Country" }

    func listRows(_ state: AppState, body: Size, sizeClass: SizeClass) -> Int { max(1, body.height - Self.headerRows) }

    func keyMap(_ state: AppState, listRows: Int, body: Size) -> KeyMap {
        // A list like the others: the page keys, home end and g G move too.
        let bindings = KeyMaps.listMoves({ delta, _ in .markets(.moveSelection(by: delta)) }, rows: listRows) + [
            KeyBinding([.enter], "enter", "shop here", .markets(.chooseSelected)),
            KeyMaps.escape(state),
        ]
        return KeyMap(title: "Country", bindings: bindings, global: KeyMaps.global(state))
    }

    func draw(_ state: AppState, in canvas: Canvas, context: ScreenContext, grid: inout Grid) {
        let theme = context.theme
        let inner = canvas.inset(dx: 1, dy: 0)
        inner.text("Where do you shop from?", y: 0, style: theme[.accent], in: &grid, maxWidth: inner.width)
        inner.text("Prices, currency and the cart follow the country.", y: 1, style: theme[.muted], in: &grid, maxWidth: inner.width)
        let current = state.marketCountry?.isoCode
        let rows = max(1, inner.height - Self.headerRows)
        let first = max(0, min(picker.selectedIndex - rows + 1, picker.countries.count - rows))
        for (offset, country) in picker.countries.dropFirst(first).prefix(rows).enumerated() {
            let index = first + offset
            let selected = index == picker.selectedIndex
            let y = Self.headerRows + offset
            let style = selected ? theme[.selection] : theme[.text]
            if selected { inner.sub(Rect(x: 0, y: y, width: inner.width, height: 1)).fill(style: style, in: &grid) }
            let currency = Self.currency(country)
            let mark = country.isoCode == current ? (inner.width >= 30 ? "  ✓ now" : " ✓") : ""
            let right = currency + mark
            inner.text((selected ? "▸ " : "  ") + country.name, y: y, style: style, in: &grid,
                       maxWidth: max(0, inner.width - DisplayWidth.of(right) - 1))
            inner.textRight(right, y: y, style: style, in: &grid)
        }
    }

    /// "JPY ¥", or the code alone where the symbol is the code.
    static func currency(_ country: Localization.Country) -> String {
        country.currencySymbol == country.currencyCode ? country.currencyCode : "\(country.currencyCode) \(country.currencySymbol)"
    }

    /// The title and the line under it, and a blank row.
    static let headerRows = 3

    func plain(_ state: AppState) -> String {
        let current = state.marketCountry?.isoCode
        return (["Country (prices follow it):"] + picker.countries.enumerated().map { index, country in
            "\(index + 1). \(country.name) (\(country.isoCode)), \(Self.currency(country))\(country.isoCode == current ? ", now" : "")"
        }).joined(separator: "\n")
    }
}

// MARK: Plain mode

extension MarketsPresenter {
    static var plainVerbs: [PlainVerb] {
        [PlainVerb(words: ["country", "countries", "market", "m"], help: """
              country [CODE]     the countries and their currencies; country JP shops
                                 from Japan (prices follow, and the cart's country with
                                 them)
            """) { wanted, plain in await choose(wanted.isEmpty ? nil : wanted, plain) }]
    }

    /// `country`: where the shop sells; `country JP` or `country japan`: prices from there on in its
    /// currency, the cart's buyer identity with them, and the screen shown again in it.
    @MainActor
    private static func choose(_ wanted: String?, _ plain: PlainSession) async {
        let state = plain.state
        guard let wanted else { return plain.say(PlainView.countries(state)) }
        let countries = state.localization?.availableCountries ?? []
        guard countries.count > 1 else { return plain.say("\(state.shop?.name ?? "The shop") sells in one country only.") }
        guard let country = countries.first(where: { $0.isoCode.lowercased() == wanted.lowercased() || PlainVerb.matches($0.name, wanted) }) else {
            let codes = countries.map(\.isoCode).joined(separator: ", ")
            return plain.say("The shop does not sell in \"\(wanted)\": try \(codes) (country lists them).")
        }
        guard country.isoCode != state.marketCountry?.isoCode || state.country == nil else {
            return plain.say("Already shopping from \(country.name).")
        }
        plain.send(.markets(.delegate(.chosen(country.isoCode))))
        await plain.settle()
        plain.say("Shopping from \(country.name): prices in \(country.currencyCode).")
        plain.showScreenAgain()
    }
}
