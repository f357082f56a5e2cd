import Storefront

/// The shopper's country: the picker opens on it, a pick changes it, and everything priced so far
/// (collections, products, the product page, the cart) is asked for again in the new currency.
extension AppReducer {
    /// The app's part of the markets; nil for the picker's own actions, reduced on its state on the stack.
    func market(_ action: MarketAction, _ state: inout AppState) -> Effect<AppAction>? {
        switch action {
        case .open:
            let countries = state.localization?.availableCountries ?? []
            guard countries.count > 1 else {
                return reduce(into: &state, action: .errorBar(.show("\(state.shop?.name ?? "The shop") sells in one country only.")))
            }
            let current = state.marketCountry?.isoCode
            state.push(.markets(MarketPickerState(countries: countries, selectedIndex: countries.firstIndex { $0.isoCode == current } ?? 0)))
            return .none
        case .localizationLoaded(let localization):
            state.localization = localization
            // A country from the command line or the last run that the shop does not sell in.
            guard let country = state.country, let localization,
                  !localization.availableCountries.contains(where: { $0.isoCode == country }) else { return .none }
            state.country = nil
            let home = localization.availableCountries.first
            let effect = changeMarket(&state)
            let notice = "\(state.shop?.name ?? "The shop") does not sell in \(country): prices are in \(home?.currencyCode ?? "its currency")."
            return .merge(effect, reduce(into: &state, action: .errorBar(.show(notice))))
        case .delegate(.chosen(let country)):
            if case .markets = state.screen { _ = pop(&state) }
            guard country != state.marketCountry?.isoCode || state.country == nil else { return .none }
            state.country = country
            return changeMarket(&state)
        case .moveSelection, .chooseSelected, .delegate:
            return nil
        }
    }

    /// Forgets what was priced in the old market and asks again; remembers the choice.
    private func changeMarket(_ state: inout AppState) -> Effect<AppAction> {
        let save = dependencies.saveCountry
        let country = state.country
        let open = state.screens.compactMap { screen -> Collection? in
            guard case .products(let handle) = screen else { return nil }
            return state.collections.items.first { $0.handle == handle }
                ?? Collection(id: handle, handle: handle, title: handle, description: "", updatedAt: .distantPast)
        }
        return .merge(
            .run { _ in await save(country) },
            reduce(into: &state, action: .collections(.marketChanged)),
            reduce(into: &state, action: .cart(.countryChanged(country))),
            reduce(into: &state, action: .products(.marketChanged(reopen: open))),
            reduce(into: &state, action: .productDetail(.reload))
        )
    }
}

extension AppState {
    /// The shopper's country as the shop lists it: the one picked, else the shop's own (nil until
    /// the shop has said where it sells).
    public var marketCountry: Localization.Country? {
        guard let countries = localization?.availableCountries else { return nil }
        let code = country ?? localization?.country.isoCode
        return countries.first { $0.isoCode == code } ?? countries.first
    }
}
