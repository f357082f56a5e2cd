/// The stack's `forEach`: runs a screen's reducer on that screen's own state where it sits on the
/// navigation stack (the topmost screen of its kind), for the app's actions that carry the screen's,
/// and puts the state back in its place. A screen that is not on the stack ignores them. Every
/// screen with state of its own is reduced this way (`AppReducer.path`). `state` reads a screen's state out of a `Screen`, `screen` puts it
/// back: `StackScope(state: { if case .about(let s) = $0 { s } else { nil } }, screen: Screen.about, ...)`.
struct StackScope<Child: Reducer>: Reducer {
    let toState: (Screen) -> Child.State?
    let toScreen: (Child.State) -> Screen
    let toAction: (AppAction) -> Child.Action?
    let embed: @Sendable (Child.Action) -> AppAction
    let child: Child

    init(state toState: @escaping (Screen) -> Child.State?, screen toScreen: @escaping (Child.State) -> Screen,
         action toAction: @escaping (AppAction) -> Child.Action?, embed: @escaping @Sendable (Child.Action) -> AppAction,
         _ child: Child) {
        self.toState = toState; self.toScreen = toScreen; self.toAction = toAction; self.embed = embed; self.child = child
    }

    func reduce(into state: inout AppState, action: AppAction) -> Effect<AppAction> {
        guard let childAction = toAction(action),
              let index = state.screens.lastIndex(where: { toState($0) != nil }),
              var screenState = toState(state.screens[index]) else { return .none }
        let effect = child.reduce(into: &screenState, action: childAction)
        state.screens[index] = toScreen(screenState)
        return effect.map(embed)
    }
}
