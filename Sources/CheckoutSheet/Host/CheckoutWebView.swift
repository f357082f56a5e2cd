/// How the sheet asks for a checkout page.
package struct CheckoutWebRequest: Hashable, Sendable {
    package enum Purpose: String, Hashable, Sendable {
        /// The buyer is looking at it.
        case navigation
        /// A preload: sent with `Shopify-Purpose: prefetch`, so the store may refuse it (flash-sale queue).
        case prefetch
    }

    package var url: String
    package var purpose: Purpose
    /// False for a recovery checkout: the page runs without the bridge, so it posts no pixel events
    /// and no `completed` message; the host learns of the order from the thank-you URL.
    package var bridgeEnabled: Bool

    package init(url: String, purpose: Purpose = .navigation, bridgeEnabled: Bool = true) {
        self.url = url; self.purpose = purpose; self.bridgeEnabled = bridgeEnabled
    }

    /// The request headers that matter to the checkout.
    package var headers: [String: String] { purpose == .prefetch ? ["Shopify-Purpose": "prefetch"] : [:] }
}

/// Descriptions hide the app's token (protocol 2025-10) that the URL may carry.
extension CheckoutWebRequest: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    package var description: String {
        "CheckoutWebRequest(url: \(CheckoutURL.redacted(url)), purpose: \(purpose.rawValue), bridgeEnabled: \(bridgeEnabled))"
    }
    package var debugDescription: String { description }
    package var customMirror: Mirror {
        Mirror(self, children: ["url": CheckoutURL.redacted(url), "purpose": purpose, "bridgeEnabled": bridgeEnabled])
    }
}

/// What a checkout web view tells the sheet that hosts it: what a browser view would report
/// (responses, failed loads, navigations, link activations, the rendered page) plus the bridge
/// messages the page posts, as JSON text. The host never looks inside the page otherwise.
package enum CheckoutWebSignal: Hashable, Sendable {
    /// The page as it should be drawn now (loading progress included).
    case page(CheckoutPage)
    /// The main document answered with an HTTP status.
    case response(url: String, statusCode: Int)
    /// The main document could not be fetched at all (offline, DNS, timeout).
    case loadFailed(message: String)
    /// The page moved to another URL (a step, the thank-you page).
    case navigated(url: String)
    /// The buyer activated a link that leaves the checkout (policy page, mailto:, tel:).
    case linkActivated(url: String)
    /// A bridge message, exactly as posted: `{"name": ..., "body": ...}`.
    case bridgeMessage(String)
}

/// Signals are delivered in order; the view awaits each delivery before going on.
package typealias CheckoutWebSignalSink = @Sendable (CheckoutWebSignal) async -> Void

/// A checkout web view: loads a request, takes the buyer's input and host messages, reports signals.
package protocol CheckoutWebView: Sendable {
    func load(_ request: CheckoutWebRequest) async
    /// A host -> page message, JSON text (`BridgeEnvelope.presented`).
    func post(hostMessage: String) async
    func handle(_ input: CheckoutPageInput) async
    /// The view is thrown away: it must not report anything more.
    func stop() async
}

/// Makes web views for the sheet; each one reports to the sink it was made with.
package protocol CheckoutWebViewFactory: Sendable {
    func makeWebView(signals: @escaping CheckoutWebSignalSink) async -> any CheckoutWebView
}
