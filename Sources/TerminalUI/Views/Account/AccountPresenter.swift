import AppCore

struct AccountPresenter: ScreenPresenter {
    func title(_ state: AppState) -> String { "Account" }

    func keyMap(_ state: AppState, listRows: Int, body: Size) -> KeyMap { AccountKeys.map(state) }

    func draw(_ state: AppState, in canvas: Canvas, context: ScreenContext, grid: inout Grid) {
        AccountView(state: state.account, timeZone: context.environment.timeZone).draw(in: canvas, theme: context.theme, grid: &grid)
    }

    func plain(_ state: AppState) -> String { PlainView.account(state.account) }
}

// MARK: Plain mode

extension AccountPresenter {
    static var plainVerbs: [PlainVerb] {
        [
            PlainVerb(words: ["account", "u"], help: """
                  account            who is logged in and their orders; login, logout, cancel
                """) { _, plain in open(plain) },
            PlainVerb(words: ["login"], help: "") { _, plain in
                open(plain)
                plain.send(.account(.logInTapped))
            },
            PlainVerb(words: ["logout"], help: "") { _, plain in plain.send(.account(.logOutTapped)) },
            // `cancel N` is a subscription's.
            PlainVerb(words: ["cancel"], help: "", takes: { $0.isEmpty }) { _, plain in plain.send(.account(.cancelLogin)) },
        ]
    }

    @MainActor
    private static func open(_ plain: PlainSession) {
        if plain.state.screen != .account { plain.send(.account(.open)) }
    }
}
