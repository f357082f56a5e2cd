import AppCore
import CheckoutSheet

/// `render(state, size) -> Grid`: the whole screen as a pure function of the state. The driver
/// draws the grid; tests snapshot it as text.
public enum Renderer {
    public static func render(_ state: AppState, size: Size, environment: RenderEnvironment) -> Grid {
        let theme = Theme.standard(environment.profile)
        var grid = Grid(size: size, style: theme[.text])
        if SizeClass(size) == .tooSmall {
            TooSmallView(size: size).draw(in: Canvas(rect: grid.bounds), theme: theme, grid: &grid)
            return grid
        }
        let layout = layout(for: state, size: size)
        let keys = KeyMaps.current(for: state, listRows: listRows(state, layout), body: Size(width: layout.body.width, height: layout.body.height))

        HeaderView(state: state, shopName: environment.shopName).draw(in: Canvas(rect: layout.header), theme: theme, grid: &grid)
        let body = Canvas(rect: layout.body)
        switch state.screen {
        case .collections: CollectionsView(state: state, sizeClass: layout.sizeClass, pictures: environment.pictures,
                                           pictureDepth: environment.profile.pictureDepth)
            .draw(in: body, theme: theme, grid: &grid)
        case .products(let handle): ProductsView(state: state, handle: handle).draw(in: body, theme: theme, grid: &grid)
        case .productDetail: ProductDetailView(detail: state.productDetail, isLoading: state.loading.contains {
                if case .product = $0 { true } else { false } }, pictures: environment.pictures,
                pictureDepth: environment.profile.pictureDepth)
            .draw(in: body, theme: theme, grid: &grid)
        case .search: SearchView(state: state.search, isSearching: state.isLoading(.search)).draw(in: body, theme: theme, grid: &grid)
        case .cart: CartView(state: state.cart, isUpdating: state.isLoading(.cartMutation) || state.isLoading(.cartCreate),
                             isRestoring: state.isLoading(.cartRestore),
                             taxNote: ShippingCountry.cartTaxNote(shopCountry: environment.shopCountryCode ?? ""))
                .draw(in: body, theme: theme, grid: &grid)
        case .account: AccountView(state: state.account, timeZone: environment.timeZone).draw(in: body, theme: theme, grid: &grid)
        }
        if let log = layout.log {
            EventLogPane(log: state.eventLog, timeZone: environment.timeZone).draw(in: Canvas(rect: log), theme: theme, grid: &grid)
        }
        if state.checkout.isPresented, let page = state.checkout.page {
            grid.focus = nil // the list under the sheet is not where the buyer is
            CheckoutSheetView(page: page, configuration: environment.checkoutConfiguration, hints: keys.footerHints,
                              notice: state.checkout.notice)
                .draw(over: layout.body, profile: environment.profile, grid: &grid)
        }
        if let message = state.errorMessage, let bar = layout.errorBar {
            ErrorBar(message: message, dismissHint: "esc dismiss").draw(in: Canvas(rect: bar), theme: theme, grid: &grid)
        }
        let sheetUp = state.checkout.isPresented && !state.isHelpVisible
        // Under the sheet, the keys that work everywhere; the log's scroll keys once the log is up.
        let sheetHints = keys.globalHints.filter { !$0.label.hasPrefix("scroll events") || state.eventLog.isVisible && $0.label == "scroll events" }
        FooterView(hints: sheetUp ? sheetHints : keys.footerHints, status: state.loading.isEmpty ? nil : "loading…")
            .draw(in: Canvas(rect: layout.footer), theme: theme, grid: &grid)
        if state.isHelpVisible {
            grid.cursor = nil
            grid.focus = Grid.Point(x: layout.content.x, y: layout.header.maxY)
            let helped = KeyMaps.current(for: helpless(state), listRows: listRows(helpless(state), layout), body: Size(width: layout.body.width, height: layout.body.height))
            let between = Rect(x: layout.content.x, y: layout.header.maxY, width: layout.content.width,
                               height: layout.footer.y - layout.header.maxY)
            HelpOverlay(title: "Keys · \(helped.title)", hints: helped.screenHints, globalHints: helped.globalHints)
                .draw(in: Canvas(rect: between), theme: theme, grid: &grid)
        }
        return grid
    }

    /// Rows the current screen's list shows on this layout (for page up / down and scrolling).
    static func listRows(_ state: AppState, _ layout: ScreenLayout) -> Int {
        let body = Size(width: layout.body.width, height: layout.body.height)
        switch state.screen {
        case .collections: return max(1, CollectionsView.listRows(size: body, sizeClass: layout.sizeClass))
        case .products: return max(1, ProductsView.listRows(height: body.height))
        case .search: return max(1, SearchView.listRows(height: body.height))
        case .cart: return CartView.lineRows(state.cart, height: body.height)
        case .productDetail, .account: return max(1, body.height - 3)
        }
    }

    /// Where everything goes for `state` at `size`.
    static func layout(for state: AppState, size: Size) -> ScreenLayout {
        let width = min(size.width, ScreenLayout.maximumContentWidth)
        return ScreenLayout(size: size, showsLog: state.eventLog.isVisible, hasError: state.errorMessage != nil,
                            // Two rows for a long message, three on a tall screen.
                            errorRows: state.errorMessage.map {
                                ErrorBar.rows(for: $0, width: width, maximumRows: size.height >= 20 ? 3 : 2)
                            } ?? 1,
                            sheetUp: state.checkout.isPresented)
    }

    /// The state as if help were closed: the help overlay lists the keys of what is under it.
    private static func helpless(_ state: AppState) -> AppState {
        var copy = state
        copy.isHelpVisible = false
        return copy
    }
}
