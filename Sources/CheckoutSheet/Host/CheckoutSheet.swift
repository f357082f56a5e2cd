import Foundation
import Storefront

/// The checkout sheet: present, preload, invalidate and configure, like the kit; those, the
/// configuration, the delegate, `CheckoutError` and the events are the module's public surface.
/// The simulated web checkout, the headless runners and the wire formats are `package`: the app's
/// own modules use them, nothing outside this package sees them. It hosts checkout
/// web views made by a `CheckoutWebViewFactory`, listens to what they report (bridge messages as
/// JSON text, responses, navigations) and turns that into lifecycle events under the rules of
/// `CheckoutLifecycle`. Each event goes to the delegate, then onto the presentation's update stream.
public actor CheckoutSheet: CheckoutSheetPresenting {
    private var currentConfiguration: CheckoutConfiguration
    private let webViews: any CheckoutWebViewFactory
    private let now: @Sendable () -> Date
    private let sleep: @Sendable (Duration) async -> Void
    private let log: @Sendable (CheckoutLogEntry) -> Void

    /// Every live web view, by id, with the last page it drew.
    private struct ViewRecord {
        var view: any CheckoutWebView
        var lastPage: CheckoutPage = .loading
        /// The checkout as the `start` of a preloading page described it (protocol 2025-10).
        var preloadedSnapshot: CheckoutSnapshot?
    }
    private var views: [Int: ViewRecord] = [:]
    private var cache = PreloadCache<Int>()

    private struct Session {
        var lifecycle: CheckoutLifecycle
        let continuation: AsyncStream<CheckoutSheetUpdate>.Continuation
        let delegate: (any CheckoutDelegate)?
        /// The web view on screen (the recovery view once recovery started).
        var viewID: Int
        var page: CheckoutPage
    }
    private var session: Session?

    private var nextID = 0
    private var tasks: [Int: Task<Void, Never>] = [:]
    /// Requests of the page on screen waiting for the delegate's answer, by JSON-RPC id.
    private var pendingRequests: [String: (request: CheckoutRequest, viewID: Int)] = [:]

    /// - Parameters:
    ///   - webViews: makes the checkout pages (the simulated web checkout, or a test double).
    ///   - now: the clock of the preload cache's five-minute lifetime.
    ///   - sleep: waits out a request's deadline (protocol 2025-10).
    ///   - log: receives the lines `configuration.logLevel` lets through.
    package init(configuration: CheckoutConfiguration = CheckoutConfiguration(), webViews: any CheckoutWebViewFactory,
                now: @escaping @Sendable () -> Date = { Date() },
                sleep: @escaping @Sendable (Duration) async -> Void = { try? await Task.sleep(for: $0) },
                log: @escaping @Sendable (CheckoutLogEntry) -> Void = { _ in }) {
        self.currentConfiguration = configuration
        self.webViews = webViews
        self.now = now
        self.sleep = sleep
        self.log = log
    }

    // MARK: Configuration

    /// Any change of configuration drops the preloaded checkout (it was rendered with the old one).
    public func configure(_ configuration: CheckoutConfiguration) async {
        guard configuration != currentConfiguration else { return }
        currentConfiguration = configuration
        await clearCache(because: "configuration changed")
    }

    /// The kit's `configure { $0.title = ... }`.
    public func configure(_ change: @Sendable (inout CheckoutConfiguration) -> Void) async {
        var configuration = currentConfiguration
        change(&configuration)
        await configure(configuration)
    }

    public func configuration() async -> CheckoutConfiguration { currentConfiguration }

    // MARK: Preload cache

    /// Loads `checkoutURL` with `Shopify-Purpose: prefetch` into the one-slot cache, replacing what
    /// it held (the same URL again reloads it). Returns when the load is done. A no-op when
    /// `preloading.enabled` is false.
    public func preload(checkoutURL: String) async {
        guard currentConfiguration.preloading.enabled else {
            write(.debug, "preload ignored: preloading is disabled")
            return
        }
        let id = await makeView()
        let replaced = cache.store(url: checkoutURL, entry: id, at: now(), preloaded: true)
        if let replaced { await retire(replaced) }
        write(.debug, "preloading \(CheckoutURL.redacted(checkoutURL))")
        await views[id]?.view.load(CheckoutWebRequest(url: CheckoutURL.embedding(checkoutURL, for: currentConfiguration),
                                                      purpose: .prefetch))
    }

    public func invalidate() async {
        await clearCache(because: "invalidated")
    }

    /// The URL whose checkout is ready in the cache, if any (and still fresh).
    package func preloadedURL() -> String? {
        guard let slot = cache.slot, cache.entry(for: slot.url, now: now()) != nil else { return nil }
        return slot.url
    }

    // MARK: Presenting

    public func present(checkoutURL: String) async -> AsyncStream<CheckoutSheetUpdate> {
        await present(checkoutURL: checkoutURL, delegate: nil)
    }

    /// Shows the checkout. A fresh preloaded checkout for the same URL appears at once, ready; otherwise
    /// the page loads (the stream shows its progress). Presenting while a sheet is up closes that one first.
    public func present(checkoutURL: String, delegate: (any CheckoutDelegate)?) async -> AsyncStream<CheckoutSheetUpdate> {
        if session != nil { await dismiss() }
        let (stream, continuation) = AsyncStream<CheckoutSheetUpdate>.makeStream()
        let viewID: Int
        let needsLoad: Bool
        if let slot = cache.entry(for: checkoutURL, now: now()), views[slot.entry] != nil {
            viewID = slot.entry
            needsLoad = false
            write(.debug, "presenting the preloaded checkout")
        } else {
            if let stale = cache.clear() { await retire(stale) }
            viewID = await makeView()
            needsLoad = true
            if currentConfiguration.preloading.enabled {
                cache.store(url: checkoutURL, entry: viewID, at: now(), preloaded: false)
            }
        }
        let page = views[viewID]?.lastPage ?? .loading
        var lifecycle = CheckoutLifecycle(checkoutURL: checkoutURL, presented: true,
                                          protocolVersion: currentConfiguration.protocolVersion)
        if !needsLoad { lifecycle.startedWhilePreloading(views[viewID]?.preloadedSnapshot) }
        session = Session(lifecycle: lifecycle, continuation: continuation, delegate: delegate, viewID: viewID, page: page)
        let requestURL = CheckoutURL.embedding(checkoutURL, for: currentConfiguration)
        continuation.yield(.page(page))
        guard let view = views[viewID]?.view else {
            continuation.yield(.settled)
            return stream
        }
        spawn {
            await view.post(hostMessage: BridgeEnvelope.presented)
            if needsLoad { await view.load(CheckoutWebRequest(url: requestURL)) }
            continuation.yield(.settled)
        }
        return stream
    }

    public func send(_ input: CheckoutPageInput) async {
        guard let session else { return }
        defer { session.continuation.yield(.settled) }
        guard session.lifecycle.phase != .dismissed, let view = views[session.viewID]?.view else { return }
        await view.handle(input)
    }

    /// The buyer closes the sheet: cancel, then dismissed.
    public func dismiss() async {
        guard var current = session else { return }
        let outcome = current.lifecycle.close()
        session = current
        await apply(outcome)
    }

    public func answer(request id: String, with answer: CheckoutRequestAnswer) async {
        let continuation = session?.continuation
        await resolve(id, with: answer)
        continuation?.yield(.settled)
    }

    /// True while a sheet is up.
    package var isPresented: Bool { session != nil }

    /// The page on screen, nil when no sheet is up.
    package var currentPage: CheckoutPage? { session?.page }

    /// The page is showing a modal (`checkoutBlockingEvent`), such as a payment being processed.
    package var isBlocking: Bool { session?.lifecycle.isBlocking ?? false }

    /// Waits until every load the sheet started has finished, a recovery load included. For headless
    /// runs and tests: the interactive app never needs it.
    package func settle() async {
        while let (id, task) = tasks.first {
            await task.value
            tasks[id] = nil
        }
    }

    // MARK: Signals from the web views

    private func receive(_ signal: CheckoutWebSignal, from viewID: Int) async {
        guard views[viewID] != nil else { return } // a retired view
        if case .page(let page) = signal { views[viewID]?.lastPage = page }
        if session?.viewID == viewID {
            await handleOnScreen(signal)
        } else if cache.holds(viewID) {
            await handlePreloading(signal, viewID: viewID)
        }
    }

    private func handleOnScreen(_ signal: CheckoutWebSignal) async {
        guard var current = session else { return }
        switch signal {
        case .page(let page):
            current.page = page
            session = current
            current.continuation.yield(.page(page))
        case .response(_, let status):
            guard status >= 400 else { return }
            await clearCache(because: "HTTP \(status)")
            await fail(CheckoutSheet.error(forHTTPStatus: status))
        case .loadFailed(let message):
            await fail(.sdkError(underlying: TextSanitizer.cleanLine(message), recoverable: true))
        case .navigated(let url):
            let outcome = current.lifecycle.navigated(to: url)
            session = current
            await apply(outcome)
        case .linkActivated(let url):
            let outcome = current.lifecycle.linkClicked(url)
            session = current
            await apply(outcome)
        case .bridgeMessage(let text):
            guard let message = decode(text) else { return }
            if case .ready(let id, let offered) = message {
                await answerReady(id: id, offered: offered, viewID: current.viewID)
                return
            }
            if case .request(let request) = message, !currentConfiguration.delegations.contains(request.kind) {
                write(.error, "\(request.eventName) refused: the host did not declare \(request.kind.rawValue)")
                await views[current.viewID]?.view.post(hostMessage: EmbeddedMessage.errorReply(
                    id: request.id, code: EmbeddedMessage.notDeclaredCode, message: "\(request.kind.rawValue) is not delegated"))
                return
            }
            if case .completed(_, let issues) = message, !issues.isEmpty {
                write(.error, "completed message partly decoded: \(issues.joined(separator: "; "))")
            }
            let outcome = current.lifecycle.receive(message)
            session = current
            await apply(outcome)
        }
    }

    /// A preloading view has no audience: a failure only empties the cache.
    private func handlePreloading(_ signal: CheckoutWebSignal, viewID: Int) async {
        switch signal {
        case .response(_, let status) where status >= 400:
            await clearCache(because: "preload answered HTTP \(status)")
        case .loadFailed(let message):
            await clearCache(because: "preload failed: \(message)")
        case .bridgeMessage(let text):
            switch decode(text) {
            case .ready(let id, let offered):
                await answerReady(id: id, offered: offered, viewID: viewID)
            case .started(let start):
                views[viewID]?.preloadedSnapshot = start.snapshot
                write(.debug, "start of the preloading checkout: not replayed when it is presented")
            case .error(let error):
                await clearCache(because: "preload failed: \(error.message)")
            case .webPixel(let pixel):
                write(.debug, "pixel event \(pixel.name) before the sheet was presented dropped")
            default: break
            }
        default: break
        }
    }

    /// The ready handshake: the host accepts what it declared of what the page offers.
    private func answerReady(id: String, offered: [String], viewID: Int) async {
        let accepted = offered.compactMap(CheckoutDelegation.init(rawValue:)).filter(currentConfiguration.delegations.contains)
        write(.debug, "ready: delegating \(accepted.isEmpty ? "nothing" : accepted.map(\.rawValue).joined(separator: ", "))")
        await views[viewID]?.view.post(hostMessage: EmbeddedMessage.readyResult(id: id, accepted: accepted))
    }

    private func decode(_ text: String) -> BridgeMessage? {
        do {
            let message = try BridgeMessageDecoder.decode(text)
            write(.trace, "bridge message \(BridgeMessageDecoder.summary(of: message))")
            return message
        } catch {
            // Reported and dropped: a bad message never fails the checkout.
            write(error.kind == .unknownName ? .debug : .error, "bridge message dropped: \(error)")
            return nil
        }
    }

    // MARK: Lifecycle

    private func fail(_ error: CheckoutError) async {
        guard var current = session else { return }
        let outcome = current.lifecycle.fail(error)
        session = current
        await apply(outcome)
    }

    private func apply(_ outcome: CheckoutLifecycle.Outcome) async {
        for note in outcome.notes { write(.debug, note) }
        for event in outcome.events { await deliver(event) }
        if let error = outcome.recoveryDecision, var current = session {
            let recover = current.delegate?.shouldRecoverFromError(error: error) ?? error.isRecoverable
            let decision = current.lifecycle.resolveFailure(recover: recover)
            session = current
            await apply(decision)
            return
        }
        switch outcome.directive {
        case .startRecovery: await startRecovery()
        case .dismiss: await endSession()
        case nil: break
        }
    }

    private func deliver(_ event: CheckoutEvent) async {
        guard let current = session else { return }
        write(.debug, "event \(event.name)")
        switch event {
        case .completed(let completed):
            await clearCache(because: "checkout completed")
            current.delegate?.checkoutDidComplete(event: completed)
        case .canceled(let afterCompletion):
            if let dropped = cache.canceled() { await retireUnlessOnScreen(dropped) }
            current.delegate?.checkoutDidCancel(afterCompletion: afterCompletion)
        case .failed(let error):
            await clearCache(because: "checkout failed")
            write(.error, "checkout failed: \(error.typeName) \(error.message)")
            current.delegate?.checkoutDidFail(error: error)
        case .pixel(let pixel):
            current.delegate?.checkoutDidEmitWebPixelEvent(event: pixel)
        case .linkClicked(let url):
            current.delegate?.checkoutDidClickLink(url: url)
        case .recoveryStarted:
            current.delegate?.checkoutDidStartRecovery()
        case .started(let start):
            current.delegate?.checkoutDidStart(event: start)
        case .updated(let snapshot):
            current.delegate?.checkoutDidUpdate(snapshot: snapshot)
        case .dismissed(let afterCompletion):
            if let dropped = cache.canceled() { await retireUnlessOnScreen(dropped) }
            current.delegate?.checkoutDidDismiss(afterCompletion: afterCompletion)
        case .requested(let request):
            let reply = CheckoutRequestReply()
            pendingRequests[request.id] = (request, current.viewID)
            current.delegate?.checkoutDidRequest(request, reply: reply)
            current.continuation.yield(.event(event))
            await awaitAnswer(to: request, reply: reply)
            return
        case .answered(let outcome):
            current.delegate?.checkoutDidEndRequest(outcome)
        }
        current.continuation.yield(.event(event))
    }

    // MARK: Requests (protocol 2025-10)

    /// An answer given during the delegate call goes back at once; otherwise the first of a later
    /// answer and the deadline decides.
    private func awaitAnswer(to request: CheckoutRequest, reply: CheckoutRequestReply) async {
        let id = request.id
        if let early = reply.connect({ [weak self] answer in Task { await self?.resolve(id, with: answer) } }) {
            await resolve(id, with: early)
            return
        }
        let deadline = currentConfiguration.requestDeadline
        let sleep = self.sleep
        spawn { [weak self] in
            await sleep(deadline)
            await self?.expire(id, after: deadline)
        }
    }

    private func resolve(_ id: String, with answer: CheckoutRequestAnswer) async {
        guard let (request, viewID) = pendingRequests.removeValue(forKey: id) else {
            write(.debug, "an answer to request \(id) came after it ended; dropped")
            return
        }
        // The outcome first, so the events of what the page does with the answer come after it.
        var answer = answer
        if case .errors(let messages) = answer {
            let clean = messages.map(TextSanitizer.cleanLine)
            answer = .errors(clean)
            await deliver(.answered(CheckoutRequestOutcome(request: request, result: .error, message: clean.joined(separator: "; "))))
        } else {
            await deliver(.answered(CheckoutRequestOutcome(request: request, result: .answered)))
        }
        await views[viewID]?.view.post(hostMessage: EmbeddedMessage.reply(id: id, answer))
    }

    /// No answer in time: the page is told, so the step fails there and the checkout goes on.
    private func expire(_ id: String, after deadline: Duration) async {
        guard let (request, viewID) = pendingRequests.removeValue(forKey: id) else { return }
        let message = "The app did not answer \(request.eventName) within \(CheckoutConfiguration.words(deadline))."
        write(.error, message)
        await deliver(.answered(CheckoutRequestOutcome(request: request, result: .timeout, message: message)))
        await views[viewID]?.view.post(hostMessage: EmbeddedMessage.errorReply(id: id, code: EmbeddedMessage.timeoutCode,
                                                                               message: message))
    }

    /// One fresh checkout without the bridge, in place of the failed one.
    private func startRecovery() async {
        guard var current = session else { return }
        let failedView = current.viewID
        let id = await makeView()
        current.viewID = id
        current.page = .loading
        session = current
        current.continuation.yield(.page(.loading))
        await retireUnlessCached(failedView)
        guard let view = views[id]?.view else { return }
        let url = current.lifecycle.checkoutURL
        write(.debug, "recovering \(CheckoutURL.redacted(url)) without the bridge")
        spawn { await view.load(CheckoutWebRequest(url: url, bridgeEnabled: false)) }
    }

    private func endSession() async {
        guard let current = session else { return }
        session = nil
        pendingRequests = pendingRequests.filter { $0.value.viewID != current.viewID }
        current.continuation.yield(.dismissed)
        current.continuation.finish()
        await retireUnlessCached(current.viewID)
    }

    // MARK: Views and the cache

    private func makeView() async -> Int {
        nextID += 1
        let id = nextID
        let view = await webViews.makeWebView { [weak self] signal in
            await self?.receive(signal, from: id)
        }
        views[id] = ViewRecord(view: view)
        return id
    }

    private func clearCache(because reason: String) async {
        guard let dropped = cache.clear() else { return }
        write(.debug, "preload cache cleared: \(reason)")
        await retireUnlessOnScreen(dropped)
    }

    private func retireUnlessOnScreen(_ id: Int) async {
        if session?.viewID != id { await retire(id) }
    }

    private func retireUnlessCached(_ id: Int) async {
        if !cache.holds(id) { await retire(id) }
    }

    private func retire(_ id: Int) async {
        guard let record = views.removeValue(forKey: id) else { return }
        await record.view.stop()
    }

    private func spawn(_ work: @escaping @Sendable () async -> Void) {
        nextID += 1
        let id = nextID
        tasks[id] = Task {
            await work()
            self.finished(task: id)
        }
    }

    private func finished(task id: Int) { tasks[id] = nil }

    private func write(_ severity: CheckoutLogEntry.Severity, _ message: String) {
        guard CheckoutLogEntry.isWritten(severity, at: currentConfiguration.logLevel) else { return }
        log(CheckoutLogEntry(severity: severity, message: message))
    }

    // MARK: HTTP statuses

    /// 401, 403 and 404 are final; 410 means the cart expired; 5xx may be recovered.
    package static func error(forHTTPStatus status: Int) -> CheckoutError {
        let message = reasonPhrase(status)
        switch status {
        case 410:
            return .checkoutExpired(message: "Checkout has expired.", code: .cartExpired)
        case 500...599:
            return .checkoutUnavailable(message: message, code: .httpError(statusCode: status), recoverable: true)
        default:
            return .checkoutUnavailable(message: message, code: .httpError(statusCode: status), recoverable: false)
        }
    }

    static func reasonPhrase(_ status: Int) -> String {
        switch status {
        case 400: return "Bad Request"
        case 401: return "Unauthorized"
        case 403: return "Forbidden"
        case 404: return "Not Found"
        case 410: return "Gone"
        case 429: return "Too Many Requests"
        case 500: return "Internal Server Error"
        case 502: return "Bad Gateway"
        case 503: return "Service Unavailable"
        case 504: return "Gateway Timeout"
        default: return "HTTP \(status)"
        }
    }
}
