/// Work a reducer asks for, described as a value: the store (or the test store) performs it.
///
/// - `.none`: nothing.
/// - `.send(action)`: feeds an action back right after the current one, synchronously.
/// - `.run { send in ... }`: async work (network, clock, checkout stream) that sends actions back.
/// - `.cancellable(id:cancelInFlight:)`, `.cancel(id:)`: tag and stop running work.
/// - `.merge`: run side by side; `.concatenate`: one after the other.
/// - `.serial(id:)`: effects tagged with the same id run one at a time, in the order they were started
///   (the buyer's keystrokes must reach the checkout page in the order they were typed).
public struct Effect<Action: Sendable>: Sendable {
    public typealias Operation = @Sendable (Send<Action>) async -> Void

    indirect enum Kind: Sendable {
        case none
        case send(Action)
        case run(Operation)
        case cancel([EffectID])
        case cancellable(EffectID, cancelInFlight: Bool, Effect<Action>)
        case merge([Effect<Action>])
        case concatenate([Effect<Action>])
        case serial(EffectID, Effect<Action>)
    }

    let kind: Kind

    init(_ kind: Kind) { self.kind = kind }

    public static var none: Effect { Effect(.none) }

    public static func send(_ action: Action) -> Effect { Effect(.send(action)) }

    /// Async work. A thrown `CancellationError` ends the effect quietly; any other error goes to
    /// `catch`, or is dropped when there is none (effects should turn their errors into actions).
    public static func run(
        _ operation: @escaping @Sendable (Send<Action>) async throws -> Void,
        catch handler: (@Sendable (any Error, Send<Action>) async -> Void)? = nil
    ) -> Effect {
        Effect(.run { send in
            do {
                try await operation(send)
            } catch is CancellationError {
            } catch {
                await handler?(error, send)
            }
        })
    }

    public static func cancel(id: EffectID) -> Effect { Effect(.cancel([id])) }

    public static func cancel(ids: [EffectID]) -> Effect { ids.isEmpty ? .none : Effect(.cancel(ids)) }

    /// Tags this effect with `id`; with `cancelInFlight`, first cancels what is running under `id`.
    public func cancellable(id: EffectID, cancelInFlight: Bool = false) -> Effect {
        if case .none = kind, !cancelInFlight { return self }
        return Effect(.cancellable(id, cancelInFlight: cancelInFlight, self))
    }

    /// Queues this effect behind every earlier effect tagged with the same serial `id`.
    public func serial(id: EffectID) -> Effect {
        if case .none = kind { return self }
        return Effect(.serial(id, self))
    }

    public static func merge(_ effects: Effect...) -> Effect { merge(effects) }

    public static func merge(_ effects: [Effect]) -> Effect {
        let effects = effects.filter { !$0.isNone }
        switch effects.count {
        case 0: return .none
        case 1: return effects[0]
        default: return Effect(.merge(effects))
        }
    }

    public static func concatenate(_ effects: Effect...) -> Effect { concatenate(effects) }

    public static func concatenate(_ effects: [Effect]) -> Effect {
        let effects = effects.filter { !$0.isNone }
        switch effects.count {
        case 0: return .none
        case 1: return effects[0]
        default: return Effect(.concatenate(effects))
        }
    }

    /// This effect merged with another: `effect.merge(with: .send(x))`.
    public func merge(with other: Effect) -> Effect { .merge(self, other) }

    /// Carries a child feature's effect into a parent's action type.
    public func map<Parent: Sendable>(_ transform: @escaping @Sendable (Action) -> Parent) -> Effect<Parent> {
        switch kind {
        case .none: return .none
        case .send(let action): return .send(transform(action))
        case .run(let operation):
            return Effect<Parent>(.run { send in
                await operation(Send { action in send(transform(action)) })
            })
        case .cancel(let ids): return Effect<Parent>(.cancel(ids))
        case .cancellable(let id, let cancelInFlight, let inner):
            return Effect<Parent>(.cancellable(id, cancelInFlight: cancelInFlight, inner.map(transform)))
        case .merge(let effects): return Effect<Parent>(.merge(effects.map { $0.map(transform) }))
        case .concatenate(let effects): return Effect<Parent>(.concatenate(effects.map { $0.map(transform) }))
        case .serial(let id, let inner): return Effect<Parent>(.serial(id, inner.map(transform)))
        }
    }

    public var isNone: Bool {
        if case .none = kind { return true }
        return false
    }
}
