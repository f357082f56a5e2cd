import AppCore

struct ProductDetailPresenter: ScreenPresenter {
    let detail: ProductDetailState

    func title(_ state: AppState) -> String { detail.product?.title ?? detail.handle }

    func keyMap(_ state: AppState, listRows: Int, body: Size) -> KeyMap { ProductDetailKeys.map(state, body: body) }

    func draw(_ state: AppState, in canvas: Canvas, context: ScreenContext, grid: inout Grid) {
        ProductDetailView(detail: detail, isLoading: detail.isLoading, pictures: context.environment.pictures,
                          pictureDepth: context.environment.profile.pictureDepth, showsPictures: context.environment.showsPictures)
            .draw(in: canvas, theme: context.theme, grid: &grid)
    }

    func plain(_ state: AppState) -> String { PlainView.product(state.productDetail) }
}

// MARK: Plain mode

extension ProductDetailPresenter {
    static var plainVerbs: [PlainVerb] {
        [
            PlainVerb(words: ["add", "a"], help: """
                  add N              put product N of the list in the cart
                                     (on a product: add QUANTITY)
                """) { arguments, plain in await add(arguments, plain) },
            PlainVerb(words: ["set", "choose"], help: """
                  set OPTION VALUE   on a product: pick a choice, like set Size 1 kg
                """) { arguments, plain in
                let parts = arguments.split(separator: " ", maxSplits: 1).map(String.init)
                guard parts.count == 2 else { return plain.say("set needs an option and a value, like set Size 1 kg.") }
                choose(parts[0], parts[1], plain)
            },
            // `qty N Q` (two numbers) is the cart's.
            PlainVerb(words: ["qty", "quantity"], help: """
                  qty Q              on a product: the quantity
                """, takes: { $0.split(separator: " ").count != 2 }) { arguments, plain in
                guard let quantity = Int(arguments) else {
                    return plain.say("qty needs a quantity (on a product) or a line and a quantity (in the cart), like qty 1 3.")
                }
                setQuantity(quantity, plain)
            },
        ]
    }

    /// `add`: the product shown; `add N`: on a product the quantity N, on a list of products product N.
    @MainActor
    private static func add(_ arguments: String, _ plain: PlainSession) async {
        var n: Int?
        if !arguments.isEmpty {
            guard let number = PlainVerb.number("add", arguments, plain) else { return }
            n = number
        }
        if plain.state.screen.isProductDetail {
            if let n { setQuantity(n, plain) }
            addShownProduct(plain)
            return
        }
        let onProductList = plain.state.screen.presenter.plainList(plain.state)?.listsProducts == true
        guard let n, onProductList else {
            plain.say("add N puts product N of a list of products in the cart (open a collection or search first); "
                + "on a product, add puts the product shown.")
            return
        }
        let before = plain.state.screens.count
        plain.open(n)
        await plain.settle()
        guard plain.state.screen.isProductDetail, plain.state.screens.count > before else { return }
        addShownProduct(plain)
        await plain.settle()
        plain.send(.navigation(.back))
    }

    @MainActor
    private static func addShownProduct(_ plain: PlainSession) {
        guard let detail = plain.state.productDetail, detail.product != nil else { return plain.say("The product is not loaded.") }
        if let country = detail.notSoldIn { return plain.say("\(detail.product?.title ?? detail.handle) is not sold in \(country).") }
        guard detail.canAddToCart else { return plain.say("This choice is sold out or not available.") }
        let title = detail.product?.title ?? detail.handle
        plain.send(.productDetail(.addToCart))
        plain.say("Adding \(detail.quantity) × \(title)" + (detail.selectedVariant.map { v in
            v.title == "Default Title" ? "" : " · \(v.title)" } ?? "") + " to the cart.")
    }

    /// `set OPTION VALUE`: an option's value, or the purchase (one-time or a selling plan).
    @MainActor
    private static func choose(_ optionName: String, _ valueName: String, _ plain: PlainSession) {
        let matches = PlainVerb.matches
        guard let detail = plain.state.productDetail, let product = detail.product, plain.state.screen.isProductDetail else {
            return plain.say("set works on a product: open one first.")
        }
        if let row = detail.planRowIndex, !product.options.contains(where: { matches($0.name, optionName) }),
           matches("Purchase", optionName) || matches("subscription", optionName) {
            // "set Purchase Every 2 weeks", "set purchase one-time".
            let names = ["One-time"] + detail.sellingPlans.map(\.name)
            guard let choice = names.firstIndex(where: { matches($0, valueName) }) else {
                return plain.say("No purchase \"\(valueName)\": \(names.joined(separator: ", ")).")
            }
            plain.send(.productDetail(.focusOption(by: row - detail.focusedOptionIndex)))
            plain.send(.productDetail(.selectOptionValue(by: choice - detail.selectedPlanIndex)))
            return
        }
        guard let optionIndex = product.options.firstIndex(where: { matches($0.name, optionName) }) else {
            let rows = product.options.map(\.name) + (detail.planRowIndex == nil ? [] : ["Purchase"])
            return plain.say("No option \"\(optionName)\": \(rows.joined(separator: ", ")).")
        }
        let values = product.options[optionIndex].optionValues.map(\.name)
        guard let valueIndex = values.firstIndex(where: { matches($0, valueName) }) else {
            return plain.say("No \(product.options[optionIndex].name) \"\(valueName)\": \(values.joined(separator: ", ")).")
        }
        let current = values.firstIndex(of: detail.selectedOptions[optionIndex].value) ?? 0
        plain.send(.productDetail(.focusOption(by: optionIndex - detail.focusedOptionIndex)))
        plain.send(.productDetail(.selectOptionValue(by: valueIndex - current)))
    }

    @MainActor
    private static func setQuantity(_ quantity: Int, _ plain: PlainSession) {
        guard quantity >= 1 else { return plain.say("The quantity is at least 1 (remove N takes a line out of the cart).") }
        guard let detail = plain.state.productDetail, plain.state.screen.isProductDetail else {
            return plain.say("qty Q works on a product; in the cart it is qty LINE Q.")
        }
        let steps = min(abs(quantity - detail.quantity), 999)
        for _ in 0..<steps { plain.send(.productDetail(quantity > detail.quantity ? .incrementQuantity : .decrementQuantity)) }
        if let maximum = plain.state.productDetail?.maximumQuantity, quantity > maximum {
            plain.say("Only \(maximum) available: the quantity is \(maximum).")
        }
    }
}
