import Storefront

/// The lifecycle rules of one checkout session, as a value the sheet and `checkout replay` share.
/// Inputs are what the web side reports (decoded bridge messages, load failures, navigations, link
/// activations) and the buyer closing the sheet; each returns the events to deliver, in order, and
/// what the host must do next.
///
/// The kit's rules: completion does not close; closing emits cancel; a failure is reported first,
/// then recovered once (a fresh checkout without the bridge) if the app agrees and the URL is not a
/// multipass URL; pixel events flow only after the sheet is presented. Ours on top: one completion
/// per session, no failure or recovery after a completion, cancel says whether it followed one.
///
/// Protocol 2025-10 changes four things: the sheet closing is `dismiss` (also after a failure that
/// is not recovered), `start` is delivered once and an `update` identical to the snapshot before
/// it is suppressed, every `complete` is delivered (the app's handling is idempotent; a failure
/// after one still changes nothing), and requests are delivered for the host to answer.
package struct CheckoutLifecycle: Hashable, Sendable {
    package enum Phase: Hashable, Sendable {
        /// The bridged checkout is up.
        case checkout
        /// The one recovery attempt is up: no bridge, completion only from the thank-you URL.
        case recovery
        /// The sheet is gone; nothing more is delivered.
        case dismissed
    }

    package enum Directive: Hashable, Sendable {
        /// Load the checkout again in a fresh recovery view (no bridge).
        case startRecovery
        /// Take the sheet down.
        case dismiss
    }

    package struct Outcome: Hashable, Sendable {
        package var events: [CheckoutEvent] = []
        package var directive: Directive?
        /// Why an input had no effect, for the log (and replay's diagnostics).
        package var notes: [String] = []
        /// A failure that may be recovered: the host asks `shouldRecoverFromError` (after delivering
        /// `events`, which hold the failure) and answers with `resolveFailure(recover:)`.
        package var recoveryDecision: CheckoutError?

        package init(events: [CheckoutEvent] = [], directive: Directive? = nil, notes: [String] = [],
                    recoveryDecision: CheckoutError? = nil) {
            self.events = events; self.directive = directive; self.notes = notes; self.recoveryDecision = recoveryDecision
        }

        static func note(_ text: String) -> Outcome { Outcome(notes: [text]) }
    }

    package let checkoutURL: String
    /// Decides the names of the closing events and the 2025-10 rules above.
    package var protocolVersion: CheckoutProtocol
    package private(set) var phase: Phase = .checkout
    package private(set) var isPresented: Bool
    package private(set) var hasCompleted = false
    package private(set) var recoveryAttempted = false
    /// The page is showing a modal (`checkoutBlockingEvent`).
    package private(set) var isBlocking = false
    private var undecidedFailure: CheckoutError?
    package private(set) var hasStarted = false
    /// The last snapshot delivered (by start or update), to suppress an identical update.
    private var lastSnapshot: CheckoutSnapshot?

    package init(checkoutURL: String, presented: Bool = false, protocolVersion: CheckoutProtocol = .bridge81) {
        self.checkoutURL = checkoutURL
        self.isPresented = presented
        self.protocolVersion = protocolVersion
    }

    private var isEmbedded: Bool { protocolVersion == .embedded202510 }

    /// The sheet is on screen: pixel events may flow from now on.
    package mutating func presented() { isPresented = true }

    package mutating func receive(_ message: BridgeMessage) -> Outcome {
        switch phase {
        case .dismissed: return .note("the sheet is dismissed; \(describe(message)) ignored")
        case .recovery: return .note("the recovery checkout has no bridge; \(describe(message)) ignored")
        case .checkout: break
        }
        switch message {
        case .completed(let event, _) where isEmbedded:
            // Not deduplicated in 2025-10: each one reaches the delegate.
            hasCompleted = true
            return Outcome(events: [.completed(event)])
        case .completed(let event, _):
            guard !hasCompleted else { return .note("a second completion in the same session ignored (order \(event.orderId))") }
            hasCompleted = true
            return Outcome(events: [.completed(event)])
        case .error(let error):
            return fail(error)
        case .ignoredError(let group):
            return .note("error of group \"\(group)\" ignored")
        case .webPixel(let pixel):
            guard isPresented else { return .note("pixel event \(pixel.name) before the sheet was presented dropped") }
            return Outcome(events: [.pixel(pixel)])
        case .checkoutBlocking(let blocking):
            isBlocking = blocking
            return Outcome()
        case .ready, .response:
            return Outcome()
        case .started(let start):
            guard !hasStarted else { return .note("a second start ignored") }
            hasStarted = true
            lastSnapshot = start.snapshot
            return Outcome(events: [.started(start)])
        case .updated(let snapshot):
            guard snapshot != lastSnapshot else { return .note("update identical to the one before suppressed") }
            lastSnapshot = snapshot
            return Outcome(events: [.updated(snapshot)])
        case .request(let request):
            return Outcome(events: [.requested(request)])
        }
    }

    /// A preloaded checkout was presented: its start went by with no one watching and is not
    /// replayed; an update identical to what it said is still suppressed.
    package mutating func startedWhilePreloading(_ snapshot: CheckoutSnapshot?) {
        hasStarted = true
        lastSnapshot = snapshot
    }

    /// A failure: from an `error` message, an HTTP status, or a load that could not start.
    package mutating func fail(_ error: CheckoutError) -> Outcome {
        guard phase != .dismissed else { return .note("the sheet is dismissed; failure \"\(error.message)\" ignored") }
        guard !hasCompleted else { return .note("failure \"\(error.message)\" after completion ignored") }
        guard undecidedFailure == nil else { return .note("failure \"\(error.message)\" while deciding on recovery ignored") }
        let eligible = phase == .checkout && !recoveryAttempted && !CheckoutURL.isMultipass(checkoutURL)
        if eligible {
            undecidedFailure = error
            return Outcome(events: [.failed(error)], recoveryDecision: error)
        }
        phase = .dismissed
        let why = recoveryAttempted ? "recovery was already tried" : "multipass checkouts are never recovered"
        return Outcome(events: [.failed(error)] + closing, directive: .dismiss, notes: ["no recovery: \(why)"])
    }

    /// The answer of `shouldRecoverFromError` for the failure `fail` returned as `recoveryDecision`.
    package mutating func resolveFailure(recover: Bool) -> Outcome {
        guard undecidedFailure != nil else { return .note("no failure awaits a recovery decision") }
        undecidedFailure = nil
        if recover {
            recoveryAttempted = true
            phase = .recovery
            return Outcome(events: [.recoveryStarted], directive: .startRecovery)
        }
        phase = .dismissed
        return Outcome(events: closing, directive: .dismiss, notes: ["no recovery: shouldRecoverFromError answered false"])
    }

    /// The page navigated. In recovery, a thank-you URL is the completion (order id from `order_id`).
    package mutating func navigated(to url: String) -> Outcome {
        guard phase == .recovery, CheckoutURL.isThankYouPage(url) else { return Outcome() }
        guard !hasCompleted else { return .note("thank-you page shown again; already completed") }
        hasCompleted = true
        let orderId = CheckoutURL.thankYouOrderId(url).map(TextSanitizer.cleanLine)
        var outcome = Outcome(events: [.completed(CheckoutCompletedEvent(orderDetails: OrderDetails(id: orderId ?? ""),
                                                                        decoded: .recovery))])
        if orderId == nil { outcome.notes.append("thank-you URL without order_id") }
        return outcome
    }

    /// The buyer opened a link of the page (policy page, mailto:, tel:).
    package mutating func linkClicked(_ url: String) -> Outcome {
        guard phase != .dismissed else { return .note("the sheet is dismissed; link ignored") }
        return Outcome(events: [.linkClicked(url: TextSanitizer.cleanLine(url))])
    }

    /// The buyer closes the sheet: cancel, which says whether an order was placed first.
    package mutating func close() -> Outcome {
        guard phase != .dismissed else { return .note("the sheet is already dismissed") }
        phase = .dismissed
        undecidedFailure = nil
        let event: CheckoutEvent = isEmbedded ? .dismissed(afterCompletion: hasCompleted) : .canceled(afterCompletion: hasCompleted)
        return Outcome(events: [event], directive: .dismiss)
    }

    /// In 2025-10 a failure that closes the sheet is followed by `dismiss`; 8.1 says nothing more.
    private var closing: [CheckoutEvent] { isEmbedded ? [.dismissed(afterCompletion: false)] : [] }

    private func describe(_ message: BridgeMessage) -> String {
        switch message {
        case .completed: return "completed message"
        case .error, .ignoredError: return "error message"
        case .webPixel(let pixel): return "pixel event \(pixel.name)"
        case .checkoutBlocking: return "checkoutBlockingEvent message"
        case .ready: return "ready handshake"
        case .started: return "start message"
        case .updated: return "update message"
        case .request(let request): return "\(request.eventName) request"
        case .response: return "response"
        }
    }
}
