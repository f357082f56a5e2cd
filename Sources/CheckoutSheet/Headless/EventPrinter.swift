import Synchronization

/// A delegate that writes every lifecycle event as a JSON line (`CheckoutEventLine`) and keeps them.
/// It answers the page's requests (protocol 2025-10) with what `answer` gives, at once; nil leaves
/// a request unanswered, so its deadline passes.
package final class EventPrinter: CheckoutDelegate {
    private let output: @Sendable (String) -> Void
    private let answer: @Sendable (CheckoutRequest) -> CheckoutRequestAnswer?
    private let recorded = Mutex<[CheckoutEvent]>([])

    package init(output: @escaping @Sendable (String) -> Void,
                answer: @escaping @Sendable (CheckoutRequest) -> CheckoutRequestAnswer? = { _ in nil }) {
        self.output = output
        self.answer = answer
    }

    /// The events so far, in order.
    package var events: [CheckoutEvent] { recorded.withLock { $0 } }

    private func record(_ event: CheckoutEvent) {
        recorded.withLock { $0.append(event) }
        output(CheckoutEventLine.encode(event))
    }

    package func checkoutDidComplete(event: CheckoutCompletedEvent) { record(.completed(event)) }
    package func checkoutDidCancel(afterCompletion: Bool) { record(.canceled(afterCompletion: afterCompletion)) }
    package func checkoutDidFail(error: CheckoutError) { record(.failed(error)) }
    package func checkoutDidClickLink(url: String) { record(.linkClicked(url: url)) }
    package func checkoutDidEmitWebPixelEvent(event: PixelEvent) { record(.pixel(event)) }
    package func checkoutDidStartRecovery() { record(.recoveryStarted) }
    package func checkoutDidStart(event: CheckoutStartEvent) { record(.started(event)) }
    package func checkoutDidUpdate(snapshot: CheckoutSnapshot) { record(.updated(snapshot)) }
    package func checkoutDidDismiss(afterCompletion: Bool) { record(.dismissed(afterCompletion: afterCompletion)) }
    package func checkoutDidEndRequest(_ outcome: CheckoutRequestOutcome) { record(.answered(outcome)) }
    package func checkoutDidRequest(_ request: CheckoutRequest, reply: CheckoutRequestReply) {
        record(.requested(request))
        if let answer = answer(request) { reply.send(answer) }
    }
}
