import Storefront

/// What the host app sees while a sheet is up: the page to draw and the lifecycle events.
public enum CheckoutSheetUpdate: Hashable, Sendable {
    /// The page changed (loading progress, a field, a step).
    case page(CheckoutPage)
    /// A lifecycle event, in the order the delegate receives it.
    case event(CheckoutEvent)
    /// The sheet is gone (after cancel, or after a failure with no recovery); the stream finishes next.
    case dismissed
    /// The page has done what it was given: the presentation's load, one input (`send`) or one
    /// answer (`answer(request:with:)`), one `settled` each, and every update it made for it came
    /// before. A host that waits for the page to be quiet counts these; it never needs a timer.
    case settled
}

/// The checkout sheet as the app uses it: present / preload / invalidate / configure, and the buyer's
/// input to the page. One sheet at a time, like the kit. Implementations must be safe to call from any
/// task; the returned stream delivers updates in order and finishes when the sheet is dismissed.
public protocol CheckoutSheetPresenting: Sendable {
    func configure(_ configuration: CheckoutConfiguration) async
    func configuration() async -> CheckoutConfiguration
    /// Starts loading `checkoutURL` in the background so a later `present` is instant.
    func preload(checkoutURL: String) async
    /// Drops any preloaded checkout.
    func invalidate() async
    /// Shows the checkout. Every update of this presentation arrives on the stream.
    func present(checkoutURL: String) async -> AsyncStream<CheckoutSheetUpdate>
    /// The buyer's input to the page on screen. Ignored when no sheet is presented.
    func send(_ input: CheckoutPageInput) async
    /// The buyer closes the sheet (the close button / Esc): emits cancel and dismisses.
    func dismiss() async
    /// Answers a request the page sent (protocol 2025-10), by its id. Only the first answer before
    /// the deadline counts; a later one is dropped.
    func answer(request id: String, with answer: CheckoutRequestAnswer) async
}
