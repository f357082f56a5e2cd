import AppCore
import CheckoutSheet
import Foundation
import Storefront
#if canImport(Glibc)
import Glibc
#endif

/// The plain mode: the same store and reducers as the terminal UI, as a line-oriented conversation.
/// Each line read becomes the same actions a key press would send; once the store has settled, what
/// changed is printed (the cart line, the screen's text), and checkout events as they happen. No
/// cursor movement, no colours, no redraws: a screen reader reads it, a pipe scripts it.
@MainActor
public final class PlainSession {
    /// The rows a list "shows" here: plain mode prints whole pages, so the window only matters to
    /// the reducers' scrolling, which this keeps as on a 24-row terminal.
    nonisolated static let listRows = 20

    private let store: AppStore
    private let write: (String) -> Void
    /// Echo each line read after its prompt (input from a pipe is not echoed by a terminal).
    private let echo: Bool
    private var printedScreen: String?
    private var printedStatus: String?
    private var printedError: String?
    private var printedConfirmation: String?
    private var lastEventId = 0
    private var wasLoggedIn = false
    /// The checkout step whose fields are being asked, and the fields still to ask.
    private var askingStep: CheckoutPage.Step?
    /// The sheet was asked to close: it is gone once it says so (`dismissed`).
    private var closingSheet = false
    private var pendingFields: [String] = []

    public init(store: AppStore, echo: Bool, write: @escaping (String) -> Void) {
        self.store = store; self.echo = echo; self.write = write
    }

    /// Runs the storefront on stdin and stdout until `quit` or the end of the input.
    /// `link` (`--open`) is opened once the shop has loaded, as the full-screen app does.
    public static func run(opening link: DeepLink? = nil, makeDependencies: () async throws -> AppDependencies) async throws {
        // Ctrl-\ would dump a backtrace into the conversation; Ctrl-C and Ctrl-D (end of input) end it.
        signal(SIGQUIT, SIG_IGN)
        let dependencies = try await makeDependencies()
        let session = PlainSession(store: AppStore(dependencies: dependencies), echo: isatty(0) != 1) { text in
            var bytes = Array(text.utf8)[...]
            while !bytes.isEmpty {
                let n = bytes.withUnsafeBytes { Glibc.write(1, $0.baseAddress, $0.count) }
                if n < 0 && errno == EINTR { continue }
                guard n > 0 else { return }
                bytes = bytes.dropFirst(n)
            }
        }
        await session.run(lines: LineReader.lines(), opening: link)
    }

    /// Converses until `quit` or the end of `lines`.
    public func run(lines: AsyncStream<String>, opening link: DeepLink? = nil) async {
        store.onChange = { [weak self] in self?.reportNews() }
        defer { store.onChange = nil }
        store.send(.appStarted)
        await settle()
        if let link {
            store.send(.navigation(.open(link)))
            await settle()
        }
        say("Type help for the commands.")
        printChanges()
        var input = lines.makeAsyncIterator()
        while !store.state.shouldQuit {
            write(prompt())
            guard let line = await input.next() else {
                write("\n")
                break
            }
            if echo { write(askingMaskedField() ? String(repeating: "•", count: min(line.count, 32)) : TextSanitizer.cleanLine(line)) }
            write("\n")
            await handle(line)
            printChanges()
        }
        if !store.state.shouldQuit { store.send(.navigation(.quit)) }
        // Saves (the cart id, the orders) finish before the process ends; the sheet is closed.
        if store.state.checkout.isPresented { closeSheet() }
        await settle()
        store.cancelAllEffects()
        say("Bye.")
    }

    // MARK: Output

    /// Prints text as lines: sanitised (no escape sequence or control from data reaches the output).
    func say(_ text: String) {
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            write(TextSanitizer.cleanLine(String(line)) + "\n")
        }
    }

    /// New checkout events and a new error, the moment the state has them.
    private func reportNews() {
        let state = store.state
        for entry in state.eventLog.entries where entry.id > lastEventId {
            say(PlainView.event(entry))
            lastEventId = entry.id
        }
        // A login finishes while the buyer is in the browser: say so when it does. A saved one is
        // said once the account server has answered for it (it may end it instead).
        let loggedIn = state.account.isLoggedIn && !state.account.isConfirming
        if loggedIn != wasLoggedIn {
            wasLoggedIn = loggedIn
            if loggedIn, let customer = state.account.session?.customer {
                say((customer.email ?? customer.knownAs).map { "Logged in as \($0)." } ?? "Logged in.")
            }
        }
        // "Added" once the store has answered with what it took.
        let confirmation = state.productDetail?.confirmation
        if confirmation != printedConfirmation {
            printedConfirmation = confirmation
            if let confirmation { say("✓ \(confirmation)") }
        }
        if state.errorMessage != printedError {
            printedError = state.errorMessage
            if let message = state.bar { say(message.isNotice ? message.text : "Error: \(message.text)") }
        }
    }

    /// The cart line and the screen, when they differ from what was printed last.
    func printChanges(forceScreen: Bool = false) {
        reportNews()
        let state = store.state
        let status = PlainView.status(state)
        if status != printedStatus {
            printedStatus = status
            say(status)
        }
        let screen = PlainView.screen(state)
        let identity = PlainView.identity(state) ?? screen
        if forceScreen || identity != printedScreen {
            printedScreen = identity
            say(screen)
        }
    }

    private func prompt() -> String {
        let state = store.state
        guard state.checkout.isPresented, let page = state.checkout.page else { return "> " }
        switch page.step {
        case .contact, .delivery, .payment:
            guard let id = pendingFields.first, let field = page.fields.first(where: { $0.id == id }) else {
                return "Continue? (enter; /back, /cancel) "
            }
            let example = field.placeholder.isEmpty ? "" : " (like \(field.placeholder))"
            let current = field.displayValue.isEmpty ? "" : " [\(field.displayValue)]"
            return TextSanitizer.cleanLine("\(field.label)\(example)\(current): ")
        case .shipping: return "Shipping method number (enter keeps the chosen one; /back, /cancel) "
        case .review: return "Pay now? (enter pays; /back, /cancel) "
        case .thankYou, .unavailable: return "Close the checkout? (enter) "
        case .loading: return "> "
        }
    }

    /// The field asked for is masked (a card number, a security code): its value is not echoed.
    private func askingMaskedField() -> Bool {
        guard let id = pendingFields.first, let page = store.state.checkout.page else { return false }
        return page.fields.first { $0.id == id }?.isMasked ?? false
    }

    // MARK: Commands

    private func handle(_ line: String) async {
        if store.state.errorMessage != nil {
            store.send(.errorBar(.dismiss))
            printedError = nil
        }
        if store.state.checkout.isPresented {
            await checkoutInput(line)
            return
        }
        await perform(PlainCommand(line))
    }

    private func perform(_ command: PlainCommand) async {
        let state = store.state
        switch command {
        case .help: say(PlainCommand.helpText)
        case .list: printedScreen = nil
        case .back:
            if state.screens.count == 1 { say("This is the first screen.") }
            store.send(.navigation(.back))
        case .home:
            // Asked for at home, the list is shown again rather than nothing.
            if state.screens.count == 1 { printedScreen = nil }
            for _ in 1..<max(state.screens.count, 1) { store.send(.navigation(.back)) }
        case .more:
            guard let list = state.screen.presenter.plainList(state) else { return say("more works on a list.") }
            store.send(list.loadNextPage)
        case .quit: store.send(.navigation(.quit))
        case .events:
            let entries = state.eventLog.entries
            say(entries.isEmpty ? "No checkout events yet." : entries.map(PlainView.event).joined(separator: "\n"))
        case .open(let n): open(n)
        case .screen(let word, let arguments):
            guard let verb = PlainVerb.named(word, arguments: arguments, in: Screen.plainVerbs) else { return }
            await verb.run(arguments, self)
        case .invalid(let message): say(message)
        }
        await settle()
    }

    // MARK: What a screen's commands use

    var state: AppState { store.state }

    func send(_ action: AppAction) { store.send(action) }

    /// The screen is printed after this line even when it has not changed.
    func showScreenAgain() { printedScreen = nil }

    /// Item N of the list on screen, selected and opened; false (after saying why) when there is none.
    @discardableResult
    func open(_ n: Int) -> Bool {
        let state = store.state
        guard let list = state.screen.presenter.plainList(state) else {
            say("open works on a list: the collections, a collection's products, search results.")
            return false
        }
        guard (1...max(list.count, 1)).contains(n), list.count > 0 else {
            say(list.count == 0 ? "The list is empty." : "There is no item \(n) here: 1 to \(list.count).")
            return false
        }
        store.send(list.move(n - 1 - list.selectedIndex))
        store.send(list.openSelected)
        return true
    }

    // MARK: Checkout

    /// A line while the sheet is up: the value of the field asked for, a choice, or a confirmation.
    private func checkoutInput(_ line: String) async {
        let text = line.trimmingCharacters(in: .whitespaces)
        switch text.lowercased() {
        case "/back":
            store.send(.checkout(.pageInput(.back)))
            await settle()
            return
        case "/cancel", "/close", "/quit", "/q":
            closeSheet()
            await settle()
            if text.lowercased().hasPrefix("/q") { store.send(.navigation(.quit)) }
            return
        case "/help":
            say(PlainCommand.helpText)
            return
        case "/events":
            await perform(.events)
            return
        default: break
        }
        guard let page = store.state.checkout.page else { return }
        switch page.step {
        case .contact, .delivery, .payment:
            if let id = pendingFields.first {
                pendingFields.removeFirst()
                if !text.isEmpty { fill(id, with: text, current: page.fields.first { $0.id == id }?.displayValue ?? "") }
                await settle()
            }
            if pendingFields.isEmpty { await submit() }
        case .shipping:
            if !text.isEmpty {
                guard let n = Int(text), page.shippingRates.indices.contains(n - 1) else {
                    return say("Type a number from 1 to \(page.shippingRates.count), or enter for the chosen one.")
                }
                store.send(.checkout(.pageInput(.selectRate(id: page.shippingRates[n - 1].id))))
            }
            await submit()
        case .review:
            await submit()
        case .thankYou, .unavailable:
            closeSheet()
            await settle()
        case .loading:
            await settle()
        }
    }

    /// Closes the sheet; settling then waits until it has gone (its events, then `dismissed`).
    private func closeSheet() {
        closingSheet = true
        store.send(.checkout(.close))
    }

    private func fill(_ id: String, with value: String, current: String) {
        store.send(.checkout(.pageInput(.focus(fieldID: id))))
        for _ in current.unicodeScalars { store.send(.checkout(.pageInput(.deleteBackward))) }
        store.send(.checkout(.pageInput(.insert(value))))
    }

    /// Continue (or pay); a step that comes back with errors asks again for the fields concerned.
    private func submit() async {
        let step = store.state.checkout.page?.step
        store.send(.checkout(.pageInput(.submit)))
        await settle()
        if store.state.checkout.page?.step == step {
            askingStep = nil
            updateQuestions()
        }
    }

    /// After each settle: on arriving at a form step (or coming back to it with errors), the fields
    /// to ask for: the empty ones and the ones with an error.
    private func updateQuestions() {
        guard store.state.checkout.isPresented, let page = store.state.checkout.page else {
            askingStep = nil
            pendingFields = []
            return
        }
        guard page.step != askingStep else { return }
        askingStep = page.step
        pendingFields = page.fields.filter { $0.displayValue.isEmpty || $0.error != nil }.map(\.id)
        // The page text again, with the notice and errors, when a step is asked again.
        printedScreen = nil
    }

    // MARK: Settling

    /// Waits until the store has settled (every action reduced, every request, save and timer the
    /// app started has ended) and nothing it shows is still on its way (the login's address, the
    /// sheet's next page, what the sheet still reports for an input, such as the pixels that follow
    /// a page): woken by the store's own changes, never by a timer.
    func settle() async {
        var changes = store.changes().makeAsyncIterator()
        while true {
            await store.settled()
            guard awaitsMore(store.state), await changes.next() != nil else { break }
        }
        if !store.state.checkout.isPresented { closingSheet = false }
        updateQuestions()
    }

    /// Something on screen is still on its way: the login's address, or the sheet's page, its news
    /// or its going away.
    private func awaitsMore(_ state: AppState) -> Bool {
        if case .loggingIn(authorizationURL: nil) = state.account.status { return true }
        let checkout = state.checkout
        return checkout.isPresented && (closingSheet || checkout.page == nil || checkout.page?.step == .loading || checkout.page?.isBusy == true
                                        || checkout.sheetWork > 0)
    }
}
