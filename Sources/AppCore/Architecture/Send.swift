/// What an effect calls to feed an action back into the store: `await send(.response(...))`.
///
/// It runs on the main actor, where the store lives. Actions sent from an effect that has been
/// cancelled are dropped, so a cancelled search can never overwrite the results of a newer one.
@MainActor
public struct Send<Action: Sendable>: Sendable {
    let deliver: @MainActor (Action) -> Void

    public init(_ deliver: @escaping @MainActor (Action) -> Void) { self.deliver = deliver }

    public func callAsFunction(_ action: Action) {
        guard !Task.isCancelled else { return }
        deliver(action)
    }
}
