/// The stack's `forEach`: runs a screen's reducer on that screen's own state where it sits on the
/// navigation stack (the topmost screen of its kind), and puts the state back in its place. A screen
/// that is not on the stack ignores its actions. Every screen with state of its own is reduced this
/// way, from its entry in `AppReducer.screen(_:_:)` (`Screen.swift`). `state` reads a screen's state
/// out of a `Screen`, `screen` puts it back, `embed` carries the screen's actions:
/// `StackScope(state: { if case .about(let s) = $0 { s } else { nil } }, screen: Screen.about, embed: ScreenAction.about, AboutReducer())`.
struct StackScope<Child: Reducer> {
    let toState: (Screen) -> Child.State?
    let toScreen: (Child.State) -> Screen
    let embed: @Sendable (Child.Action) -> ScreenAction
    let child: Child

    init(state toState: @escaping (Screen) -> Child.State?, screen toScreen: @escaping (Child.State) -> Screen,
         embed: @escaping @Sendable (Child.Action) -> ScreenAction, _ child: Child) {
        self.toState = toState; self.toScreen = toScreen; self.embed = embed; self.child = child
    }

    func reduce(into state: inout AppState, action: Child.Action) -> Effect<AppAction> {
        guard let index = state.screens.lastIndex(where: { toState($0) != nil }),
              var screenState = toState(state.screens[index]) else { return .none }
        let effect = child.reduce(into: &screenState, action: action)
        state.screens[index] = toScreen(screenState)
        let embed = self.embed
        return effect.map { AppAction.screen(embed($0)) }
    }
}
