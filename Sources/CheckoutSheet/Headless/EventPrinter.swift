import Synchronization

/// A delegate that writes every lifecycle event as a JSON line (`CheckoutEventLine`) and keeps them.
public final class EventPrinter: CheckoutDelegate {
    private let output: @Sendable (String) -> Void
    private let recorded = Mutex<[CheckoutEvent]>([])

    public init(output: @escaping @Sendable (String) -> Void) { self.output = output }

    /// The events so far, in order.
    public var events: [CheckoutEvent] { recorded.withLock { $0 } }

    private func record(_ event: CheckoutEvent) {
        recorded.withLock { $0.append(event) }
        output(CheckoutEventLine.encode(event))
    }

    public func checkoutDidComplete(event: CheckoutCompletedEvent) { record(.completed(event)) }
    public func checkoutDidCancel(afterCompletion: Bool) { record(.canceled(afterCompletion: afterCompletion)) }
    public func checkoutDidFail(error: CheckoutError) { record(.failed(error)) }
    public func checkoutDidClickLink(url: String) { record(.linkClicked(url: url)) }
    public func checkoutDidEmitWebPixelEvent(event: PixelEvent) { record(.pixel(event)) }
    public func checkoutDidStartRecovery() { record(.recoveryStarted) }
}
