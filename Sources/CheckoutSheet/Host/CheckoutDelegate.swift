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
}
