/// Each feature's slice of the app's state: what its reducer may change. A slice may also carry a
/// value read from elsewhere (the screen on top, who is logged in); that value is not written back.
extension AppState {
    var collectionsFeature: CollectionsReducer.State {
        get { .init(collections: collections, loading: loading) }
        set { collections = newValue.collections; loading = newValue.loading }
    }

    var productsFeature: ProductsReducer.State {
        get {
            var handle: String?
            if case .products(let current) = screen { handle = current }
            return .init(collectionProducts: collectionProducts, loading: loading, currentHandle: handle)
        }
        set { collectionProducts = newValue.collectionProducts; loading = newValue.loading }
    }

    var productDetailFeature: ProductDetailReducer.State {
        get { .init(productDetail: productDetail, loading: loading, chosenCountry: country, countryName: country == nil ? nil : marketCountry?.name) }
        set { productDetail = newValue.productDetail; loading = newValue.loading }
    }

    var searchFeature: SearchReducer.State {
        get { .init(search: search, loading: loading) }
        set { search = newValue.search; loading = newValue.loading }
    }

    var cartFeature: CartReducer.State {
        get { .init(cart: cart, loading: loading, isLoggedIn: account.isLoggedIn, hasPreloadedCheckout: checkout.preloadedURL != nil,
                    countries: localization?.availableCountries ?? []) }
        set { cart = newValue.cart; loading = newValue.loading }
    }

    var checkoutFeature: CheckoutReducer.State {
        get { .init(checkout: checkout, eventLog: eventLog, orders: orders, cart: cart, customer: account.session?.customer,
                     marketCountryCode: country ?? marketCountry?.isoCode ?? shop?.countryCode) }
        set { checkout = newValue.checkout; eventLog = newValue.eventLog; orders = newValue.orders }
    }

    var ordersFeature: OrdersReducer.State {
        get {
            var screen: OrdersState?
            for case .orders(let orders) in screens.reversed() { screen = orders; break }
            return .init(screen: screen, placed: orders, isSignedIn: account.isLoggedIn)
        }
        set {
            guard let screen = newValue.screen, let index = screens.lastIndex(where: { $0.isSamePlace(as: .orders(screen)) })
            else { return }
            screens[index] = .orders(screen)
        }
    }

    var accountFeature: AccountReducer.State {
        get { .init(account: account, isOnScreen: screen == .account) }
        set { account = newValue.account }
    }
}
