/// A feature's logic: changes its own state for an action and describes the work to do next.
///
/// A feature reduces only its slice of the app's state. When it needs another feature to act (open
/// a product, add to the cart, show an error), it sends a `.delegate(...)` action of its own; the
/// app's reducer routes that action to the feature it concerns. No feature calls another's reducer.
public protocol Reducer<State, Action> {
    associatedtype State
    associatedtype Action: Sendable

    func reduce(into state: inout State, action: Action) -> Effect<Action>
}

/// Runs a child feature's reducer on a slice of the parent's state, for the parent's actions that
/// carry one of the child's: `Scope(state: \.search, action: AppAction.searchAction, embed: AppAction.search, SearchReducer(...))`.
public struct Scope<ParentState, ParentAction: Sendable, Child: Reducer>: Reducer {
    let toState: WritableKeyPath<ParentState, Child.State>
    let toAction: (ParentAction) -> Child.Action?
    let embed: @Sendable (Child.Action) -> ParentAction
    let child: Child

    public init(state: WritableKeyPath<ParentState, Child.State>, action toAction: @escaping (ParentAction) -> Child.Action?,
                embed: @escaping @Sendable (Child.Action) -> ParentAction, _ child: Child) {
        self.toState = state; self.toAction = toAction; self.embed = embed; self.child = child
    }

    public func reduce(into state: inout ParentState, action: ParentAction) -> Effect<ParentAction> {
        guard let childAction = toAction(action) else { return .none }
        return child.reduce(into: &state[keyPath: toState], action: childAction).map(embed)
    }
}
