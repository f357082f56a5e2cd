/// The kit's delegate. The sheet calls it from its own executor, in event order; each event is
/// also delivered on the sheet's update stream right after. Every method has a default.
public protocol CheckoutDelegate: Sendable {
    /// An order was placed. The sheet stays up on the thank-you page until the buyer closes it.
    func checkoutDidComplete(event: CheckoutCompletedEvent)
    /// The buyer closed the sheet.
    func checkoutDidCancel()
    /// The buyer closed the sheet; `afterCompletion` is true when an order was placed first.
    /// By default it calls `checkoutDidCancel()`.
    func checkoutDidCancel(afterCompletion: Bool)
    func checkoutDidFail(error: CheckoutError)
    /// Asked after `checkoutDidFail` when a recovery attempt is possible. Default: `error.isRecoverable`.
    func shouldRecoverFromError(error: CheckoutError) -> Bool
    func checkoutDidClickLink(url: String)
    func checkoutDidEmitWebPixelEvent(event: PixelEvent)
    /// A recovery checkout (without the bridge) is starting.
    func checkoutDidStartRecovery()

    // Protocol 2025-10.
    /// The checkout is ready (not called again when a preloaded checkout is presented).
    func checkoutDidStart(event: CheckoutStartEvent)
    /// The checkout changed (a full snapshot; never twice the same in a row).
    func checkoutDidUpdate(snapshot: CheckoutSnapshot)
    /// The sheet closed, whatever the reason; `afterCompletion` is true when an order was placed first.
    func checkoutDidDismiss(afterCompletion: Bool)
    /// The page asks for something the host declared. Answer with `reply.send(_:)`, now or later,
    /// before `CheckoutConfiguration.requestDeadline`. By default nothing is answered.
    func checkoutDidRequest(_ request: CheckoutRequest, reply: CheckoutRequestReply)
    /// How a request ended: answered, refused, or timed out.
    func checkoutDidEndRequest(_ outcome: CheckoutRequestOutcome)
}

extension CheckoutDelegate {
    public func checkoutDidComplete(event: CheckoutCompletedEvent) {}
    public func checkoutDidCancel() {}
    public func checkoutDidCancel(afterCompletion: Bool) { checkoutDidCancel() }
    public func checkoutDidFail(error: CheckoutError) {}
    public func shouldRecoverFromError(error: CheckoutError) -> Bool { error.isRecoverable }
    public func checkoutDidClickLink(url: String) {}
    public func checkoutDidEmitWebPixelEvent(event: PixelEvent) {}
    public func checkoutDidStartRecovery() {}
    public func checkoutDidStart(event: CheckoutStartEvent) {}
    public func checkoutDidUpdate(snapshot: CheckoutSnapshot) {}
    public func checkoutDidDismiss(afterCompletion: Bool) {}
    public func checkoutDidRequest(_ request: CheckoutRequest, reply: CheckoutRequestReply) {}
    public func checkoutDidEndRequest(_ outcome: CheckoutRequestOutcome) {}
}
