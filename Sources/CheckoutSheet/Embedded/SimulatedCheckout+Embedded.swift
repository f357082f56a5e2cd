import Foundation
import Storefront

/// What a page awaits an answer to, by JSON-RPC id.
enum PendingReply: Sendable {
    case ready
    case request(CheckoutDelegation)
}

/// The page's side of protocol 2025-10: the ready handshake and `start` once the checkout opens,
/// an `update` with the whole checkout after each change, `complete`, and the requests for what
/// the host took over: the delivery address when the buyer reaches delivery, the payment method
/// when they reach payment, and a go-ahead at Pay now. An answer with errors, or the host's word
/// that it did not answer in time, fails that step on the page; the buyer can always go on by hand.
extension SimulatedCheckout {
    var speaksEmbedded: Bool {
        guard let request, request.bridgeEnabled else { return false }
        return CheckoutURL.embedding(of: request.url)?.protocolVersion == .embedded202510
    }

    /// The address a browser would report, with the app's token hidden.
    var reportedURL: String { CheckoutURL.redacted(request?.url ?? "") }

    /// Opens the protocol; an app token that is not a JWT is refused before anything else.
    func openEmbedded() async -> Bool {
        guard let form, let request else { return false }
        if let token = CheckoutURL.embedding(of: request.url)?.authentication, !token.isWellFormed {
            self.form = nil
            await showUnavailable("This app could not be authenticated.")
            await postBridge(EmbeddedMessage.error(code: "UNAUTHORIZED", message: "The app's token is not a valid JWT"))
            return false
        }
        await postBridge(EmbeddedMessage.ready(id: makeID(for: .ready), offering: CheckoutDelegation.allCases))
        await postBridge(EmbeddedMessage.start(form.snapshot, locale: "en-\(form.countryCode)"))
        return true
    }

    func postUpdate(payment: Bool) async {
        guard speaksEmbedded, let form else { return }
        await postBridge(EmbeddedMessage.update(form.snapshot, payment: payment))
    }

    func postBlocking(_ blocking: Bool) async {
        await postBridge(speaksEmbedded ? EmbeddedMessage.blocking(blocking) : BridgeEnvelope.checkoutBlocking(blocking))
    }

    func postCompleted(_ order: Order) async {
        guard let form else { return }
        guard speaksEmbedded else {
            await postBridge(BridgeEnvelope.completed(form.orderDetails(for: order)))
            return
        }
        let orders = try? await server.backend.orders()
        await postBridge(EmbeddedMessage.complete(orderId: order.id, number: order.name, url: form.url,
                                                  isFirstOrder: orders.map { $0.count == 1 }, cart: form.snapshot))
    }

    // MARK: Requests

    /// Delivery and payment are asked of the host once per load, if it took them over.
    func askOnArrival() async {
        guard speaksEmbedded, let step = form?.step else { return }
        let kind: CheckoutDelegation
        switch step {
        case .delivery: kind = .addressChange
        case .payment: kind = .paymentMethodChange
        default: return
        }
        guard acceptedDelegations.contains(kind), !askedDelegations.contains(kind) else { return }
        askedDelegations.insert(kind)
        let params: JSONValue = kind == .addressChange ? .object([("addressType", .string("shipping"))]) : .object([])
        await postBridge(EmbeddedMessage.request(EmbeddedMessage.method(for: kind), id: makeID(for: .request(kind)), params))
    }

    /// Pay now waits for the host's go-ahead; the page is busy meanwhile.
    func askToSubmit() async {
        guard form?.isBusy == false, let token = form?.token else { return }
        form!.isBusy = true
        form!.notice = nil
        await render()
        await postBridge(EmbeddedMessage.request(EmbeddedMessage.method(for: .submit), id: makeID(for: .request(.submit)),
                                                 .object([("sessionId", .string(token))])))
    }

    func receiveReply(_ message: JSONValue) async {
        guard let id = message["id"]?.stringValue, let pending = pendingReplies.removeValue(forKey: id) else { return }
        let result = message["result"]
        // The app's reason as one sentence, whether or not it ended in a full stop.
        let refusal = message["error"].map { error in
            let reason = error["message"]?.stringValue.map(TextSanitizer.cleanLine) ?? "The app refused."
            return reason.hasSuffix(".") ? reason : reason + "."
        }
        switch pending {
        case .ready:
            let names = result?["delegate"]?.arrayValue?.compactMap(\.stringValue) ?? []
            acceptedDelegations = Set(names.compactMap(CheckoutDelegation.init(rawValue:)))
        case .request(.addressChange):
            guard form?.step == .delivery else { return }
            if let address = result?["address"].flatMap(Self.mailingAddress) {
                form!.fillDelivery(address)
            } else {
                form!.notice = "Your address could not be taken from the app: \(refusal ?? "no address given.") Enter it here."
            }
            await render()
        case .request(.paymentMethodChange):
            guard form?.step == .payment else { return }
            if let card = result?["paymentCard"].flatMap(Self.paymentCard) {
                form!.fillCard(card)
            } else {
                form!.notice = "Your payment method could not be taken from the app: \(refusal ?? "no card given.") Enter a card here."
            }
            await render()
        case .request(.submit):
            guard form?.step == .review else { return }
            form!.isBusy = false
            if let refusal {
                form!.notice = "Payment not confirmed: \(refusal) No charge was made."
                await render()
            } else {
                await pay()
            }
        }
    }

    private func makeID(for pending: PendingReply) -> String {
        nextMessageID += 1
        let id: String
        switch pending {
        case .ready: id = "ready-\(nextMessageID)"
        case .request(let kind): id = "\(kind.rawValue)-\(nextMessageID)"
        }
        pendingReplies[id] = pending
        return id
    }

    private static func mailingAddress(_ value: JSONValue) -> MailingAddress? {
        guard value.objectMembers != nil else { return nil }
        func text(_ key: String) -> String? { value[key]?.stringValue.map(TextSanitizer.cleanLine) }
        return MailingAddress(firstName: text("firstName"), lastName: text("lastName"), address1: text("address1"),
                              address2: text("address2"), city: text("city"), zoneCode: text("zoneCode"),
                              countryCode: text("countryCode"), postalCode: text("postalCode"), phone: text("phone"))
    }

    private static func paymentCard(_ value: JSONValue) -> CheckoutPaymentCard? {
        guard let number = value["number"]?.stringValue else { return nil }
        return CheckoutPaymentCard(number: number, expiry: value["expiry"]?.stringValue ?? "",
                                   securityCode: value["securityCode"]?.stringValue ?? "", nameOnCard: value["name"]?.stringValue ?? "")
    }
}
