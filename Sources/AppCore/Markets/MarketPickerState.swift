import Storefront

/// The country picker: the countries the shop sells in (with their currencies) and the one the
/// selection is on. It opens on the shopper's current country.
public struct MarketPickerState: Hashable, Sendable {
    public var countries: [Localization.Country]
    public var selectedIndex: Int

    public init(countries: [Localization.Country] = [], selectedIndex: Int = 0) {
        self.countries = countries
        self.selectedIndex = min(max(selectedIndex, 0), max(countries.count - 1, 0))
    }

    public var selectedCountry: Localization.Country? {
        countries.indices.contains(selectedIndex) ? countries[selectedIndex] : nil
    }
}
