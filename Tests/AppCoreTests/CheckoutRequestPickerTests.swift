import XCTest
import AppCore
import AppCoreTesting
import CheckoutSheet
import Storefront

/// Requests of a 2025-10 checkout answered through the reducers: the request opens a picker, the
/// shopper's choice (or esc) is the answer, and an ended request closes its picker.
@MainActor
final class CheckoutRequestPickerTests: XCTestCase {
    let cart = Fixtures.shirtCart()
    let time = Fixtures.date
    let home = MailingAddress(firstName: "Ada", lastName: "Lovelace", address1: "12 St James's Square", city: "London",
                              countryCode: "GB", postalCode: "SW1Y 4JH")
    let addressRequest = CheckoutRequest(kind: .addressChange, id: "7", addressType: "shipping")
    let paymentRequest = CheckoutRequest(kind: .paymentMethodChange, id: "8")
    let approved = CheckoutPaymentCard(number: "4242424242424242", expiry: "12/30", securityCode: "123", nameOnCard: "Test Approved")
    let declined = CheckoutPaymentCard(number: "4000000000000002", expiry: "12/30", securityCode: "123", nameOnCard: "Test Declined")

    func presentedSheet(signedIn: Bool) -> AppState {
        let customer = Customer(id: "gid://shopify/Customer/1", email: "ada@example.com", firstName: "Ada", lastName: "Lovelace",
                                defaultAddress: home)
        return AppState(screens: [.collections, .cart], cart: CartState(cart: cart, confirmedCart: cart),
                        account: AccountState(status: signedIn ? .loggedIn(AccountSession(customer: customer, expiresAt: time))
                                                               : .loggedOut, isAvailable: true))
    }

    func start(_ store: TestStore<AppState, AppAction>) async {
        await store.send(.checkout(.start)) {
            $0.checkout.isPresented = true
            $0.checkout.page = .loading
            $0.checkout.sheetWork = 1
        }
        await store.receive(.checkout(.delegate(.presented)))
    }

    /// The page's request arrives: logged, and its picker opens.
    func receive(_ request: CheckoutRequest, _ env: TestEnvironment, _ store: TestStore<AppState, AppAction>,
                 entryId: Int, picker: CheckoutRequestPicker) async {
        env.sheet.emit(.event(.requested(request)))
        await store.receive(.checkout(.sheetUpdate(.event(.requested(request)), at: time))) {
            $0.eventLog.entries.append(EventLogEntry(id: entryId, time: self.time, name: request.eventName,
                                                     fields: [.init("id", request.id)]))
            $0.eventLog.nextEntryId = entryId + 1
            $0.checkout.picker = picker
        }
    }

    /// The sheet says how the request ended: logged, and the picker (if still up) closes.
    func receiveOutcome(_ outcome: CheckoutRequestOutcome, _ env: TestEnvironment, _ store: TestStore<AppState, AppAction>,
                        entryId: Int, closesPicker: Bool) async {
        env.sheet.emit(.event(.answered(outcome)))
        await store.receive(.checkout(.sheetUpdate(.event(.answered(outcome)), at: time))) {
            var fields = [EventLogEntry.Field("request", outcome.request.eventName), .init("result", outcome.result.rawValue)]
            if let message = outcome.message { fields.append(.init("message", message)) }
            $0.eventLog.entries.append(EventLogEntry(id: entryId, time: self.time, name: "answer", fields: fields))
            $0.eventLog.nextEntryId = entryId + 1
            if closesPicker { $0.checkout.picker = nil }
        }
    }

    func close(_ store: TestStore<AppState, AppAction>, entryId: Int) async {
        await store.send(.checkout(.close))
        await store.receive(.checkout(.sheetUpdate(.event(.canceled(afterCompletion: false)), at: time))) {
            $0.eventLog.entries.append(EventLogEntry(id: entryId, time: self.time, name: "cancel",
                                                     fields: [.init("afterCompletion", "false")]))
            $0.eventLog.nextEntryId = entryId + 1
        }
        await store.receive(.checkout(.sheetUpdate(.dismissed, at: time))) {
            $0.eventLog.entries.append(EventLogEntry(id: entryId + 1, time: self.time, name: "dismissed"))
            $0.eventLog.nextEntryId = entryId + 2
            $0.checkout.isPresented = false
            $0.checkout.page = nil
            $0.checkout.picker = nil
        }
        await store.receive(.checkout(.presentationEnded))
    }

    func testTheCustomersSavedAddressIsTheAnswerToAnAddressChange() async {
        let env = TestEnvironment()
        let store = env.store(presentedSheet(signedIn: true))
        await start(store)
        await receive(addressRequest, env, store, entryId: 1,
                      picker: CheckoutRequestPicker(request: addressRequest, options: [.address(home), .typeAddress]))
        // The saved address, then the row to type one: the arrows stop at the ends.
        await store.send(.checkout(.pickerMove(by: -1)))
        await store.send(.checkout(.pickerChoose)) {
            $0.checkout.picker = nil
            $0.checkout.sheetWork += 1
        }
        await receiveOutcome(CheckoutRequestOutcome(request: addressRequest, result: .answered), env, store,
                             entryId: 2, closesPicker: false)
        await close(store, entryId: 3)
        await store.finish()
        XCTAssertEqual(env.sheet.calls, [.present(cart.checkoutUrl), .answer("7", .address(home)), .dismiss])
    }

    func testTheShopperPicksTheSecondSavedCard() async {
        let env = TestEnvironment()
        let store = env.store(presentedSheet(signedIn: false))
        await start(store)
        await receive(paymentRequest, env, store, entryId: 1,
                      picker: CheckoutRequestPicker(request: paymentRequest, options: [.card(approved), .card(declined)]))
        await store.send(.checkout(.pickerMove(by: 1))) { $0.checkout.picker?.selection = 1 }
        await store.send(.checkout(.pickerMove(by: 1)))
        await store.send(.checkout(.pickerMove(by: -1))) { $0.checkout.picker?.selection = 0 }
        await store.send(.checkout(.pickerMove(by: 1))) { $0.checkout.picker?.selection = 1 }
        await store.send(.checkout(.pickerChoose)) {
            $0.checkout.picker = nil
            $0.checkout.sheetWork += 1
        }
        // A second enter after the answer does nothing.
        await store.send(.checkout(.pickerChoose))
        await close(store, entryId: 2)
        await store.finish()
        XCTAssertEqual(env.sheet.calls, [.present(cart.checkoutUrl), .answer("8", .paymentCard(declined)), .dismiss])
    }

    func testEscDeclinesAndThePageHearsWhy() async {
        let env = TestEnvironment()
        let store = env.store(presentedSheet(signedIn: true))
        await start(store)
        await receive(paymentRequest, env, store, entryId: 1,
                      picker: CheckoutRequestPicker(request: paymentRequest, options: [.card(approved), .card(declined)]))
        await store.send(.checkout(.pickerDecline)) {
            $0.checkout.picker = nil
            $0.checkout.sheetWork += 1
        }
        let message = "The shopper kept the current payment method"
        await receiveOutcome(CheckoutRequestOutcome(request: paymentRequest, result: .error, message: message), env, store,
                             entryId: 2, closesPicker: false)
        await close(store, entryId: 3)
        await store.finish()
        XCTAssertEqual(env.sheet.calls, [.present(cart.checkoutUrl), .answer("8", .errors([message])), .dismiss])
    }

    func testWithoutASavedAddressOnlyTypingIsOfferedAndEscDeclines() async {
        let env = TestEnvironment()
        let store = env.store(presentedSheet(signedIn: false))
        await start(store)
        await receive(addressRequest, env, store, entryId: 1,
                      picker: CheckoutRequestPicker(request: addressRequest, options: [.typeAddress]))
        await store.send(.checkout(.pickerMove(by: 1)))
        await store.send(.checkout(.pickerDecline)) {
            $0.checkout.picker = nil
            $0.checkout.sheetWork += 1
        }
        await close(store, entryId: 2)
        await store.finish()
        XCTAssertEqual(env.sheet.calls, [.present(cart.checkoutUrl), .answer("7", .errors(["The shopper kept the current address"])),
                                         .dismiss])
    }

    func testAMissedDeadlineClosesThePickerAndALateChoiceIsNotSent() async {
        let env = TestEnvironment()
        let store = env.store(presentedSheet(signedIn: true))
        await start(store)
        await receive(paymentRequest, env, store, entryId: 1,
                      picker: CheckoutRequestPicker(request: paymentRequest, options: [.card(approved), .card(declined)]))
        let message = "The app did not answer paymentMethodChangeStart within 10 s."
        await receiveOutcome(CheckoutRequestOutcome(request: paymentRequest, result: .timeout, message: message), env, store,
                             entryId: 2, closesPicker: true)
        await store.send(.checkout(.pickerChoose))
        await store.send(.checkout(.pickerDecline))
        await close(store, entryId: 3)
        await store.finish()
        XCTAssertEqual(env.sheet.calls, [.present(cart.checkoutUrl), .dismiss])
    }

    func testTheOutcomeOfAnotherRequestLeavesThePickerUp() async {
        let env = TestEnvironment()
        let store = env.store(presentedSheet(signedIn: true))
        await start(store)
        let picker = CheckoutRequestPicker(request: paymentRequest, options: [.card(approved), .card(declined)])
        await receive(paymentRequest, env, store, entryId: 1, picker: picker)
        await receiveOutcome(CheckoutRequestOutcome(request: addressRequest, result: .timeout, message: "late"), env, store,
                             entryId: 2, closesPicker: false)
        XCTAssertEqual(store.state.checkout.picker, picker)
        // Closing the sheet takes the picker with it.
        await close(store, entryId: 3)
        await store.finish()
        XCTAssertEqual(env.sheet.calls, [.present(cart.checkoutUrl), .dismiss])
    }

    // MARK: A typed address

    /// The shop's country fills the form's; nobody is signed in, so the list is the one row.
    func typingSheet() -> AppState {
        var state = presentedSheet(signedIn: false)
        state.shop = Shop(name: "Aurora Outfitters", description: "", domain: "aurora.example", currencyCode: "EUR",
                          countryCode: "NL", policies: [])
        return state
    }

    /// Opens the form from the list's one row.
    func openForm(_ env: TestEnvironment, _ store: TestStore<AppState, AppAction>, country: String = "NL") async {
        await start(store)
        await receive(addressRequest, env, store, entryId: 1,
                      picker: CheckoutRequestPicker(request: addressRequest, options: [.typeAddress]))
        await store.send(.checkout(.pickerChoose)) {
            $0.checkout.picker?.form = CheckoutAddressForm(countryCode: country)
            $0.checkout.picker?.isTyping = true
        }
    }

    /// The shopper picked Japan in a Dutch shop: a typed address starts in Japan, not in the shop's country.
    func testATypedAddressStartsInTheShoppersMarket() async {
        let env = TestEnvironment()
        var state = typingSheet()
        state.country = "JP"
        let store = env.store(state)
        await openForm(env, store, country: "JP")
        await close(store, entryId: 2)
        await store.finish()
    }

    func testATypedAddressIsCheckedThenSentAsTheAnswer() async {
        let env = TestEnvironment()
        let store = env.store(typingSheet())
        await openForm(env, store)
        XCTAssertEqual(store.state.checkout.picker?.form?.value(.countryCode), "NL")
        XCTAssertEqual(store.state.checkout.picker?.title, "Type a shipping address")
        // The list's arrows do nothing here.
        await store.send(.checkout(.pickerMove(by: -1)))
        // Text from outside is cleaned as it is typed: the escape sequence goes, the rest stays.
        await store.send(.checkout(.pickerEdit(.insert("Vincent\u{1B}[31m")))) { $0.checkout.picker?.form?.values[.name] = "Vincent" }
        await store.send(.checkout(.pickerEdit(.focusNext))) { $0.checkout.picker?.form?.focus = .address1 }
        await store.send(.checkout(.pickerEdit(.insert("Prinsengracht 263")))) {
            $0.checkout.picker?.form?.values[.address1] = "Prinsengracht 263"
        }
        await store.send(.checkout(.pickerEdit(.focusPrevious))) { $0.checkout.picker?.form?.focus = .name }
        // The country cannot be three letters: the third is not taken.
        await store.send(.checkout(.pickerEdit(.focus(fieldID: "countryCode")))) { $0.checkout.picker?.form?.focus = .countryCode }
        await store.send(.checkout(.pickerEdit(.clearField))) { $0.checkout.picker?.form?.values[.countryCode] = "" }
        await store.send(.checkout(.pickerEdit(.insert("n1x")))) { $0.checkout.picker?.form?.values[.countryCode] = "N1" }
        // Enter with a one-word name, no city, no postal code and "N1": errors, focus on the first, nothing sent.
        await store.send(.checkout(.pickerChoose)) {
            $0.checkout.picker?.form?.errors = [.name: "Enter a first and a last name", .city: "Enter a city",
                                               .postalCode: "Enter a postal code",
                                               .countryCode: "Enter the country as two letters, like NL"]
            $0.checkout.picker?.form?.focus = .name
        }
        XCTAssertEqual(env.sheet.calls, [.present(cart.checkoutUrl)])
        // Editing a field takes its error away.
        await store.send(.checkout(.pickerEdit(.insert(" van Gogh")))) {
            $0.checkout.picker?.form?.values[.name] = "Vincent van Gogh"
            $0.checkout.picker?.form?.errors[.name] = nil
        }
        await store.send(.checkout(.pickerEdit(.focus(fieldID: "city")))) { $0.checkout.picker?.form?.focus = .city }
        await store.send(.checkout(.pickerEdit(.insert("Amsterdam")))) {
            $0.checkout.picker?.form?.values[.city] = "Amsterdam"
            $0.checkout.picker?.form?.errors[.city] = nil
        }
        await store.send(.checkout(.pickerEdit(.focusNext))) { $0.checkout.picker?.form?.focus = .postalCode }
        await store.send(.checkout(.pickerEdit(.insert("1016 gv ")))) {
            $0.checkout.picker?.form?.values[.postalCode] = "1016 gv "
            $0.checkout.picker?.form?.errors[.postalCode] = nil
        }
        await store.send(.checkout(.pickerEdit(.focusNext))) { $0.checkout.picker?.form?.focus = .countryCode }
        await store.send(.checkout(.pickerEdit(.deleteBackward))) {
            $0.checkout.picker?.form?.values[.countryCode] = "N"
            $0.checkout.picker?.form?.errors[.countryCode] = nil
        }
        await store.send(.checkout(.pickerEdit(.insert("l")))) { $0.checkout.picker?.form?.values[.countryCode] = "NL" }
        // Tab past the last field comes back to the first.
        await store.send(.checkout(.pickerEdit(.focusNext))) { $0.checkout.picker?.form?.focus = .name }
        await store.send(.checkout(.pickerChoose)) {
            $0.checkout.picker = nil
            $0.checkout.sheetWork += 1
        }
        await receiveOutcome(CheckoutRequestOutcome(request: addressRequest, result: .answered), env, store,
                             entryId: 2, closesPicker: false)
        await close(store, entryId: 3)
        await store.finish()
        let typed = MailingAddress(firstName: "Vincent", lastName: "van Gogh", address1: "Prinsengracht 263", city: "Amsterdam",
                                   countryCode: "NL", postalCode: "1016 GV")
        XCTAssertEqual(env.sheet.calls, [.present(cart.checkoutUrl), .answer("7", .address(typed)), .dismiss])
    }

    func testEscGoesBackToTheListKeepingWhatWasTypedAndASecondEscDeclines() async {
        let env = TestEnvironment()
        let store = env.store(typingSheet())
        await openForm(env, store)
        await store.send(.checkout(.pickerEdit(.insert("Ada Lovelace")))) { $0.checkout.picker?.form?.values[.name] = "Ada Lovelace" }
        await store.send(.checkout(.pickerBack)) { $0.checkout.picker?.isTyping = false }
        XCTAssertEqual(store.state.checkout.picker?.title, "Choose a shipping address")
        // In the list, typing goes nowhere and esc-back is not a thing.
        await store.send(.checkout(.pickerEdit(.insert("x"))))
        await store.send(.checkout(.pickerBack))
        // Back in the form, the name is still there.
        await store.send(.checkout(.pickerChoose)) { $0.checkout.picker?.isTyping = true }
        XCTAssertEqual(store.state.checkout.picker?.form?.value(.name), "Ada Lovelace")
        await store.send(.checkout(.pickerBack)) { $0.checkout.picker?.isTyping = false }
        await store.send(.checkout(.pickerDecline)) {
            $0.checkout.picker = nil
            $0.checkout.sheetWork += 1
        }
        let message = "The shopper kept the current address"
        await receiveOutcome(CheckoutRequestOutcome(request: addressRequest, result: .error, message: message), env, store,
                             entryId: 2, closesPicker: false)
        await close(store, entryId: 3)
        await store.finish()
        XCTAssertEqual(env.sheet.calls, [.present(cart.checkoutUrl), .answer("7", .errors([message])), .dismiss])
    }

    func testTheDeadlinePassingWhileTypingClosesTheFormAndNothingIsSent() async {
        let env = TestEnvironment()
        let store = env.store(typingSheet())
        await openForm(env, store)
        await store.send(.checkout(.pickerEdit(.insert("Ada Lovelace")))) { $0.checkout.picker?.form?.values[.name] = "Ada Lovelace" }
        let message = "The app did not answer addressChangeStart within 10 s."
        await receiveOutcome(CheckoutRequestOutcome(request: addressRequest, result: .timeout, message: message), env, store,
                             entryId: 2, closesPicker: true)
        // Keys still on their way after the form closed change nothing and send nothing.
        await store.send(.checkout(.pickerEdit(.insert("x"))))
        await store.send(.checkout(.pickerChoose))
        await store.send(.checkout(.pickerBack))
        await close(store, entryId: 3)
        await store.finish()
        XCTAssertEqual(env.sheet.calls, [.present(cart.checkoutUrl), .dismiss])
    }
}
