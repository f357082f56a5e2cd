/// A message of the checkout bridge (protocol 8.1), decoded. The page posts four kinds; the host
/// turns them into lifecycle events under the rules of `CheckoutLifecycle`.
public enum BridgeMessage: Hashable, Sendable {
    /// `completed`. `issues` lists the parts of `orderDetails` that could not be read (empty when
    /// `event.decoded == .full`).
    case completed(CheckoutCompletedEvent, issues: [String])
    /// `error` whose first element maps to a checkout failure.
    case error(CheckoutError)
    /// `error` whose first element has a group the host does not act on.
    case ignoredError(group: String)
    /// `webPixels`.
    case webPixel(PixelEvent)
    /// `checkoutBlockingEvent`: the page is showing (true) or stopped showing (false) a modal.
    case checkoutBlocking(Bool)

    /// The wire names, as the page writes them.
    public enum Name: String, CaseIterable, Sendable {
        case completed, error, webPixels, checkoutBlockingEvent
    }
}
