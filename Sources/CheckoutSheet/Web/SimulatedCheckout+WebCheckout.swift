import Foundation
import Storefront

/// What the page knows while the buyer pays in the shop's web checkout.
struct WebCheckoutWait: Sendable {
    var url: String
    var cart: Cart
    var notice: String?
    var watching = false
}

/// A shop whose checkout only its web page can complete (a Shopify shop): the page says so, shows
/// the address to pay at, and watches the cart. The Storefront API stops answering a cart once its
/// checkout is completed, so when the cart is gone the order was placed in the browser, and the
/// page posts `completed` with what it knows: the buyer, not the order's lines or payment (the
/// shop no longer answers for the cart), so the host decodes it as partial.
extension SimulatedCheckout {
    /// How often the cart is looked at while the buyer pays in the browser.
    static let webCheckoutPollInterval: Duration = .seconds(3)

    func awaitWebCheckout(url: String, cart: Cart) async {
        webCheckout = WebCheckoutWait(url: url, cart: cart)
        await showWebCheckout()
        startWatchingWebCheckout()
    }

    /// Watches once the page is on screen: a preloaded page has no buyer yet. A recovery view
    /// (no bridge) is on screen as soon as it loads.
    func startWatchingWebCheckout() {
        guard var wait = webCheckout, !wait.watching, isOnScreen else { return }
        wait.watching = true
        webCheckout = wait
        Task { await self.watchWebCheckout() }
    }

    private var isOnScreen: Bool { isPresented || request?.bridgeEnabled == false }

    private func watchWebCheckout() async {
        while !stopped, let wait = webCheckout {
            await server.environment.sleep(Self.webCheckoutPollInterval)
            guard !stopped else { return }
            do {
                if try await server.backend.cart(id: wait.cart.id) != nil {
                    if wait.notice != nil { webCheckout?.notice = nil; await showWebCheckout() }
                    continue
                }
            } catch {
                // Out of reach for now: say so and keep watching.
                webCheckout?.notice = "Could not check on your order: \(Self.reason(error)). Still watching."
                await showWebCheckout()
                continue
            }
            await completedInBrowser(wait)
            return
        }
    }

    private func completedInBrowser(_ wait: WebCheckoutWait) async {
        webCheckout = nil
        let token = SimulatedCheckoutServer.checkoutToken(cartId: wait.cart.id)
        let identity = wait.cart.buyerIdentity
        var page = CheckoutPage(step: .thankYou, progress: 1, summary: Self.summary(of: wait.cart), links: links,
                                orderId: token, webCheckoutURL: wait.url)
        page.notice = nil
        await emit(.page(page))
        if request?.bridgeEnabled == true {
            if speaksEmbedded {
                await postBridge(EmbeddedMessage.complete(orderId: token, number: token, url: wait.url, isFirstOrder: nil,
                                                          cart: CheckoutSnapshot(cart: .object([("id", .string(wait.cart.id))]))))
            } else {
                await postBridge(BridgeEnvelope.completed(OrderDetails(id: token, email: identity.email, phone: identity.phone)))
            }
        } else if let shop = URLComponents(string: wait.url)?.host {
            // Without the bridge the host learns of the order from the thank-you address.
            await emit(.navigated(url: "https://\(shop)/checkouts/\(token)/thank-you?order_id=\(token)"))
        }
    }

    private func showWebCheckout() async {
        guard let wait = webCheckout else { return }
        await emit(.page(CheckoutPage(step: .unavailable, progress: 1, summary: Self.summary(of: wait.cart), notice: wait.notice,
                                      links: links, webCheckoutURL: wait.url)))
    }

    /// The cart as an order summary: what the buyer is paying for in the browser.
    static func summary(of cart: Cart) -> CheckoutPage.Summary {
        let lines = cart.lines.map {
            CheckoutPage.Summary.Line(title: $0.merchandise.productTitle, variantTitle: $0.merchandise.title,
                                      quantity: $0.quantity, total: $0.cost.totalAmount,
                                      recurring: $0.sellingPlanAllocation?.sellingPlan.name)
        }
        let discounts = cart.cost.subtotalAmount.amount > cart.cost.totalAmount.amount
            ? cart.cost.subtotalAmount - cart.cost.totalAmount : Money.zero(cart.cost.totalAmount.currencyCode)
        return CheckoutPage.Summary(lines: lines, subtotal: cart.cost.subtotalAmount, shipping: nil, taxes: nil,
                                    discounts: discounts, total: cart.cost.totalAmount)
    }
}
