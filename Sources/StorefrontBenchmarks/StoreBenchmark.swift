import Foundation
import AppCore
import CheckoutSheet
import Clocks
import Storefront

/// Reducer throughput through the app's real `Store`: a shopper's mix of selection moves, search
/// typing, option changes and cart quantity changes, against an in-memory storefront that answers
/// at once. Prints user actions per second (time inside `send`) and all actions per second
/// (including the answers effects send back, until every effect has finished).
@MainActor
func runStoreBenchmark(rounds: Int = 2_000) async {
    let catalog = StoreBenchmark.Catalog(collections: 20, productsPerCollection: 60)
    let storefront = StoreBenchmark.InMemoryStorefront(catalog: catalog)
    // Debounces end at once (after yields, so a newer keystroke can still cancel them).
    let dependencies = AppDependencies(
        storefront: storefront, checkout: StoreBenchmark.IdleCheckoutSheet(), clock: ImmediateClock(),
        settings: AppSettings(pageSize: 25, productPreview: 5, prefetchDistance: 5))
    let reducer = AppReducer(dependencies: dependencies)
    let counter = StoreBenchmark.Counter()
    let store = Store<AppState, AppAction>(initialState: AppState()) { state, action in
        counter.reduced += 1
        return reducer.reduce(into: &state, action: action)
    }

    store.send(.appStarted)
    await store.waitForEffects()
    counter.reduced = 0

    let script = StoreBenchmark.roundScript()
    var timeInSend = Duration.zero
    let clock = ContinuousClock()
    let start = clock.now
    for _ in 0..<rounds {
        let sendStart = clock.now
        for action in script { store.send(action) }
        timeInSend += clock.now - sendStart
        await store.waitForEffects()
    }
    let elapsed = clock.now - start

    let userActions = rounds * script.count
    let seconds = { (duration: Duration) in Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18 }
    print("store: \(rounds) rounds of \(script.count) user actions; \(counter.reduced) actions reduced in total")
    print(String(format: "store: %.0f user actions/s (time inside send: %.3f s)",
                 Double(userActions) / seconds(timeInSend), seconds(timeInSend)))
    print(String(format: "store: %.0f actions/s including effect answers (%.3f s, cart lines at end: %d)",
                 Double(counter.reduced) / seconds(elapsed), seconds(elapsed), store.state.cart.cart?.lines.count ?? 0))
}

/// The benchmark's scenery: a catalog, a storefront and a checkout sheet kept in memory.
enum StoreBenchmark {
    @MainActor
    final class Counter { var reduced = 0 }

    /// One round: browse collections and products, pick options, add to cart, type a search, edit
    /// quantities in the cart, and come back to the start.
    static func roundScript() -> [AppAction] {
        var script: [AppAction] = []
        script += Array(repeating: .collections(.moveSelection(by: 1, rows: 17)), count: 10)
        script += Array(repeating: .collections(.moveSelection(by: -1, rows: 17)), count: 10)
        script.append(.collections(.openSelected))
        script += Array(repeating: .products(.moveSelection(by: 1, rows: 17)), count: 10)
        script += Array(repeating: .products(.moveSelection(by: -1, rows: 17)), count: 10)
        script.append(.products(.openSelected))
        script += [.productDetail(.selectOptionValue(by: 1)), .productDetail(.selectOptionValue(by: 1)), .productDetail(.focusOption(by: 1)),
                   .productDetail(.selectOptionValue(by: 1)), .productDetail(.selectOptionValue(by: -1)), .productDetail(.focusOption(by: -1)),
                   .productDetail(.selectOptionValue(by: -1)), .productDetail(.incrementQuantity), .productDetail(.incrementQuantity),
                   .productDetail(.decrementQuantity)]
        script.append(.productDetail(.addToCart))
        script += [.navigation(.back), .navigation(.back), .navigation(.openSearch)]
        script += "shirt 12".map { .search(.insert(String($0))) }
        script += Array(repeating: .search(.deleteBackward), count: 8)
        script += [.navigation(.back), .navigation(.openCart)]
        script += [.cart(.incrementQuantity), .cart(.incrementQuantity), .cart(.moveSelection(by: 1, rows: 17)),
                   .cart(.decrementQuantity), .cart(.moveSelection(by: -1, rows: 17)), .cart(.decrementQuantity)]
        script.append(.navigation(.back))
        return script
    }

    struct Catalog: Sendable {
        var collections: [Collection]
        var products: [String: [Product]]

        init(collections count: Int, productsPerCollection: Int) {
            let date = Date(timeIntervalSince1970: 1_700_000_000)
            var collections: [Collection] = []
            var products: [String: [Product]] = [:]
            for c in 0..<count {
                let handle = "collection-\(c)"
                let items = (0..<productsPerCollection).map { Self.product(handle: "\(handle)-product-\($0)", date: date) }
                products[handle] = items
                collections.append(Collection(id: "gid://shopify/Collection/\(c)", handle: handle, title: "Collection \(c)",
                                              description: "", updatedAt: date, productsPreview: Array(items.prefix(5))))
            }
            self.collections = collections
            self.products = products
        }

        static func product(handle: String, date: Date) -> Product {
            let sizes = ["S", "M", "L"], colors = ["Red", "Blue", "Green"]
            let variants = sizes.flatMap { size in
                colors.map { color in
                    ProductVariant(id: "\(handle)-\(size)-\(color)", title: "\(size) / \(color)", availableForSale: true,
                                   quantityAvailable: 50,
                                   selectedOptions: [SelectedOption(name: "Size", value: size), SelectedOption(name: "Color", value: color)],
                                   price: Money(amount: 25, currencyCode: "USD"))
                }
            }
            return Product(id: "gid://shopify/Product/\(handle)", handle: handle, title: handle, description: "A product.",
                           vendor: "Bench", productType: "Shirt", tags: [], createdAt: date, updatedAt: date,
                           options: [ProductOption(id: "size", name: "Size", optionValues: sizes.map { .init(id: $0, name: $0) }),
                                     ProductOption(id: "color", name: "Color", optionValues: colors.map { .init(id: $0, name: $0) })],
                           variants: variants)
        }

        var allProducts: [Product] { collections.flatMap { products[$0.handle] ?? [] } }
    }

    struct Unsupported: Error {}

    /// A storefront over `Catalog` with one cart, answering without I/O.
    actor InMemoryStorefront: StorefrontClient {
        let catalog: Catalog
        private var cart: Cart?
        private var nextLine = 0

        init(catalog: Catalog) { self.catalog = catalog }

        func query(_ request: StorefrontQuery) async throws -> StorefrontAnswer {
            switch request.read {
            case .shop: return .shop(Self.shop)
            case .localization: return .localization(.home(of: Self.shop))
            case .collections(let page, _, _): return .collections(Self.page(catalog.collections, page))
            case .collection(let handle): return .collection(catalog.collections.first { $0.handle == handle })
            case .collectionProducts(let handle, let page, _, _): return .products(Self.page(catalog.products[handle] ?? [], page))
            case .products(let page, _, _, _): return .products(Self.page(catalog.allProducts, page))
            case .productByHandle(let handle): return .product(catalog.allProducts.first { $0.handle == handle })
            case .productById(let id): return .product(catalog.allProducts.first { $0.id == id })
            case .productRecommendations, .predictiveSearch: return .productList([])
            case .search(let query, let page):
                let needle = query.lowercased()
                return .products(Self.page(catalog.allProducts.filter { $0.title.lowercased().contains(needle) }, page))
            case .cart(let id): return .cart(cart?.id == id ? cart : nil)
            case .metafields: return .metafields([])
            case .filteredCollectionProducts, .filteredSearch, .collectionSearch: throw request.notAnswered
            }
        }

        func mutate(_ mutation: CartMutation) async throws -> CartPayload {
            switch mutation.change {
            case .create(let input):
                cart = Cart(id: "bench-cart", checkoutUrl: "https://bench.example/cart/c/bench-cart", createdAt: Date(), updatedAt: Date(),
                            lines: [], cost: CartCost(subtotalAmount: .zero("USD"), totalAmount: .zero("USD")))
                return try add(input.lines, toCart: "bench-cart")
            case .linesAdd(let cartId, let lines): return try add(lines, toCart: cartId)
            case .linesUpdate(let cartId, let lines): return try update(lines, inCart: cartId)
            case .linesRemove(let cartId, let lineIds):
                return try update(lineIds.map { CartLineUpdateInput(id: $0, quantity: 0) }, inCart: cartId)
            default: throw Unsupported()
            }
        }

        private static let shop = Shop(name: "Bench", description: "", domain: "bench.example", currencyCode: "USD", countryCode: "US")

        private func add(_ lines: [CartLineInput], toCart cartId: String) throws -> CartPayload {
            guard var cart, cart.id == cartId else { throw Unsupported() }
            for input in lines {
                if let index = cart.lines.firstIndex(where: { $0.merchandise.id == input.merchandiseId }) {
                    cart.lines[index].quantity += input.quantity
                } else if let product = catalog.allProducts.first(where: { $0.variant(id: input.merchandiseId) != nil }),
                          let variant = product.variant(id: input.merchandiseId) {
                    nextLine += 1
                    cart.lines.append(CartLine(id: "line-\(nextLine)", quantity: input.quantity,
                                               merchandise: CartMerchandise(variant: variant, of: product),
                                               cost: CartLineCost(amountPerQuantity: variant.price, subtotalAmount: variant.price,
                                                                  totalAmount: variant.price)))
                }
            }
            return store(cart)
        }
        private func update(_ lines: [CartLineUpdateInput], inCart cartId: String) throws -> CartPayload {
            guard var cart, cart.id == cartId else { throw Unsupported() }
            for update in lines {
                guard let quantity = update.quantity, let index = cart.lines.firstIndex(where: { $0.id == update.id }) else { continue }
                if quantity == 0 { cart.lines.remove(at: index) } else { cart.lines[index].quantity = quantity }
            }
            return store(cart)
        }

        /// Recomputes the costs, keeps the cart and answers with it.
        private func store(_ updated: Cart) -> CartPayload {
            var updated = updated
            for index in updated.lines.indices {
                let line = updated.lines[index]
                let total = line.cost.amountPerQuantity * line.quantity
                updated.lines[index].cost.subtotalAmount = total
                updated.lines[index].cost.totalAmount = total
            }
            let subtotal = updated.lines.map(\.cost.totalAmount).reduce(Money.zero("USD"), +)
            updated.cost = CartCost(subtotalAmount: subtotal, totalAmount: subtotal)
            cart = updated
            return CartPayload(cart: updated)
        }

        private static func page<Node>(_ nodes: [Node], _ arguments: PageArguments) -> Page<Node> {
            let start = arguments.after.flatMap { Int($0) }.map { $0 + 1 } ?? 0
            let end = min(start + (arguments.first ?? 25), nodes.count)
            guard start < end else { return Page(edges: [], pageInfo: PageInfo(hasNextPage: false, hasPreviousPage: start > 0,
                                                                                 startCursor: nil, endCursor: nil)) }
            let edges = (start..<end).map { Edge(cursor: String($0), node: nodes[$0]) }
            return Page(edges: edges, pageInfo: PageInfo(hasNextPage: end < nodes.count, hasPreviousPage: start > 0,
                                                         startCursor: edges.first?.cursor, endCursor: edges.last?.cursor))
        }
    }

    /// A sheet that is never presented in the benchmark: preload and invalidate do nothing.
    struct IdleCheckoutSheet: CheckoutSheetPresenting {
        func configure(_ configuration: CheckoutConfiguration) async {}
        func configuration() async -> CheckoutConfiguration { CheckoutConfiguration() }
        func preload(checkoutURL: String) async {}
        func answer(request id: String, with answer: CheckoutRequestAnswer) async {}
        func invalidate() async {}
        func present(checkoutURL: String) async -> AsyncStream<CheckoutSheetUpdate> { AsyncStream { $0.finish() } }
        func send(_ input: CheckoutPageInput) async {}
        func dismiss() async {}
    }
}
