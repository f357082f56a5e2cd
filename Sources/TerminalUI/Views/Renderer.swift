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
        let keys = keyMap(state, layout)
        HeaderView(state: state, shopName: state.shop?.name ?? environment.shopName).draw(in: Canvas(rect: layout.header), theme: theme, grid: &grid)
        drawBody(state, layout: layout, keys: keys, environment: environment, theme: theme, grid: &grid)
        let sheetUp = state.isSheetShown && !state.isHelpVisible
        // Under the sheet, the keys that work everywhere; the log's scroll keys once the log is up.
        let sheetHints = keys.globalHints.filter { !$0.label.hasPrefix("scroll events") || state.eventLog.isVisible && $0.label == "scroll events" }
        FooterView(hints: sheetUp ? sheetHints : keys.footerHints, status: state.loading.isEmpty ? nil : "loading…")
            .draw(in: Canvas(rect: layout.footer), theme: theme, grid: &grid)
        return grid
    }

    /// The rows between the header and the footer, drawn without them into a grid their size:
    /// the screen's view, the event log, the checkout sheet, the error bar and the help overlay,
    /// exactly as `render` puts them there. Nil below the smallest size, where nothing but "too
    /// small" is drawn. Tests snapshot a screen's body this way, and its chrome once.
    static func body(_ state: AppState, size: Size, environment: RenderEnvironment) -> Grid? {
        guard SizeClass(size) != .tooSmall else { return nil }
        let theme = Theme.standard(environment.profile)
        var grid = Grid(size: size, style: theme[.text])
        let layout = layout(for: state, size: size)
        drawBody(state, layout: layout, keys: keyMap(state, layout), environment: environment, theme: theme, grid: &grid)
        return grid.cropped(to: bodyRows(layout, size: size))
    }

    /// The help overlay alone, over a blank body (nil when help is closed or the size is too small),
    /// and the box it takes, in the body's coordinates.
    static func helpOverlay(_ state: AppState, size: Size, environment: RenderEnvironment) -> (grid: Grid, box: Rect)? {
        guard state.isHelpVisible, SizeClass(size) != .tooSmall else { return nil }
        let theme = Theme.standard(environment.profile)
        var grid = Grid(size: size, style: theme[.text])
        let layout = layout(for: state, size: size)
        let overlay = help(state, layout)
        overlay.draw(in: Canvas(rect: helpArea(layout)), theme: theme, grid: &grid)
        let rows = bodyRows(layout, size: size)
        let box = overlay.box(in: Canvas(rect: helpArea(layout))).rect
        return (grid.cropped(to: rows), Rect(x: box.x - rows.x, y: box.y - rows.y, width: box.width, height: box.height))
    }

    /// The rows between the header and the footer, the full width of the terminal.
    static func bodyRows(_ layout: ScreenLayout, size: Size) -> Rect {
        Rect(x: 0, y: layout.header.maxY, width: size.width, height: layout.footer.y - layout.header.maxY)
    }

    private static func keyMap(_ state: AppState, _ layout: ScreenLayout) -> KeyMap {
        KeyMaps.current(for: state, listRows: listRows(state, layout), body: Size(width: layout.body.width, height: layout.body.height))
    }

    /// Everything between the header and the footer.
    private static func drawBody(_ state: AppState, layout: ScreenLayout, keys: KeyMap, environment: RenderEnvironment,
                                 theme: Theme, grid: inout Grid) {
        state.screen.presenter.draw(state, in: Canvas(rect: layout.body),
                                    context: ScreenContext(theme: theme, environment: environment, sizeClass: layout.sizeClass),
                                    grid: &grid)
        if let log = layout.log {
            EventLogPane(log: state.eventLog, timeZone: environment.timeZone).draw(in: Canvas(rect: log), theme: theme, grid: &grid)
        }
        if state.isSheetShown, let page = state.checkout.page {
            grid.focus = nil // the list under the sheet is not where the buyer is
            CheckoutSheetView(page: page, configuration: state.checkoutConfiguration, hints: keys.footerHints,
                              notice: state.checkout.notice)
                .draw(over: layout.body, profile: environment.profile, grid: &grid)
            if let picker = state.checkout.picker {
                RequestPickerView(picker: picker, configuration: state.checkoutConfiguration)
                    .draw(over: CheckoutSheetView.frame(in: layout.body), profile: environment.profile, grid: &grid)
            }
        }
        if let message = state.bar, let bar = layout.errorBar {
            ErrorBar(message: message.text, dismissHint: "esc dismiss", isNotice: message.isNotice)
                .draw(in: Canvas(rect: bar), theme: theme, grid: &grid)
        }
        if state.isHelpVisible {
            grid.cursor = nil
            grid.focus = Grid.Point(x: layout.content.x, y: layout.header.maxY)
            help(state, layout).draw(in: Canvas(rect: helpArea(layout)), theme: theme, grid: &grid)
        }
    }

    /// The help overlay lists the keys of what is under it.
    private static func help(_ state: AppState, _ layout: ScreenLayout) -> HelpOverlay {
        let helped = keyMap(helpless(state), layout)
        return HelpOverlay(title: "Keys · \(helped.title)", hints: helped.screenHints, globalHints: helped.globalHints)
    }

    /// Where the help overlay is centred: between the header and the footer, in the content's columns.
    private static func helpArea(_ layout: ScreenLayout) -> Rect {
        Rect(x: layout.content.x, y: layout.header.maxY, width: layout.content.width, height: layout.footer.y - layout.header.maxY)
    }

    /// Rows the current screen's list shows on this layout (for page up / down and scrolling).
    static func listRows(_ state: AppState, _ layout: ScreenLayout) -> Int {
        state.screen.presenter.listRows(state, body: Size(width: layout.body.width, height: layout.body.height),
                                        sizeClass: layout.sizeClass)
    }

    /// Where everything goes for `state` at `size`.
    static func layout(for state: AppState, size: Size) -> ScreenLayout {
        let width = min(size.width, ScreenLayout.maximumContentWidth)
        return ScreenLayout(size: size, showsLog: state.eventLog.isVisible, hasError: state.errorMessage != nil,
                            // Two rows for a long message, three on a tall screen.
                            errorRows: state.errorMessage.map {
                                ErrorBar.rows(for: $0, width: width, maximumRows: size.height >= 20 ? 3 : 2)
                            } ?? 1,
                            sheetUp: state.isSheetShown)
    }

    /// The state as if help were closed: the help overlay lists the keys of what is under it.
    private static func helpless(_ state: AppState) -> AppState {
        var copy = state
        copy.isHelpVisible = false
        return copy
    }
}
