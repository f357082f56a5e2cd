/// The country picker on its own state: moves the selection and says which country was picked;
/// the app changes the market (`AppReducer+Markets.swift`).
struct MarketReducer: Reducer {
    func reduce(into state: inout MarketPickerState, action: MarketAction) -> Effect<MarketAction> {
        switch action {
        case .moveSelection(let delta):
            state.selectedIndex = min(max(state.selectedIndex + delta, 0), max(state.countries.count - 1, 0))
            return .none
        case .chooseSelected:
            guard let country = state.selectedCountry else { return .none }
            return .send(.delegate(.chosen(country.isoCode)))
        case .open, .localizationLoaded, .delegate:
            return .none
        }
    }
}
