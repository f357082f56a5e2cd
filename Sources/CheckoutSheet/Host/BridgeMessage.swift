/// A message of the checkout bridge, decoded, in either protocol. In 8.1 the page posts four kinds
/// (completed, error, webPixels, checkoutBlockingEvent); 2025-10 (JSON-RPC) adds the handshake,
/// start, update and requests, and shares completion, errors and blocking. The host turns them into
/// lifecycle events under the rules of `CheckoutLifecycle`.
package enum BridgeMessage: Hashable, Sendable {
    /// 2025-10 `ec.ready`: the page opens the protocol, offering delegations; the host answers `id`.
    case ready(id: String, offered: [String])
    /// 2025-10 `checkout.start` / `ec.start`.
    case started(CheckoutStartEvent)
    /// 2025-10 `ec.fulfillment.change` / `ec.payment.change`: a full snapshot.
    case updated(CheckoutSnapshot)
    /// 2025-10: a request the host must answer.
    case request(CheckoutRequest)
    /// 2025-10: a JSON-RPC response (a host's answer found in a recording); nothing to deliver.
    case response(id: String)
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
    package enum Name: String, CaseIterable, Sendable {
        case completed, error, webPixels, checkoutBlockingEvent
    }
}
