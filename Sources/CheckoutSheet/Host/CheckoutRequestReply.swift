import Synchronization

/// How a delegate answers a `CheckoutRequest`, at once or later (from a reducer's effect). Only the
/// first answer counts; one that comes after the deadline is dropped.
public final class CheckoutRequestReply: Sendable {
    private struct State {
        var early: CheckoutRequestAnswer?
        var sink: (@Sendable (CheckoutRequestAnswer) -> Void)?
        var answered = false
    }
    private let state = Mutex(State())

    init() {}

    public func send(_ answer: CheckoutRequestAnswer) {
        let sink = state.withLock { s -> (@Sendable (CheckoutRequestAnswer) -> Void)? in
            guard !s.answered else { return nil }
            s.answered = true
            if s.sink == nil { s.early = answer }
            return s.sink
        }
        sink?(answer)
    }

    /// The answer given during the delegate call, if any; otherwise later answers go to `sink`.
    func connect(_ sink: @escaping @Sendable (CheckoutRequestAnswer) -> Void) -> CheckoutRequestAnswer? {
        state.withLock { s in
            if let early = s.early { return early }
            s.sink = sink
            return nil
        }
    }
}
