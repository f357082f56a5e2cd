import AppCore

/// Everything the terminal knows about one kind of screen: its name in the breadcrumbs, its keys,
/// its view and what the plain mode prints and numbers on it. The renderer, the key maps, the
/// header and the plain mode ask the presenter of a screen and never switch over screens
/// themselves; `Screen.presenter` is the one place that lists them.
protocol ScreenPresenter {
    /// The screen's name in the header's breadcrumbs.
    func title(_ state: AppState) -> String
    /// Rows the screen's list shows in `body` (page up / down move by it); the body's height less
    /// its own lines for a screen without a list.
    func listRows(_ state: AppState, body: Size, sizeClass: SizeClass) -> Int
    /// The screen's keys; `listRows` from `listRows(_:body:sizeClass:)`.
    func keyMap(_ state: AppState, listRows: Int, body: Size) -> KeyMap
    func draw(_ state: AppState, in canvas: Canvas, context: ScreenContext, grid: inout Grid)
    /// The screen as the plain mode prints it: lines of text with numbered items.
    func plain(_ state: AppState) -> String
    /// The items `plain` numbers, for the plain mode's `open N`, `more` and `add N`; nil when the
    /// screen has no such list.
    func plainList(_ state: AppState) -> PlainList?
    /// The screen's own plain-mode commands (`orders`, `pause N`): they work from any screen, and
    /// open this one when they need it.
    static var plainVerbs: [PlainVerb] { get }
}

/// What a screen's view may use besides the state.
struct ScreenContext {
    var theme: Theme
    var environment: RenderEnvironment
    var sizeClass: SizeClass
}

extension ScreenPresenter {
    func listRows(_ state: AppState, body: Size, sizeClass: SizeClass) -> Int { max(1, body.height - 3) }

    func plainList(_ state: AppState) -> PlainList? { nil }

    static var plainVerbs: [PlainVerb] { [] }
}
