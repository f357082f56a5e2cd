import AppCore

struct AccountPresenter: ScreenPresenter {
    func title(_ state: AppState) -> String { "Account" }

    func keyMap(_ state: AppState, listRows: Int, body: Size) -> KeyMap { AccountKeys.map(state) }

    func draw(_ state: AppState, in canvas: Canvas, context: ScreenContext, grid: inout Grid) {
        AccountView(state: state.account, timeZone: context.environment.timeZone).draw(in: canvas, theme: context.theme, grid: &grid)
    }

    func plain(_ state: AppState) -> String { PlainView.account(state.account) }
}
