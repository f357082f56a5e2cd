/// The slices of the app's state that a root feature reduces together with values it reads from
/// elsewhere (the screen on top, who is logged in); those values are not written back. A screen's
/// own state lives on the stack and is reduced there (`StackScope`); a feature whose state is all
/// its own is scoped to it directly.
extension AppState {
    var productsFeature: ProductsReducer.State {
        get {
            var handle: String?
            if case .products(let current) = screen { handle = current }
            return .init(collectionProducts: collectionProducts, currentHandle: handle)
        }
        set { collectionProducts = newValue.collectionProducts }
    }

    var cartFeature: CartReducer.State {
        get { .init(cart: cart, isLoggedIn: account.isLoggedIn, hasPreloadedCheckout: checkout.preloadedURL != nil,
                    countries: localization?.availableCountries ?? []) }
        set { cart = newValue.cart }
    }

    var checkoutFeature: CheckoutReducer.State {
        get { .init(checkout: checkout, cart: cart, customer: account.session?.customer,
                     marketCountryCode: country ?? marketCountry?.isoCode ?? shop?.countryCode) }
        set { checkout = newValue.checkout }
    }

    var accountFeature: AccountReducer.State {
        get { .init(account: account, isOnScreen: screen == .account) }
        set { account = newValue.account }
    }
}
