import Foundation
import Storefront

/// One checkout page, the "web" side of the sheet: it loads a cart's checkout from the store, walks
/// the buyer through contact, delivery, shipping, payment and review to the thank-you page, and
/// tells its host what a web checkout would: responses, navigations, link activations, the page to
/// draw, and bridge messages in the protocol the checkout URL asks for: 8.1 (pixel events held back
/// until the host says the sheet is presented) or 2025-10 (`SimulatedCheckout+Embedded`). Without
/// the bridge (a recovery checkout) it posts nothing.
package actor SimulatedCheckout: CheckoutWebView {
    let server: SimulatedCheckoutServer
    private let signals: CheckoutWebSignalSink
    var request: CheckoutWebRequest?
    var form: CheckoutForm?
    var links: [CheckoutPage.Link] = []
    private var presented = false
    var isPresented: Bool { presented }
    private var heldPixels: [String] = []
    var stopped = false
    /// Set while the buyer pays in the shop's web checkout and the page watches the cart.
    var webCheckout: WebCheckoutWait?
    /// Protocol 2025-10: what the host accepted in the handshake, the requests awaiting its answer,
    /// and the delegations already asked for in this load.
    var acceptedDelegations: Set<CheckoutDelegation> = []
    var pendingReplies: [String: PendingReply] = [:]
    var askedDelegations: Set<CheckoutDelegation> = []
    var nextMessageID = 0

    init(server: SimulatedCheckoutServer, signals: @escaping CheckoutWebSignalSink) {
        self.server = server
        self.signals = signals
    }

    // MARK: CheckoutWebView

    package func load(_ request: CheckoutWebRequest) async {
        self.request = request
        form = nil
        webCheckout = nil
        acceptedDelegations = []
        pendingReplies = [:]
        askedDelegations = []
        await emit(.page(.loading))
        let fault = await server.beginLoad(request)
        let faults = await server.faults
        switch fault {
        case .offline?:
            await emit(.loadFailed(message: "The Internet connection appears to be offline."))
            return
        case .httpStatus(let status)?:
            await showUnavailable(CheckoutSheet.reasonPhrase(status))
            await emit(.response(url: reportedURL, statusCode: status))
            return
        case nil: break
        }
        if request.purpose == .prefetch && faults.flashSaleQueue {
            // A preload must not put the buyer in the queue: the store refuses it.
            await emit(.response(url: reportedURL, statusCode: 429))
            return
        }
        await waitForLoad(faults)
        await open(request, faults: faults)
    }

    package func post(hostMessage: String) async {
        guard let message = try? JSONValue(parsing: hostMessage) else { return }
        if message["jsonrpc"] != nil {
            await receiveReply(message)
            return
        }
        guard message["name"]?.stringValue == "presented" else { return }
        // Shown again (reopened after a cancel): a new presentation is a new page view.
        if presented, form != nil {
            await pixel(.pageViewed)
            await pixel(.checkoutStarted)
            return
        }
        // Flush in order; pixels raised meanwhile join the queue until it is empty.
        while !heldPixels.isEmpty {
            await emit(.bridgeMessage(heldPixels.removeFirst()))
        }
        presented = true
        startWatchingWebCheckout()
    }

    package func handle(_ input: CheckoutPageInput) async {
        guard !stopped else { return }
        if case .openLink(let url) = input {
            if links.contains(where: { $0.url == url }) { await emit(.linkActivated(url: url)) }
            return
        }
        guard form != nil else { return }
        switch input {
        case .submit:
            await submit()
        case .back:
            if form!.back() { await arrive() }
        default:
            if form!.edit(input) { await render() }
        }
    }

    package func stop() async { stopped = true }

    // MARK: Loading

    private func waitForLoad(_ faults: CheckoutFaults) async {
        let environment = server.environment
        if faults.loadDuration > .zero {
            for step in 1...faults.loadSteps {
                await environment.sleep(faults.loadDuration / faults.loadSteps)
                await emit(.page(CheckoutPage(step: .loading, progress: Double(step) / Double(faults.loadSteps + 1))))
            }
        }
        if faults.flashSaleQueue {
            await emit(.page(CheckoutPage(step: .loading, progress: 0, notice: "You're in line to check out. Please keep this page open.")))
            await environment.sleep(.seconds(3))
        }
    }

    /// Finds the cart behind the URL and opens its checkout, or shows why it cannot.
    private func open(_ request: CheckoutWebRequest, faults: CheckoutFaults) async {
        let backend = server.backend
        guard let cartId = backend.cartId(forCheckoutURL: Self.target(of: request.url)) else {
            await showUnavailable("This checkout doesn't exist.")
            await emit(.response(url: reportedURL, statusCode: 404))
            return
        }
        let state: CartCheckoutState
        let cart: Cart?
        let shop: Shop
        do {
            if let forced = faults.cartState { state = forced } else { state = try await backend.checkoutState(cartId: cartId) }
            cart = try await backend.checkoutCart(id: cartId)
            shop = try await backend.shop()
        } catch StorefrontError.transport(let message) {
            await emit(.loadFailed(message: message))
            return
        } catch let error as StorefrontError where error.isAuthenticationFailure {
            // The shop refused the app's access token: that is no failure of the checkout's own.
            await showUnavailable("The shop refused this app's access token.")
            await emit(.response(url: reportedURL, statusCode: 401))
            return
        } catch {
            await showUnavailable("Something went wrong.")
            await emit(.response(url: reportedURL, statusCode: 500))
            return
        }
        links = Self.links(of: shop)
        await emit(.response(url: reportedURL, statusCode: 200))
        if faults.passwordProtected {
            await refuse("This store is password protected.", group: "configuration",
                         code: .storefrontPasswordRequired, reason: "Storefront password required")
            return
        }
        switch state {
        case .expired:
            await refuse("Your cart has expired.", group: "expired", code: .cartExpired, reason: "Checkout has expired.")
            return
        case .completed:
            await refuse("This order has already been placed.", group: "expired", code: .cartCompleted,
                         reason: "Checkout already completed")
            return
        case .open: break
        }
        guard let cart else {
            await refuse("Your cart has expired.", group: "expired", code: .cartExpired, reason: "Checkout has expired.")
            return
        }
        guard !cart.isEmpty else {
            await refuse("Your cart is empty.", group: "unrecoverable", code: .invalidCart, reason: "Cart is empty")
            return
        }
        do {
            if case .webCheckout(let url) = try await backend.orderPlacement(cartId: cart.id, checkoutURL: cart.checkoutUrl) {
                // Nothing typed here could pay: send the buyer to the browser at once.
                await awaitWebCheckout(url: url, cart: cart)
                return
            }
        } catch {
            await emit(.loadFailed(message: "Could not find out how this shop takes orders: \(Self.reason(error))"))
            return
        }
        let token = SimulatedCheckoutServer.checkoutToken(cartId: cart.id)
        form = CheckoutForm(cart: cart, shop: shop, token: token)
        if let saved = await server.progress(token: token) { form!.resume(saved) }
        if speaksEmbedded {
            if await openEmbedded() { await arrive() }
        } else {
            await arrive()
            await pixel(.checkoutStarted)
        }
    }

    /// A multipass login URL leads to its `return_to` checkout.
    private static func target(of url: String) -> String {
        guard CheckoutURL.isMultipass(url), let items = URLComponents(string: url)?.queryItems,
              let returnTo = items.first(where: { $0.name == "return_to" })?.value else { return url }
        return returnTo
    }

    private static func links(of shop: Shop) -> [CheckoutPage.Link] {
        var links: [CheckoutPage.Link] = []
        // A checkout's footer names the four policies by kind, whatever the shop calls them.
        for kind in ShopPolicy.Kind.allCases {
            if let url = shop.policy(kind)?.url { links.append(.init(title: kind.defaultTitle, url: url)) }
        }
        if let email = shop.contactEmail { links.append(.init(title: "Contact us", url: "mailto:\(email)")) }
        if let phone = shop.contactPhone {
            links.append(.init(title: "Call us", url: "tel:" + phone.filter { $0 == "+" || ($0.isASCII && $0.isNumber) }))
        }
        return links
    }

    // MARK: Steps

    private func submit() async {
        guard let step = form?.step, form?.isBusy == false else { return }
        switch step {
        case .contact:
            if form!.submitContact() {
                await saveProgress(); await pixel(.contactInfoSubmitted); await postUpdate(payment: false); await arrive()
            } else { await render() }
        case .delivery:
            if form!.submitDelivery() {
                await saveProgress(); await pixel(.addressInfoSubmitted); await postUpdate(payment: false); await arrive()
            } else { await render() }
        case .shipping:
            if form!.submitShipping() {
                await saveProgress(); await pixel(.shippingInfoSubmitted); await postUpdate(payment: false); await arrive()
            } else { await render() }
        case .payment:
            guard let entry = form!.validatePayment(now: server.environment.now()) else { await render(); return }
            form!.isBusy = true
            await render()
            let card = await server.vault(entry)
            form!.isBusy = false
            form!.accept(card)
            await saveProgress()
            await pixel(.paymentInfoSubmitted)
            await postUpdate(payment: true)
            await arrive()
        case .review:
            if acceptedDelegations.contains(.submit) { await askToSubmit() } else { await pay() }
        case .loading, .thankYou, .unavailable:
            return
        }
    }

    private func saveProgress() async {
        guard let form else { return }
        await server.remember(form.progress, token: form.token)
    }

    /// Pay now: authorize the vaulted card, then place the order once.
    func pay() async {
        guard let card = form?.card, request != nil else { return }
        form!.isBusy = true
        await render()
        // The payment runs in a modal the buyer must not leave half-way.
        await postBlocking(true)
        let outcome = await server.authorize(token: card.token)
        await postBlocking(false)
        switch outcome {
        case .declined:
            form!.declined("Your card was declined. Try a different card.")
            await postUpdate(payment: true)
            await arrive()
        case .gatewayError:
            form!.isBusy = false
            await showUnavailable("There was a problem processing your payment. No charge was made.")
            await emit(.response(url: reportedURL, statusCode: 502))
        case .approved:
            let order: Order
            switch await placeOrder(form!.completion(paidWith: card)) {
            case .success(let placed):
                order = placed
            case .failure(let error):
                form!.isBusy = false
                await orderNotPlaced(error)
                return
            }
            form!.placed(order)
            await emit(.navigated(url: form!.url))
            await render()
            await postCompleted(order)
            await pixel(.pageViewed)
            await pixel(.checkoutCompleted)
        }
    }

    /// The store makes placing idempotent per checkout session, so a lost answer is simply asked again.
    private func placeOrder(_ request: CheckoutCompletion) async -> Result<Order, any Error> {
        var failure: any Error = StorefrontError.transport("no answer")
        for _ in 0..<3 {
            do {
                return .success(try await server.backend.placeOrder(request))
            } catch StorefrontError.transport(let message) {
                failure = StorefrontError.transport(message)
            } catch {
                return .failure(error)
            }
        }
        return .failure(failure)
    }

    /// Says why the order was not placed, in the terms that decide what happens next: the shop's
    /// web checkout takes the payment; a refusal no retry can change closes the checkout with its
    /// reason; anything else (the shop out of reach) fails with its reason, and may be recovered.
    private func orderNotPlaced(_ error: any Error) async {
        switch error {
        case OrderPlacementError.webCheckoutRequired(let url):
            if let cart = form?.cart { await awaitWebCheckout(url: url, cart: cart) }
        case OrderPlacementError.refused(let code, let message):
            let checkoutCode = CheckoutErrorCode(wire: code)
            let group = checkoutCode == .cartCompleted || checkoutCode == .cartExpired ? "expired" : "unrecoverable"
            await refuse("Your order could not be placed: \(message) No charge was made.", group: group,
                         code: checkoutCode == .unknown ? .invalidCart : checkoutCode, reason: message)
        default:
            let reason = "Your order could not be placed: \(Self.reason(error))"
            await showUnavailable(reason + " No charge was made.")
            await emit(.loadFailed(message: reason))
        }
    }

    /// An error in the words its type gives it.
    static func reason(_ error: any Error) -> String {
        String(describing: error)
    }

    // MARK: Output

    /// Shows the current step as a new page: navigation, the page, `page_viewed`; in 2025-10, a
    /// step the host took over asks it.
    func arrive() async {
        guard let form else { return }
        await emit(.navigated(url: form.url))
        await render()
        await pixel(.pageViewed)
        await askOnArrival()
    }

    func render() async {
        guard let form else { return }
        await emit(.page(form.page(links: links)))
    }

    func showUnavailable(_ message: String) async {
        await emit(.page(CheckoutPage(step: .unavailable, progress: 1, notice: message, links: links)))
    }

    /// A checkout that cannot go on: an explanation on the page and an `error` message on the bridge.
    func refuse(_ message: String, group: String, code: CheckoutErrorCode, reason: String) async {
        await showUnavailable(message)
        if speaksEmbedded {
            await postBridge(EmbeddedMessage.error(code: code.rawValue.uppercased(), message: reason))
        } else {
            await postBridge(BridgeEnvelope.error(group: group, code: code.rawValue, reason: reason))
        }
    }

    /// Posts a message on the bridge, if this page has one (a recovery checkout does not).
    func postBridge(_ message: String) async {
        guard request?.bridgeEnabled == true else { return }
        await emit(.bridgeMessage(message))
    }

    private func pixel(_ name: CheckoutPixels.Name) async {
        guard let form, request?.bridgeEnabled == true, !speaksEmbedded else { return }
        let id = await server.pixelEventID()
        let timestamp = server.environment.now().formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true))
        let message = BridgeEnvelope.webPixel(CheckoutPixels.event(name, form: form, id: id, timestamp: timestamp))
        if presented { await emit(.bridgeMessage(message)) } else { heldPixels.append(message) }
    }

    func emit(_ signal: CheckoutWebSignal) async {
        guard !stopped else { return }
        await signals(signal)
    }
}
