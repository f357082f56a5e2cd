import AppCore
import CheckoutSheet
import Storefront

struct CartPresenter: ScreenPresenter {
    func title(_ state: AppState) -> String { "Cart" }

    func listRows(_ state: AppState, body: Size, sizeClass: SizeClass) -> Int {
        CartView.lineRows(state.cart, height: body.height, accountNotice: Self.accountNotice(state) != nil)
    }

    func keyMap(_ state: AppState, listRows: Int, body: Size) -> KeyMap { CartKeys.map(state, listRows: listRows) }

    func draw(_ state: AppState, in canvas: Canvas, context: ScreenContext, grid: inout Grid) {
        CartView(state: state.cart, isUpdating: state.isLoading(.cartMutation) || state.isLoading(.cartCreate),
                 isRestoring: state.isLoading(.cartRestore), taxNote: Self.taxNote(state),
                 accountNotice: Self.accountNotice(state).map { ($0, Self.accountNotice(state, short: true) ?? $0) })
            .draw(in: canvas, theme: context.theme, grid: &grid)
    }

    func plain(_ state: AppState) -> String {
        let cart = PlainView.cart(state.cart, taxNote: Self.taxNote(state))
        return Self.accountNotice(state).map { cart + "\n" + $0.replacingOccurrences(of: "press u", with: "type login") } ?? cart
    }

    /// A guest's subscription line needs a login before checkout.
    static func accountNotice(_ state: AppState, short: Bool = false) -> String? {
        SubscriptionAccountNotice.message(cart: state.cart.cart, signedIn: state.account.isLoggedIn,
                                          accountsAvailable: state.account.isAvailable, short: short)
    }

    /// Whether prices include tax is the shop's; the tax's name is the cart's country's.
    static func taxNote(_ state: AppState) -> String {
        ShippingCountry.cartTaxNote(shopCountry: state.shop?.countryCode ?? "",
                                    buyerCountry: state.cart.cart?.buyerIdentity.countryCode ?? state.marketCountry?.isoCode)
    }
}

// MARK: Plain mode

extension CartPresenter {
    static var plainVerbs: [PlainVerb] {
        [
            PlainVerb(words: ["cart", "c"], help: """
                  cart               the cart; remove N, discount CODE (discount none clears),
                                     note TEXT, qty N Q (line N's quantity)
                """) { _, plain in
                // Asked for on the cart, the cart is shown again rather than nothing.
                if plain.state.screen == .cart { plain.showScreenAgain() }
                show(plain)
            },
            PlainVerb(words: ["checkout", "pay"], help: """
                  checkout           check out: answer each field; /back and /cancel act
                                     instead of a value
                """) { _, plain in
                show(plain)
                await plain.settle()
                plain.send(.checkout(.start))
            },
            PlainVerb(words: ["qty", "quantity"], help: "", takes: { $0.split(separator: " ").count == 2 }) { arguments, plain in
                let numbers = arguments.split(separator: " ").compactMap { Int($0) }
                guard numbers.count == 2 else {
                    return plain.say("qty needs a quantity (on a product) or a line and a quantity (in the cart), like qty 1 3.")
                }
                setQuantity(line: numbers[0], numbers[1], plain)
            },
            PlainVerb(words: ["remove", "rm", "x"], help: "") { arguments, plain in
                guard let n = PlainVerb.number("remove", arguments, plain), select(line: n, plain) else { return }
                plain.send(.cart(.requestRemove))
                plain.send(.cart(.confirmRemove))
            },
            PlainVerb(words: ["discount", "code"], help: "") { arguments, plain in
                show(plain)
                if ["", "none", "clear", "-"].contains(arguments.lowercased()) {
                    plain.send(.cart(.clearDiscountCodes))
                } else {
                    edit(.discountCode, arguments, plain)
                }
            },
            PlainVerb(words: ["note"], help: "") { arguments, plain in
                show(plain)
                edit(.note, arguments, plain)
            },
        ]
    }

    @MainActor
    private static func show(_ plain: PlainSession) {
        if plain.state.screen != .cart { plain.send(.navigation(.openCart)) }
    }

    @MainActor
    private static func setQuantity(line: Int, _ quantity: Int, _ plain: PlainSession) {
        guard quantity >= 1 else { return plain.say("The quantity is at least 1 (remove N takes a line out of the cart).") }
        guard select(line: line, plain), let current = plain.state.cart.selectedLine?.quantity else { return }
        let steps = min(abs(quantity - current), 999)
        for _ in 0..<steps { plain.send(.cart(quantity > current ? .incrementQuantity : .decrementQuantity)) }
    }

    /// Line N of the cart selected (the cart opens); false after saying why when there is none.
    @MainActor
    private static func select(line n: Int, _ plain: PlainSession) -> Bool {
        show(plain)
        let lines = plain.state.cart.cart?.lines ?? []
        guard lines.indices.contains(n - 1) else {
            plain.say(lines.isEmpty ? "Your cart is empty." : "There is no line \(n) in the cart: 1 to \(lines.count).")
            return false
        }
        plain.send(.cart(.moveSelection(by: n - 1 - plain.state.cart.selectedLineIndex, rows: PlainSession.listRows)))
        return true
    }

    @MainActor
    private static func edit(_ field: CartTextField, _ text: String, _ plain: PlainSession) {
        plain.send(.cart(.beginEditing(field)))
        let existing = field == .discountCode ? plain.state.cart.discountCodeText : plain.state.cart.noteText
        for _ in existing.unicodeScalars { plain.send(.cart(.deleteBackward)) }
        if !text.isEmpty { plain.send(.cart(.insert(text))) }
        plain.send(.cart(.commitEditing))
    }
}
