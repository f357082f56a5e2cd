import Synchronization
import CheckoutSheet

/// A checkout sheet the test drives: it records what the app asked for, and the test pushes the
/// updates of the presentation with `emit`. Like the kit, `dismiss` emits cancel then dismissed.
final class FakeCheckoutSheet: CheckoutSheetPresenting {
    enum Call: Hashable, Sendable {
        case preload(String)
        case invalidate
        case present(String)
        case send(CheckoutPageInput)
        case dismiss
        case answer(String, CheckoutRequestAnswer)
    }

    private struct State {
        var calls: [Call] = []
        var configuration = CheckoutConfiguration()
        var completed = false
    }

    private let state = Mutex(State())
    private let stream: AsyncStream<CheckoutSheetUpdate>
    private let continuation: AsyncStream<CheckoutSheetUpdate>.Continuation

    init() {
        // Made up front so updates the test emits before `present` runs are buffered, not lost.
        (stream, continuation) = AsyncStream.makeStream()
    }

    var calls: [Call] { state.withLock { $0.calls } }

    /// Pushes an update of the presentation.
    func emit(_ update: CheckoutSheetUpdate) {
        if case .event(.completed) = update { state.withLock { $0.completed = true } }
        continuation.yield(update)
        if case .dismissed = update { continuation.finish() }
    }

    func configure(_ configuration: CheckoutConfiguration) async { state.withLock { $0.configuration = configuration } }
    func configuration() async -> CheckoutConfiguration { state.withLock { $0.configuration } }
    func preload(checkoutURL: String) async { record(.preload(checkoutURL)) }
    func invalidate() async { record(.invalidate) }
    func present(checkoutURL: String) async -> AsyncStream<CheckoutSheetUpdate> {
        record(.present(checkoutURL))
        return stream
    }
    func send(_ input: CheckoutPageInput) async { record(.send(input)) }
    func answer(request id: String, with answer: CheckoutRequestAnswer) async { record(.answer(id, answer)) }
    func dismiss() async {
        record(.dismiss)
        let completed = state.withLock { $0.completed }
        emit(.event(.canceled(afterCompletion: completed)))
        emit(.dismissed)
    }

    private func record(_ call: Call) { state.withLock { $0.calls.append(call) } }
}
