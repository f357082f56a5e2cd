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
        if store.state.checkout.isPresented { store.send(.checkout(.close)) }
        await settle()
        store.cancelAllEffects()
        say("Bye.")
    }

    // MARK: Output

    /// Prints text as lines: sanitised (no escape sequence or control from data reaches the output).
    private func say(_ text: String) {
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
        // A login finishes while the buyer is in the browser: say so when it does.
        if state.account.isLoggedIn != wasLoggedIn {
            wasLoggedIn = state.account.isLoggedIn
            if let customer = state.account.session?.customer {
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
    private func printChanges(forceScreen: Bool = false) {
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
        case .open(let n): await open(n)
        case .add(let n): await add(n)
        case .search(let query): await search(query)
        case .cart:
            // Asked for on the cart, the cart is shown again rather than nothing.
            if state.screen == .cart { printedScreen = nil }
            showCart()
        case .checkout:
            showCart()
            await settle()
            store.send(.checkout(.start))
        case .set(let option, let value): chooseOption(option, value)
        case .quantity(let line, let quantity): setQuantity(line: line, quantity)
        case .remove(let n):
            guard selectCartLine(n) else { return }
            store.send(.cart(.requestRemove))
            store.send(.cart(.confirmRemove))
        case .discount(let code):
            showCart()
            if let code { edit(.discountCode, code) } else { store.send(.cart(.clearDiscountCodes)) }
        case .note(let text):
            showCart()
            edit(.note, text)
        case .account:
            if state.screen != .account { store.send(.account(.open)) }
        case .login:
            if state.screen != .account { store.send(.account(.open)) }
            store.send(.account(.logInTapped))
        case .logout: store.send(.account(.logOutTapped))
        case .cancel: store.send(.account(.cancelLogin))
        case .orders(let number): await showOrders(number)
        case .subscriptions: await showSubscriptions()
        case .subscription(let request, let n, let confirmed): await changeSubscription(request, n, confirmed: confirmed)
        case .country(let wanted): await chooseCountry(wanted)
        case .about(let policy):
            store.send(.navigation(.push(.about(AboutState()))))
            store.send(.about(.show(policy: policy)))
        case .invalid(let message): say(message)
        }
        await settle()
    }

    /// Your orders, or one of them: `number` is the order's number (#1001, 1001) or its place in the list.
    private func showOrders(_ number: String?) async {
        if case .orders(let screen) = store.state.screen {
            if screen.openOrderId != nil { store.send(.orders(.closeDetails)) }
        } else {
            store.send(.orders(.open))
        }
        guard let number else { return }
        await settle()
        guard case .orders(let screen) = store.state.screen else { return }
        let list = screen.summaries(placed: store.state.orders, signedIn: store.state.account.isLoggedIn)
        let wanted = number.hasPrefix("#") ? String(number.dropFirst()) : number
        let index = list.firstIndex { $0.number == "#" + wanted || $0.number == wanted }
            ?? Int(wanted).flatMap { (1...max(list.count, 1)).contains($0) && !list.isEmpty ? $0 - 1 : nil }
        guard let index else {
            return say(list.isEmpty ? "You have no orders yet." : "There is no order \(number): a number like \(list[0].number), or 1 to \(list.count).")
        }
        store.send(.orders(.moveSelection(by: index - screen.selectedIndex, rows: PlainSession.listRows)))
        store.send(.orders(.openSelected))
    }

    /// Your subscriptions, read again (the screen opens when it is not on top).
    private func showSubscriptions() async {
        guard store.state.account.isLoggedIn else { return say("Subscriptions belong to a customer account: login first.") }
        if case .subscriptions = store.state.screen {
            store.send(.subscriptions(.reload))
            printedScreen = nil
        } else {
            store.send(.subscriptions(.open))
        }
        await settle()
    }

    /// `pause N`, `resume N`, `skip N`, `cancel N yes`: subscription N of the list, changed; `cancel N`
    /// only asks. What the shop did shows in the list read again.
    private func changeSubscription(_ request: SubscriptionRequest, _ n: Int, confirmed: Bool) async {
        guard store.state.account.isLoggedIn else { return say("Subscriptions belong to a customer account: login first.") }
        if case .subscriptions(let screen) = store.state.screen, screen.subscriptions != nil {} else {
            store.send(.subscriptions(.open))
            await settle()
            printChanges()
        }
        guard case .subscriptions(let screen) = store.state.screen, let list = screen.subscriptions else { return }
        guard list.indices.contains(n - 1) else {
            return say(list.isEmpty ? "You have no subscriptions." : "There is no subscription \(n): 1 to \(list.count).")
        }
        let subscription = list[n - 1]
        guard confirmed else {
            return say("Cancel \(subscription.item) (\(subscription.cadence))? Type cancel \(n) yes to cancel it.")
        }
        store.send(.subscriptions(.send(request, id: subscription.id)))
        await settle()
    }

    /// `country`: where the shop sells; `country JP` or `country japan`: prices from there on in its
    /// currency, the cart's buyer identity with them, and the screen shown again in it.
    private func chooseCountry(_ wanted: String?) async {
        let state = store.state
        guard let wanted else { return say(PlainView.countries(state)) }
        let countries = state.localization?.availableCountries ?? []
        guard countries.count > 1 else { return say("\(state.shop?.name ?? "The shop") sells in one country only.") }
        guard let country = countries.first(where: { $0.isoCode.lowercased() == wanted.lowercased() || matches($0.name, wanted) }) else {
            let codes = countries.map(\.isoCode).joined(separator: ", ")
            return say("The shop does not sell in \"\(wanted)\": try \(codes) (country lists them).")
        }
        guard country.isoCode != state.marketCountry?.isoCode || state.country == nil else {
            return say("Already shopping from \(country.name).")
        }
        store.send(.markets(.delegate(.chosen(country.isoCode))))
        await settle()
        say("Shopping from \(country.name): prices in \(country.currencyCode).")
        printedScreen = nil
    }

    /// The numbered items of the list on screen, and how to select and open one.
    private func open(_ n: Int) async {
        let state = store.state
        guard let list = state.screen.presenter.plainList(state) else {
            return say("open works on a list: the collections, a collection's products, search results.")
        }
        guard (1...max(list.count, 1)).contains(n), list.count > 0 else {
            return say(list.count == 0 ? "The list is empty." : "There is no item \(n) here: 1 to \(list.count).")
        }
        store.send(list.move(n - 1 - list.selectedIndex))
        store.send(list.openSelected)
    }

    private func add(_ n: Int?) async {
        if store.state.screen.isProductDetail {
            if let n { setQuantity(line: nil, n) }
            addShownProduct()
            return
        }
        let onProductList = store.state.screen.presenter.plainList(store.state)?.listsProducts == true
        guard let n, onProductList else {
            say("add N puts product N of a list of products in the cart (open a collection or search first); "
                + "on a product, add puts the product shown.")
            return
        }
        let before = store.state.screens.count
        await open(n)
        await settle()
        guard store.state.screen.isProductDetail, store.state.screens.count > before else { return }
        addShownProduct()
        await settle()
        store.send(.navigation(.back))
    }

    private func addShownProduct() {
        guard let detail = store.state.productDetail, detail.product != nil else { return say("The product is not loaded.") }
        if let country = detail.notSoldIn { return say("\(detail.product?.title ?? detail.handle) is not sold in \(country).") }
        guard detail.canAddToCart else { return say("This choice is sold out or not available.") }
        let title = detail.product?.title ?? detail.handle
        store.send(.productDetail(.addToCart))
        say("Adding \(detail.quantity) × \(title)" + (detail.selectedVariant.map { v in
            v.title == "Default Title" ? "" : " · \(v.title)" } ?? "") + " to the cart.")
    }

    private func search(_ query: String) async {
        if store.state.screen != .search { store.send(.navigation(.openSearch)) }
        store.send(.search(.clearQuery))
        store.send(.search(.insert(query)))
        // Search waits for typing to pause before it runs: settling waits for that and its answer.
        await settle()
    }

    private func showCart() {
        if store.state.screen != .cart { store.send(.navigation(.openCart)) }
    }

    private func chooseOption(_ optionName: String, _ valueName: String) {
        guard let detail = store.state.productDetail, let product = detail.product, store.state.screen.isProductDetail else {
            return say("set works on a product: open one first.")
        }
        if let row = detail.planRowIndex, !product.options.contains(where: { matches($0.name, optionName) }),
           matches("Purchase", optionName) || matches("subscription", optionName) {
            // "set Purchase Every 2 weeks", "set purchase one-time".
            let names = ["One-time"] + detail.sellingPlans.map(\.name)
            guard let choice = names.firstIndex(where: { matches($0, valueName) }) else {
                return say("No purchase \"\(valueName)\": \(names.joined(separator: ", ")).")
            }
            store.send(.productDetail(.focusOption(by: row - detail.focusedOptionIndex)))
            store.send(.productDetail(.selectOptionValue(by: choice - detail.selectedPlanIndex)))
            return
        }
        guard let optionIndex = product.options.firstIndex(where: { matches($0.name, optionName) }) else {
            let rows = product.options.map(\.name) + (detail.planRowIndex == nil ? [] : ["Purchase"])
            return say("No option \"\(optionName)\": \(rows.joined(separator: ", ")).")
        }
        let values = product.options[optionIndex].optionValues.map(\.name)
        guard let valueIndex = values.firstIndex(where: { matches($0, valueName) }) else {
            return say("No \(product.options[optionIndex].name) \"\(valueName)\": \(values.joined(separator: ", ")).")
        }
        let current = values.firstIndex(of: detail.selectedOptions[optionIndex].value) ?? 0
        store.send(.productDetail(.focusOption(by: optionIndex - detail.focusedOptionIndex)))
        store.send(.productDetail(.selectOptionValue(by: valueIndex - current)))
    }

    /// Exact (ignoring case) first, then a unique prefix.
    private func matches(_ name: String, _ typed: String) -> Bool {
        name.lowercased() == typed.lowercased() || name.lowercased().hasPrefix(typed.lowercased())
    }

    private func setQuantity(line: Int?, _ quantity: Int) {
        guard quantity >= 1 else { return say("The quantity is at least 1 (remove N takes a line out of the cart).") }
        if let line {
            guard selectCartLine(line), let current = store.state.cart.selectedLine?.quantity else { return }
            let steps = min(abs(quantity - current), 999)
            for _ in 0..<steps { store.send(.cart(quantity > current ? .incrementQuantity : .decrementQuantity)) }
            return
        }
        guard let detail = store.state.productDetail, store.state.screen.isProductDetail else {
            return say("qty Q works on a product; in the cart it is qty LINE Q.")
        }
        let steps = min(abs(quantity - detail.quantity), 999)
        for _ in 0..<steps { store.send(.productDetail(quantity > detail.quantity ? .incrementQuantity : .decrementQuantity)) }
        if let maximum = store.state.productDetail?.maximumQuantity, quantity > maximum {
            say("Only \(maximum) available: the quantity is \(maximum).")
        }
    }

    private func selectCartLine(_ n: Int) -> Bool {
        showCart()
        let lines = store.state.cart.cart?.lines ?? []
        guard lines.indices.contains(n - 1) else {
            say(lines.isEmpty ? "Your cart is empty." : "There is no line \(n) in the cart: 1 to \(lines.count).")
            return false
        }
        store.send(.cart(.moveSelection(by: n - 1 - store.state.cart.selectedLineIndex, rows: PlainSession.listRows)))
        return true
    }

    private func edit(_ field: CartTextField, _ text: String) {
        store.send(.cart(.beginEditing(field)))
        let existing = field == .discountCode ? store.state.cart.discountCodeText : store.state.cart.noteText
        for _ in existing.unicodeScalars { store.send(.cart(.deleteBackward)) }
        if !text.isEmpty { store.send(.cart(.insert(text))) }
        store.send(.cart(.commitEditing))
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
            store.send(.checkout(.close))
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
            store.send(.checkout(.close))
            await settle()
        case .loading:
            await settle()
        }
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
    /// sheet's next page): woken by the store's own changes, never by a timer. The checkout sheet
    /// also reports on its own (a page's pixels follow the page), which no effect of the app waits
    /// for: while it is up, its news is given a moment (`sheetNews`).
    private func settle() async {
        var changes = store.changes().makeAsyncIterator()
        while true {
            await store.settled()
            guard Self.awaitsMore(store.state), await changes.next() != nil else { break }
        }
        if store.state.checkout.isPresented { await sheetNews() }
        updateQuestions()
    }

    /// Something on screen is still on its way: the login's address, or the sheet's page.
    private static func awaitsMore(_ state: AppState) -> Bool {
        if case .loggingIn(authorizationURL: nil) = state.account.status { return true }
        let checkout = state.checkout
        return checkout.isPresented && (checkout.page == nil || checkout.page?.step == .loading || checkout.page?.isBusy == true)
    }

    /// While the sheet is up: until it has said nothing new for a moment (its pixels follow a page
    /// by a few milliseconds), at most a second.
    private func sheetNews() async {
        let clock = ContinuousClock()
        let deadline = clock.now + .seconds(1)
        var version = store.version
        repeat {
            version = store.version
            try? await clock.sleep(for: .milliseconds(80))
        } while store.version != version && clock.now < deadline
    }
}
