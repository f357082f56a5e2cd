import XCTest
import AppCore
import AppCoreTesting
import Storefront

@MainActor
final class CartTests: XCTestCase {
    let shirt = Fixtures.shirt()

    /// An optimistic edit: the edited cart shows at once, and request `id` is in flight.
    static func sent(_ id: Int, showing cart: Cart) -> (inout AppState) -> Void {
        { state in
            state.cart.cart = cart
            state.cart.latestRequestId = id
            state.cart.nextRequestId = id + 1
            state.setLoading([.cartMutation])
        }
    }

    /// The answer to the latest request: the server's cart shows and becomes the rollback target.
    static func answered(_ id: Int, with cart: Cart) -> (inout AppState) -> Void {
        { state in
            state.cart.cart = cart
            state.cart.confirmedCart = cart
            state.cart.confirmedRequestId = id
            state.cart.latestRequestId = nil
            state.setLoading([])
        }
    }

    /// Types `text` into the cart's discount code or note and commits it: request 1 asks for it
    /// (a note shows at once).
    static func commit(_ text: String, to field: CartTextField, in store: TestStore<AppState, AppAction>) async {
        await store.send(.cart(.beginEditing(field))) { $0.cart.editing = field }
        await store.send(.cart(.insert(text))) { if field == .note { $0.cart.noteText = text } else { $0.cart.discountCodeText = text } }
        await store.send(.cart(.commitEditing)) {
            $0.cart.editing = nil
            if field == .note { $0.cart.noteText = ""; $0.cart.cart?.note = text } else { $0.cart.discountCodeText = "" }
            $0.cart.latestRequestId = 1
            $0.cart.nextRequestId = 2
            $0.setLoading([.cartMutation])
        }
    }

    /// On the cart screen with one line of 1 × S / Red, as the server last confirmed it.
    func cartState(_ cart: Cart = Fixtures.shirtCart()) -> AppState {
        AppState(screens: [.collections, .cart], cart: CartState(cart: cart, confirmedCart: cart))
    }

    /// 2 × S / Red added from the product page with no cart in the app; the shop answers `cart`.
    /// `unitsAdded`: what the add says it counted (an add to a cart that exists reads it just before).
    func addTwoWithoutACart(_ env: TestEnvironment, answered cart: Cart, unitsAdded: [String: Int]? = nil) async {
        var state = AppState(screens: [.collections, .productDetail(handle: "shirt")], productDetail: ProductDetailState(product: shirt))
        state.productDetail?.quantity = 2
        let store = env.store(state)

        // Nothing is said to be added until the store answers.
        await store.send(.productDetail(.addToCart))
        let red = CartAddRequest(CartMerchandise(variant: shirt.variants[0], of: shirt), quantity: 2)
        await store.receive(.productDetail(.delegate(.addToCart(red.merchandise, quantity: 2)))) {
            $0.setLoading([.cartCreate])
            $0.cart.latestRequestId = 1
            $0.cart.nextRequestId = 2
        }
        await store.receive(.cart(.addResponse(requestId: 1, adding: [red], .success(CartPayload(cart: cart, unitsAdded: unitsAdded)))),
                            assert: Self.answered(1, with: cart))
        await store.receive(.cart(.delegate(.added(CartAddOutcome(request: red, added: 2))))) {
            $0.productDetail?.confirmation = "Added 2 × Shirt shirt (S / Red) to your cart."
        }
        await env.clock.advance(by: .seconds(4))
        await store.receive(.productDetail(.confirmationExpired)) { $0.productDetail?.confirmation = nil }
        await store.finish()
    }

    func testAddingWithoutACartCreatesOneWithTheLineAndSavesItsId() async {
        var env = TestEnvironment()
        let inputs = Recorder<CartInput>()
        let created = Fixtures.shirtCart(quantity: 2)
        env.storefront.onCartCreate = { input in inputs.record(input); return CartPayload(cart: created) }
        await addTwoWithoutACart(env, answered: created)
        XCTAssertEqual(inputs.values, [CartInput(lines: [CartLineInput(merchandiseId: "shirt-s-red", quantity: 2)])])
        XCTAssertEqual(env.savedCartIds.values, ["cart-1"])
    }

    /// Another app on the same state directory started a cart after this one started: an add
    /// joins that cart instead of leaving it behind for a new one.
    func testAddingWithoutACartJoinsTheCartAnotherProcessStarted() async {
        var env = TestEnvironment()
        let theirs = Fixtures.shirtCart()
        let joined = Fixtures.shirtCart(quantity: 3)
        let added = Recorder<String>()
        env.storedCartId = theirs.id
        env.storefront.onCart = { id in id == theirs.id ? theirs : nil }
        env.storefront.onCartCreate = { _ in XCTFail("no second cart"); return CartPayload(cart: nil) }
        env.storefront.onLinesAdd = { id, _ in added.record(id); return CartPayload(cart: joined) }
        // Counted against their cart as read just before the add (1 unit), not against no cart.
        await addTwoWithoutACart(env, answered: joined, unitsAdded: ["shirt-s-red": 2])
        XCTAssertEqual(added.values, [theirs.id])
    }

    func testAddsWhileTheCartIsBeingCreatedFollowOnceItExists() async {
        var env = TestEnvironment()
        let gate = Gate<Int, CartPayload>()
        env.storefront.onCartCreate = { _ in try await gate.wait(for: 0) }
        let blue = shirt.variants[1]
        let withBoth = Fixtures.cart(lines: [Fixtures.line("line-1", variant: shirt.variants[0], of: shirt, quantity: 1),
                                             Fixtures.line("line-2", variant: blue, of: shirt, quantity: 1)])
        env.storefront.onLinesAdd = { cartId, lines in
            XCTAssertEqual(cartId, "cart-1")
            XCTAssertEqual(lines, [CartLineInput(merchandiseId: "shirt-s-blue", quantity: 1)])
            return CartPayload(cart: withBoth)
        }
        let store = env.store(AppState(screens: [.collections, .productDetail(handle: "shirt")],
                                       productDetail: ProductDetailState(product: shirt)))

        await store.send(.productDetail(.addToCart))
        let red = CartAddRequest(CartMerchandise(variant: shirt.variants[0], of: shirt), quantity: 1)
        let blueAdd = CartAddRequest(CartMerchandise(variant: blue, of: shirt), quantity: 1)
        await store.receive(.productDetail(.delegate(.addToCart(red.merchandise, quantity: 1)))) {
            $0.setLoading([.cartCreate])
            $0.cart.latestRequestId = 1
            $0.cart.nextRequestId = 2
        }
        await store.send(.productDetail(.focusOption(by: 1))) { $0.productDetail?.focusedOptionIndex = 1 }
        await store.send(.productDetail(.selectOptionValue(by: 1))) {
            $0.productDetail?.selectedOptions[1].value = "Blue"
        }
        await store.send(.productDetail(.addToCart))
        await store.receive(.productDetail(.delegate(.addToCart(blueAdd.merchandise, quantity: 1)))) {
            $0.cart.queuedLines = [blueAdd]
        }
        let created = Fixtures.shirtCart()
        gate.answer(0, with: CartPayload(cart: created))
        await store.receive(.cart(.addResponse(requestId: 1, adding: [red], .success(CartPayload(cart: created))))) {
            $0.cart.cart = created
            $0.cart.confirmedCart = created
            $0.cart.confirmedRequestId = 1
            $0.cart.queuedLines = []
            // The queued line goes out at once, as request 2.
            $0.cart.latestRequestId = 2
            $0.cart.nextRequestId = 3
            $0.setLoading([.cartMutation])
        }
        await store.receive(.cart(.delegate(.added(CartAddOutcome(request: red, added: 1))))) {
            $0.productDetail?.confirmation = "Added 1 × Shirt shirt (S / Red) to your cart."
        }
        await store.receive(.cart(.addResponse(requestId: 2, adding: [blueAdd], .success(CartPayload(cart: withBoth)))), assert: Self.answered(2, with: withBoth))
        await store.receive(.cart(.delegate(.added(CartAddOutcome(request: blueAdd, added: 1))))) {
            $0.productDetail?.confirmation = "Added 1 × Shirt shirt (S / Blue) to your cart."
        }
        await env.clock.advance(by: .seconds(4))
        await store.receive(.productDetail(.confirmationExpired)) { $0.productDetail?.confirmation = nil }
        await store.finish()
        XCTAssertEqual(env.savedCartIds.values, ["cart-1"])
    }

    func testAddingToAnExistingCartShowsTheLineAtOnce() async {
        var env = TestEnvironment()
        let gate = Gate<Int, CartPayload>()
        env.storefront.onLinesAdd = { _, _ in try await gate.wait(for: 0) }
        let blue = shirt.variants[1]
        var state = cartState()
        state.screens = [.collections, .productDetail(handle: "shirt")]
        state.productDetail = ProductDetailState(product: shirt)
        state.productDetail?.selectedOptions[1].value = "Blue"
        let store = env.store(state)

        let pending = CartLine(id: "pending:shirt-s-blue", quantity: 1, merchandise: CartMerchandise(variant: blue, of: shirt),
                               cost: CartLineCost(amountPerQuantity: Fixtures.usd("20.00"), subtotalAmount: Fixtures.usd("20.00"),
                                                  totalAmount: Fixtures.usd("20.00")))
        await store.send(.productDetail(.addToCart))
        let blueAdd = CartAddRequest(CartMerchandise(variant: blue, of: shirt), quantity: 1)
        await store.receive(.productDetail(.delegate(.addToCart(blueAdd.merchandise, quantity: 1)))) {
            $0.cart.cart?.lines.append(pending)
            $0.cart.cart?.cost = CartCost(subtotalAmount: Fixtures.usd("40.00"), totalAmount: Fixtures.usd("40.00"))
            $0.cart.latestRequestId = 1
            $0.cart.nextRequestId = 2
            $0.setLoading([.cartMutation])
        }
        let server = Fixtures.cart(lines: [Fixtures.line("line-1", variant: shirt.variants[0], of: shirt, quantity: 1),
                                           Fixtures.line("line-2", variant: blue, of: shirt, quantity: 1)])
        gate.answer(0, with: CartPayload(cart: server))
        await store.receive(.cart(.addResponse(requestId: 1, adding: [blueAdd], .success(CartPayload(cart: server)))), assert: Self.answered(1, with: server))
        await store.receive(.cart(.delegate(.added(CartAddOutcome(request: blueAdd, added: 1))))) {
            $0.productDetail?.confirmation = "Added 1 × Shirt shirt (S / Blue) to your cart."
        }
        await env.clock.advance(by: .seconds(4))
        await store.receive(.productDetail(.confirmationExpired)) { $0.productDetail?.confirmation = nil }
        await store.finish()
        XCTAssertEqual(env.savedCartIds.values, [])
    }

    /// 9 asked onto a line of 4 with 9 in stock: the store took 5. The product screen says 5 and
    /// why, and the error bar does not say the same thing again beside it.
    /// On the product screen with 4 × S / Red in the cart, `quantity` more asked; the store answers
    /// with `answer` lines of it and `warning`. Returns once the answer is in.
    func addOntoFour(_ quantity: Int, answer: Int, warning: CartWarning) async -> (TestStore<AppState, AppAction>, TestEnvironment, CartAddRequest) {
        var env = TestEnvironment()
        env.storefront.onLinesAdd = { _, _ in CartPayload(cart: Fixtures.shirtCart(quantity: answer), warnings: [warning]) }
        var state = cartState(Fixtures.shirtCart(quantity: 4))
        state.screens = [.collections, .productDetail(handle: "shirt")]
        state.productDetail = ProductDetailState(product: shirt)
        state.productDetail?.quantity = quantity
        let store = env.store(state)
        let red = CartAddRequest(CartMerchandise(variant: shirt.variants[0], of: shirt), quantity: quantity)

        await store.send(.productDetail(.addToCart))
        await store.receive(.productDetail(.delegate(.addToCart(red.merchandise, quantity: quantity))),
                            assert: Self.sent(1, showing: Fixtures.shirtCart(quantity: 4 + quantity)))
        let payload = CartPayload(cart: Fixtures.shirtCart(quantity: answer), warnings: [warning])
        await store.receive(.cart(.addResponse(requestId: 1, adding: [red], .success(payload)))) {
            Self.answered(1, with: Fixtures.shirtCart(quantity: answer))(&$0)
            $0.cart.warnings = [warning]
        }
        return (store, env, red)
    }

    func testAnAddTheStoreCutsSaysHowManyWereAddedAndWhy() async {
        let warning = CartWarning(code: .merchandiseNotEnoughStock, message: "Only 9 in stock; the quantity was set to 9.", target: "line-1")
        let (store, env, red) = await addOntoFour(9, answer: 9, warning: warning)
        let outcome = CartAddOutcome(request: red, added: 5, reason: "Only 9 in stock; the quantity was set to 9.")
        await store.receive(.cart(.delegate(.added(outcome)))) {
            $0.productDetail?.confirmation = "Added 5 × Shirt shirt (S / Red) to your cart, not 9: Only 9 in stock; the quantity was set to 9."
        }
        await env.clock.advance(by: .seconds(4))
        await store.receive(.productDetail(.confirmationExpired)) { $0.productDetail?.confirmation = nil }
        await store.finish()
        XCTAssertNil(store.state.errorMessage)
    }

    /// The store took none: no "Added", and the error bar says nothing was added and why.
    func testAnAddTheStoreRefusesIsNotCalledAdded() async {
        let warning = CartWarning(code: .merchandiseOutOfStock, message: "Shirt shirt (S / Red) is sold out.", target: "shirt-s-red")
        let (store, _, red) = await addOntoFour(1, answer: 4, warning: warning)
        let refusal = "Nothing was added to your cart: Shirt shirt (S / Red) is sold out."
        await store.receive(.cart(.delegate(.failed(AppError(message: refusal))))) { $0.errorMessage = refusal }
        await store.receive(.cart(.delegate(.added(CartAddOutcome(request: red, added: 0, reason: "Shirt shirt (S / Red) is sold out.")))))
        await store.finish()
        XCTAssertNil(store.state.productDetail?.confirmation)
    }

    /// A store on the cart whose quantity updates wait for the test to answer them, by quantity.
    func gatedQuantityStore() -> (TestStore<AppState, AppAction>, Gate<Int, CartPayload>, Recorder<[CartLineUpdateInput]>) {
        var env = TestEnvironment()
        let gate = Gate<Int, CartPayload>()
        let requests = Recorder<[CartLineUpdateInput]>()
        env.storefront.onLinesUpdate = { _, lines in
            requests.record(lines)
            return try await gate.wait(for: lines[0].quantity ?? 0)
        }
        return (env.store(cartState()), gate, requests)
    }

    func testALineNotYetNamedByTheServerCannotBeEdited() async {
        let env = TestEnvironment()
        let pending = Fixtures.line("pending:shirt-s-red", variant: shirt.variants[0], of: shirt, quantity: 1)
        var state = cartState(Fixtures.cart(lines: [pending]))
        state.cart.latestRequestId = 1
        let store = env.store(state)
        await store.send(.cart(.incrementQuantity))
        await store.send(.cart(.requestRemove)) { $0.cart.pendingRemoveLineId = "pending:shirt-s-red" }
        await store.send(.cart(.confirmRemove)) { $0.cart.pendingRemoveLineId = nil }
        await store.finish()
    }

    func testAStaleResponseIsIgnored() async {
        let (store, gate, requests) = gatedQuantityStore()

        await store.send(.cart(.incrementQuantity), assert: Self.sent(1, showing: Fixtures.shirtCart(quantity: 2)))
        await store.send(.cart(.incrementQuantity), assert: Self.sent(2, showing: Fixtures.shirtCart(quantity: 3)))
        // The newer request is answered first ...
        gate.answer(3, with: CartPayload(cart: Fixtures.shirtCart(quantity: 3)))
        await store.receive(.cart(.mutationResponse(requestId: 2, .success(CartPayload(cart: Fixtures.shirtCart(quantity: 3)))))) {
            $0.cart.confirmedCart = Fixtures.shirtCart(quantity: 3)
            $0.cart.confirmedRequestId = 2
            $0.cart.latestRequestId = nil
            $0.setLoading([])
        }
        // ... and the older one, arriving late, changes nothing.
        gate.answer(2, with: CartPayload(cart: Fixtures.shirtCart(quantity: 2)))
        await store.receive(.cart(.mutationResponse(requestId: 1, .success(CartPayload(cart: Fixtures.shirtCart(quantity: 2))))))
        await store.finish()
        XCTAssertEqual(Set(requests.values), [[CartLineUpdateInput(id: "line-1", quantity: 2)], [CartLineUpdateInput(id: "line-1", quantity: 3)]])
    }

    func testAnOlderAnswerStillUpdatesTheRollbackTarget() async {
        let (store, gate, _) = gatedQuantityStore()

        await store.send(.cart(.incrementQuantity), assert: Self.sent(1, showing: Fixtures.shirtCart(quantity: 2)))
        await store.send(.cart(.incrementQuantity), assert: Self.sent(2, showing: Fixtures.shirtCart(quantity: 3)))
        gate.answer(2, with: CartPayload(cart: Fixtures.shirtCart(quantity: 2)))
        await store.receive(.cart(.mutationResponse(requestId: 1, .success(CartPayload(cart: Fixtures.shirtCart(quantity: 2)))))) {
            $0.cart.confirmedCart = Fixtures.shirtCart(quantity: 2)
            $0.cart.confirmedRequestId = 1
        }
        // The newest request fails: the cart goes back to the newest the server confirmed.
        gate.answer(3, with: .failure(StorefrontError.transport("connection reset")))
        await store.receive(.cart(.mutationResponse(requestId: 2, .failure(AppError(message: "Could not reach the storefront: connection reset"))))) {
            $0.cart.cart = Fixtures.shirtCart(quantity: 2)
            $0.cart.latestRequestId = nil
            $0.setLoading([])
        }
        await store.receive(.cart(.delegate(.failed(AppError(message: "Could not reach the storefront: connection reset"))))) { $0.errorMessage = "Could not reach the storefront: connection reset" }
        await store.finish()
    }

    func testAFailedMutationRollsBackAndShowsTheError() async {
        var env = TestEnvironment()
        env.storefront.onLinesUpdate = { _, _ in throw StorefrontError.http(status: 502, bodySnippet: "", retryAfter: nil) }
        let store = env.store(cartState())

        await store.send(.cart(.incrementQuantity), assert: Self.sent(1, showing: Fixtures.shirtCart(quantity: 2)))
        await store.receive(.cart(.mutationResponse(requestId: 1, .failure(AppError(message: "The storefront could not be reached through its gateway (HTTP 502); try again shortly."))))) {
            $0.cart.cart = Fixtures.shirtCart(quantity: 1)
            $0.cart.latestRequestId = nil
            $0.setLoading([])
        }
        await store.receive(.cart(.delegate(.failed(AppError(message: "The storefront could not be reached through its gateway (HTTP 502); try again shortly."))))) { $0.errorMessage = "The storefront could not be reached through its gateway (HTTP 502); try again shortly." }
        await store.finish()
    }

    func testUserErrorsAreShownAndTheCartComesFromThePayload() async {
        var env = TestEnvironment()
        let payload = CartPayload(cart: Fixtures.shirtCart(quantity: 1),
                                  userErrors: [CartUserError(code: .invalid, field: ["lines", "0", "quantity"], message: "Quantity is invalid.")])
        env.storefront.onLinesUpdate = { _, _ in payload }
        let store = env.store(cartState())

        await store.send(.cart(.incrementQuantity), assert: Self.sent(1, showing: Fixtures.shirtCart(quantity: 2)))
        await store.receive(.cart(.mutationResponse(requestId: 1, .success(payload)))) {
            $0.cart.cart = Fixtures.shirtCart(quantity: 1)
            $0.cart.confirmedRequestId = 1
            $0.cart.latestRequestId = nil
            $0.setLoading([])
        }
        await store.receive(.cart(.delegate(.failed(AppError(message: "Quantity is invalid."))))) { $0.errorMessage = "Quantity is invalid." }
        await store.finish()
    }

    func testAPayloadWithoutACartRollsBack() async {
        var env = TestEnvironment()
        let payload = CartPayload(cart: nil, userErrors: [CartUserError(code: .invalidMerchandiseLine, field: nil, message: "The line does not exist.")])
        env.storefront.onLinesRemove = { _, _ in payload }
        let store = env.store(cartState())

        await store.send(.cart(.requestRemove)) { $0.cart.pendingRemoveLineId = "line-1" }
        await store.send(.cart(.requestRemove)) {
            $0.cart.pendingRemoveLineId = nil
            $0.cart.cart = Fixtures.cart(lines: [])
            $0.cart.cart?.cost = CartCost(subtotalAmount: Fixtures.usd("0.00"), totalAmount: Fixtures.usd("0.00"))
            $0.cart.latestRequestId = 1
            $0.cart.nextRequestId = 2
            $0.setLoading([.cartMutation])
        }
        await store.receive(.cart(.mutationResponse(requestId: 1, .success(payload)))) {
            $0.cart.cart = Fixtures.shirtCart()
            $0.cart.latestRequestId = nil
            $0.setLoading([])
        }
        await store.receive(.cart(.delegate(.failed(AppError(message: "The line does not exist."))))) { $0.errorMessage = "The line does not exist." }
        await store.finish()
    }

    func testStockWarningsAreShown() async {
        var env = TestEnvironment()
        let warning = CartWarning(code: .merchandiseNotEnoughStock, message: "Only 2 of Shirt S / Red are in stock.", target: "line-1")
        let payload = CartPayload(cart: Fixtures.shirtCart(quantity: 2), warnings: [warning])
        env.storefront.onLinesUpdate = { _, lines in lines.first?.quantity == 1 ? CartPayload(cart: Fixtures.shirtCart(quantity: 1)) : payload }
        let store = env.store(cartState(Fixtures.shirtCart(quantity: 2)))

        await store.send(.cart(.incrementQuantity), assert: Self.sent(1, showing: Fixtures.shirtCart(quantity: 3)))
        await store.receive(.cart(.mutationResponse(requestId: 1, .success(payload)))) {
            $0.cart.cart = Fixtures.shirtCart(quantity: 2)
            $0.cart.confirmedRequestId = 1
            $0.cart.latestRequestId = nil
            $0.cart.warnings = [warning]
            $0.setLoading([])
        }
        await store.receive(.cart(.delegate(.failed(AppError(message: "Only 2 of Shirt S / Red are in stock."))))) { $0.errorMessage = "Only 2 of Shirt S / Red are in stock." }
        // One fewer: the store no longer warns, so neither the cart nor the bar does.
        await store.send(.cart(.decrementQuantity), assert: Self.sent(2, showing: Fixtures.shirtCart(quantity: 1)))
        await store.receive(.cart(.mutationResponse(requestId: 2, .success(CartPayload(cart: Fixtures.shirtCart(quantity: 1)))))) {
            Self.answered(2, with: Fixtures.shirtCart(quantity: 1))(&$0)
            $0.cart.warnings = []
        }
        await store.receive(.cart(.delegate(.withdrawError(["Only 2 of Shirt S / Red are in stock."])))) { $0.errorMessage = nil }
        await store.finish()
    }

    /// "Only 2 in stock" is the answer to one change: the next answer, to a discount code or a
    /// note, no longer gives it, so the cart's banner and the error bar both let it go.
    func testAStockWarningLeavesWithTheAnswerToACodeOrANote() async {
        let warning = CartWarning(code: .merchandiseNotEnoughStock, message: "Only 2 of Shirt S / Red are in stock.", target: "line-1")
        var warned = cartState()
        warned.cart.warnings = [warning]
        warned.errorMessage = warning.message

        var discounted = Fixtures.shirtCart()
        discounted.discountCodes = [CartDiscountCode(code: "SAVE10", applicable: true)]
        let noted = Fixtures.cart(lines: Fixtures.shirtCart().lines, note: "Gift wrap")
        var env = TestEnvironment()
        env.storefront.onDiscountCodes = { [discounted] _, _ in CartPayload(cart: discounted) }
        env.storefront.onNote = { _, _ in CartPayload(cart: noted) }
        for change: (field: CartTextField, text: String, answer: Cart) in [(.discountCode, "SAVE10", discounted), (.note, "Gift wrap", noted)] {
            let store = env.store(warned)
            await Self.commit(change.text, to: change.field, in: store)
            await store.receive(.cart(.mutationResponse(requestId: 1, .success(CartPayload(cart: change.answer))))) {
                Self.answered(1, with: change.answer)(&$0)
                $0.cart.warnings = []
            }
            await store.receive(.cart(.delegate(.withdrawError([warning.message])))) { $0.errorMessage = nil }
            await store.finish()
        }
    }

    func testRemovingALineAsksFirst() async {
        var env = TestEnvironment()
        let empty = Fixtures.cart(lines: [])
        env.storefront.onLinesRemove = { cartId, ids in
            XCTAssertEqual(cartId, "cart-1")
            XCTAssertEqual(ids, ["line-1"])
            return CartPayload(cart: empty)
        }
        let store = env.store(cartState())

        // Below one means removing: it asks first.
        await store.send(.cart(.decrementQuantity)) { $0.cart.pendingRemoveLineId = "line-1" }
        await store.send(.cart(.cancelRemove)) { $0.cart.pendingRemoveLineId = nil }
        await store.send(.cart(.requestRemove)) { $0.cart.pendingRemoveLineId = "line-1" }
        await store.send(.cart(.confirmRemove)) {
            $0.cart.pendingRemoveLineId = nil
            $0.cart.cart = empty
            $0.cart.latestRequestId = 1
            $0.cart.nextRequestId = 2
            $0.setLoading([.cartMutation])
        }
        await store.receive(.cart(.mutationResponse(requestId: 1, .success(CartPayload(cart: empty))))) {
            $0.cart.confirmedCart = empty
            $0.cart.confirmedRequestId = 1
            $0.cart.latestRequestId = nil
            $0.setLoading([])
        }
        await store.send(.cart(.confirmRemove))
        await store.send(.cart(.incrementQuantity))
        await store.finish()
    }

    func testDecrementLowersTheQuantityAndMovingClearsAPendingRemove() async {
        var env = TestEnvironment()
        env.storefront.onLinesUpdate = { _, lines in
            XCTAssertEqual(lines, [CartLineUpdateInput(id: "line-1", quantity: 2)])
            return CartPayload(cart: Fixtures.shirtCart(quantity: 2))
        }
        let store = env.store(cartState(Fixtures.shirtCart(quantity: 3)))
        await store.send(.cart(.decrementQuantity), assert: Self.sent(1, showing: Fixtures.shirtCart(quantity: 2)))
        await store.receive(.cart(.mutationResponse(requestId: 1, .success(CartPayload(cart: Fixtures.shirtCart(quantity: 2)))))) {
            $0.cart.confirmedCart = Fixtures.shirtCart(quantity: 2)
            $0.cart.confirmedRequestId = 1
            $0.cart.latestRequestId = nil
            $0.setLoading([])
        }
        await store.send(.cart(.requestRemove)) { $0.cart.pendingRemoveLineId = "line-1" }
        await store.send(.cart(.moveSelection(by: 1, rows: 10))) { $0.cart.pendingRemoveLineId = nil }
        await store.finish()
    }

    func testApplyingADiscountCode() async {
        var env = TestEnvironment()
        var discounted = Fixtures.shirtCart()
        discounted.discountCodes = [CartDiscountCode(code: "SAVE10", applicable: true)]
        discounted.cost = CartCost(subtotalAmount: Fixtures.usd("20.00"), totalAmount: Fixtures.usd("18.00"))
        env.storefront.onDiscountCodes = { [discounted] _, codes in
            XCTAssertEqual(codes, ["SAVE10"])
            return CartPayload(cart: discounted)
        }
        let store = env.store(cartState())

        await store.send(.cart(.beginEditing(.discountCode))) { $0.cart.editing = .discountCode }
        await store.send(.cart(.insert("SAVE1"))) { $0.cart.discountCodeText = "SAVE1" }
        // A pasted escape sequence is dropped whole, not left behind as "[2J".
        await store.send(.cart(.insert("\u{1B}[2J0"))) { $0.cart.discountCodeText = "SAVE10" }
        await store.send(.cart(.deleteBackward)) { $0.cart.discountCodeText = "SAVE1" }
        await store.send(.cart(.insert("0 "))) { $0.cart.discountCodeText = "SAVE10 " }
        await store.send(.cart(.commitEditing)) {
            $0.cart.editing = nil
            $0.cart.discountCodeText = ""
            $0.cart.latestRequestId = 1
            $0.cart.nextRequestId = 2
            $0.setLoading([.cartMutation])
        }
        await store.receive(.cart(.mutationResponse(requestId: 1, .success(CartPayload(cart: discounted)))), assert: Self.answered(1, with: discounted))
        // The same code again (any case) asks for nothing.
        await store.send(.cart(.beginEditing(.discountCode))) { $0.cart.editing = .discountCode }
        await store.send(.cart(.insert("save10"))) { $0.cart.discountCodeText = "save10" }
        await store.send(.cart(.commitEditing)) {
            $0.cart.editing = nil
            $0.cart.discountCodeText = ""
        }
        await store.finish()
    }

    /// A refused code does not stay on the cart: the notice gives the server's reason, and the
    /// codes that apply are kept.
    func testARefusedCodeLeavesWithItsReason() async {
        var env = TestEnvironment()
        var withSave = Fixtures.shirtCart()
        withSave.discountCodes = [CartDiscountCode(code: "SAVE10", applicable: true)]
        var refused = withSave
        refused.discountCodes.append(CartDiscountCode(code: "BIG20", applicable: false))
        let warning = CartWarning(code: .discountPurchaseNotInRange, message: "BIG20: needs a subtotal of $100.00", target: "cart-1")
        let asked = Recorder<[String]>()
        env.storefront.onDiscountCodes = { [withSave, refused] _, codes in
            asked.record(codes)
            return codes.count == 2 ? CartPayload(cart: refused, warnings: [warning]) : CartPayload(cart: withSave)
        }
        let store = env.store(cartState(withSave))
        await Self.commit("BIG20", to: .discountCode, in: store)
        await store.receive(.cart(.mutationResponse(requestId: 1, .success(CartPayload(cart: refused, warnings: [warning]))))) {
            $0.cart.confirmedCart = refused
            $0.cart.confirmedRequestId = 1
            // Shown without the refused code at once; the cart is asked to drop it.
            $0.cart.cart = withSave
            $0.cart.discountNotice = "BIG20: needs a subtotal of $100.00"
            $0.cart.latestRequestId = 2
            $0.cart.nextRequestId = 3
        }
        XCTAssertNil(store.state.errorMessage, "a discount's reason goes beside the codes, not to the error bar")
        await store.receive(.cart(.mutationResponse(requestId: 2, .success(CartPayload(cart: withSave)))), assert: Self.answered(2, with: withSave))
        await store.finish()
        XCTAssertEqual(asked.values, [["SAVE10", "BIG20"], ["SAVE10"]])
    }

    /// The selection goes on from the lines to the codes; x on a code removes that code only.
    func testOneCodeAtATimeIsRemoved() async {
        var env = TestEnvironment()
        var both = Fixtures.shirtCart()
        both.discountCodes = [CartDiscountCode(code: "SAVE10", applicable: true), CartDiscountCode(code: "FIKA5", applicable: true)]
        var one = both
        one.discountCodes.removeFirst()
        env.storefront.onDiscountCodes = { [one] _, codes in
            XCTAssertEqual(codes, ["FIKA5"])
            return CartPayload(cart: one)
        }
        let store = env.store(cartState(both))
        await store.send(.cart(.moveSelection(by: 1, rows: 5))) { $0.cart.selectedLineIndex = 1 }
        XCTAssertEqual(store.state.cart.selectedDiscountCode?.code, "SAVE10")
        await store.send(.cart(.requestRemove)) {
            $0.cart.cart = one
            $0.cart.latestRequestId = 1
            $0.cart.nextRequestId = 2
            $0.setLoading([.cartMutation])
        }
        await store.receive(.cart(.mutationResponse(requestId: 1, .success(CartPayload(cart: one)))), assert: Self.answered(1, with: one))
        XCTAssertEqual(store.state.cart.selectedDiscountCode?.code, "FIKA5")
        await store.finish()
    }

    func testSettingANoteIsOptimistic() async {
        var env = TestEnvironment()
        let noted = Fixtures.cart(lines: Fixtures.shirtCart().lines, note: "Gift wrap")
        env.storefront.onNote = { _, note in
            XCTAssertEqual(note, "Gift wrap")
            return CartPayload(cart: noted)
        }
        let store = env.store(cartState())

        await Self.commit("Gift wrap", to: .note, in: store)
        await store.receive(.cart(.mutationResponse(requestId: 1, .success(CartPayload(cart: noted))))) {
            $0.cart.confirmedCart = noted
            $0.cart.confirmedRequestId = 1
            $0.cart.latestRequestId = nil
            $0.setLoading([])
        }
        // Editing starts from the saved note; an unchanged note is not sent.
        await store.send(.cart(.beginEditing(.note))) {
            $0.cart.editing = .note
            $0.cart.noteText = "Gift wrap"
        }
        await store.send(.cart(.commitEditing)) {
            $0.cart.editing = nil
            $0.cart.noteText = ""
        }
        await store.send(.cart(.insert("ignored while not editing")))
        await store.finish()
    }
}
