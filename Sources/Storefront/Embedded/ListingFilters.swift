import Foundation
import StorefrontModels

/// What filtering reads of one product as a buyer in one market sees it: prices in the market's
/// currency, availability where it is sold. Text is kept as written (labels) and folded (keys).
/// A class: the passes over a large listing then copy one reference per product, not each field.
final class FilterFacts: Sendable {
    struct Variant: Sendable {
        var available: Bool
        var price: Decimal
        /// Folded option values, in the order of the product's `optionKeys`.
        var options: [String]
    }

    let vendor: String
    let productType: String
    let tags: [String]
    let vendorKey: String
    let productTypeKey: String
    let tagKeys: [String]
    /// Folded option names, in the product's order.
    let optionKeys: [String]
    let variants: [Variant]
    /// Option names and values as written, in the product's order: labels for the filters.
    let optionLabels: [(name: String, values: [String])]

    /// `product` as the catalog holds it; `stock` says what is left of each variant.
    init(_ product: __shared Product, market: Market, stock: StockLedger) {
        vendor = product.vendor
        productType = product.productType
        tags = product.tags
        vendorKey = ListingFilters.key(vendor)
        productTypeKey = ListingFilters.key(productType)
        tagKeys = tags.map(ListingFilters.key)
        optionKeys = product.options.map { ListingFilters.key($0.name) }
        let sold = market.sells(product.handle)
        let names = product.options.map(\.name)
        variants = product.variants.map { variant in
            // A variant's options come in the product's order; looked up by name otherwise.
            let inOrder = variant.selectedOptions.elementsEqual(names) { $0.name == $1 }
            let values = inOrder ? variant.selectedOptions.map { ListingFilters.key($0.value) }
                : names.map { name in variant.selectedOptions.first { $0.name == name }.map { ListingFilters.key($0.value) } ?? "" }
            return Variant(available: sold && stock.isAvailable(variant), price: market.price(of: variant, handle: product.handle).amount,
                           options: values)
        }
        optionLabels = product.options.map { ($0.name, $0.optionValues.map(\.name)) }
    }

    /// A variant's folded value of the option with this folded name.
    func value(of variant: Variant, option name: String) -> String? {
        optionKeys.firstIndex(of: name).map { variant.options[$0] }
    }
}

/// Storefront filtering over a listing: which products a set of `ProductFilter`s leaves, and the
/// filters the listing offers with their counts. A value's count is how many products choosing it
/// would leave, given the filters of the other kinds (values of one kind are alternatives).
struct ListingFilters: Sendable {
    /// A kind of filter: values of one kind are ORed.
    enum Kind: Hashable {
        case availability, price, productType, vendor, tag
        case option(String)
    }

    private var availability: Set<Bool> = []
    private var prices: [(min: Decimal, max: Decimal?)] = []
    private var productTypes: Set<String> = []
    private var vendors: Set<String> = []
    private var tags: Set<String> = []
    private var options: [String: Set<String>] = [:]
    /// A filter on data no product has (category, metafields).
    private var unmatchable = false

    let isEmpty: Bool

    init(_ filters: [ProductFilter]) {
        isEmpty = filters.isEmpty
        for filter in filters {
            if let available = filter.available { availability.insert(available) }
            if let price = filter.price { prices.append((price.min ?? 0, price.max)) }
            if let type = filter.productType { productTypes.insert(Self.key(type)) }
            if let vendor = filter.productVendor { vendors.insert(Self.key(vendor)) }
            if let tag = filter.tag { tags.insert(Self.key(tag)) }
            if let option = filter.variantOption { options[Self.key(option.name), default: []].insert(Self.key(option.value)) }
            if filter.onMissingData { unmatchable = true }
        }
    }

    /// Names and values compare without case or surrounding spaces.
    static func key(_ text: String) -> String {
        // Catalog text is trimmed already: only a filter's own text may need it. Bytes are
        // looked at rather than characters, which are dear to classify.
        func plain(_ byte: UInt8?) -> Bool { byte.map { $0 > 0x20 && $0 < 0x80 } ?? true }
        guard plain(text.utf8.first) && plain(text.utf8.last) else { return text.trimmingCharacters(in: .whitespaces).lowercased() }
        return text.lowercased()
    }

    // MARK: Matching

    func matches(_ product: FilterFacts) -> Bool { matches(product, ignoring: nil) }

    /// Whether the product passes every filter but those of `ignored` kind.
    private func matches(_ product: FilterFacts, ignoring ignored: Kind?) -> Bool {
        passesProductFilters(product, ignoring: ignored) && product.variants.contains { passes($0, of: product, ignoring: ignored) }
    }

    private func passesProductFilters(_ product: FilterFacts, ignoring ignored: Kind?) -> Bool {
        if unmatchable { return false }
        if ignored != .vendor, !vendors.isEmpty, !vendors.contains(product.vendorKey) { return false }
        if ignored != .productType, !productTypes.isEmpty, !productTypes.contains(product.productTypeKey) { return false }
        if ignored != .tag, !tags.isEmpty, !product.tagKeys.contains(where: tags.contains) { return false }
        return true
    }

    /// Availability, price and options hold for one variant.
    private func passes(_ variant: FilterFacts.Variant, of product: FilterFacts, ignoring ignored: Kind?) -> Bool {
        if ignored != .availability, !availability.isEmpty, !availability.contains(variant.available) { return false }
        if ignored != .price, !prices.isEmpty,
           !prices.contains(where: { variant.price >= $0.min && ($0.max.map { variant.price <= $0 } ?? true) }) { return false }
        for (name, values) in options where ignored != .option(name) {
            guard let value = product.value(of: variant, option: name), values.contains(value) else { return false }
        }
        return true
    }

    // MARK: The filters a listing offers

    /// The listing's filters: availability, price, product type, vendor, each variant option, tags.
    func offered(over products: [FilterFacts]) -> [ListingFilter] {
        var filters: [ListingFilter] = []
        let inStock = count(products, .availability) { product, found in
            for variant in product.variants where passes(variant, of: product, ignoring: .availability) { found(variant.available ? "1" : "0") }
        }
        filters.append(ListingFilter(id: "filter.v.availability", label: "Availability", kind: .list, values: [
            .init(id: "filter.v.availability.1", label: "In stock", count: inStock["1"] ?? 0, input: #"{"available":true}"#),
            .init(id: "filter.v.availability.0", label: "Out of stock", count: inStock["0"] ?? 0, input: #"{"available":false}"#),
        ]))
        let priced = count(products, .price) { product, found in
            if product.variants.contains(where: { passes($0, of: product, ignoring: .price) }) { found("all") }
        }
        let highest = products.lazy.flatMap { $0.variants.lazy.map(\.price) }.max() ?? 0
        filters.append(ListingFilter(id: "filter.v.price", label: "Price", kind: .priceRange, values: [
            .init(id: "filter.v.price", label: "Price", count: priced["all"] ?? 0,
                  input: #"{"price":{"min":0,"max":\#(Self.number(highest))}}"#),
        ]))
        filters += list("filter.p.product_type", "Product type", products, .productType, field: "productType") { product, found in
            if !product.productType.isEmpty { found(product.productType, product.productTypeKey) }
        }
        filters += list("filter.p.vendor", "Brand", products, .vendor, field: "productVendor") { product, found in
            if !product.vendor.isEmpty { found(product.vendor, product.vendorKey) }
        }
        for (name, label) in optionNames(products) {
            let handle = Self.handle(label)
            let labels = optionValueLabels(products, name: name)
            let counts = count(products, .option(name)) { product, found in
                guard let position = product.optionKeys.firstIndex(of: name) else { return }
                for variant in product.variants where passes(variant, of: product, ignoring: .option(name)) { found(variant.options[position]) }
            }
            let values = labels.map { value in
                ListingFilter.Value(id: "filter.v.option.\(handle).\(Self.handle(value))", label: value,
                                    count: counts[Self.key(value)] ?? 0,
                                    input: #"{"variantOption":{"name":\#(Self.json(name)),"value":\#(Self.json(value))}}"#)
            }
            if !values.isEmpty { filters.append(ListingFilter(id: "filter.v.option.\(handle)", label: label, kind: .list, values: values)) }
        }
        filters += list("filter.p.tag", "Tags", products, .tag, field: "tag") { product, found in
            for (tag, key) in zip(product.tags, product.tagKeys) { found(tag, key) }
        }
        return filters
    }

    /// Per value key, how many products have it: `values` tells a product's keys where it passes
    /// the variant filters of the other kinds (a key told twice counts once); the product filters
    /// of other kinds are checked here. Nothing is allocated per product: listings can be large.
    private func count(_ products: [FilterFacts], _ kind: Kind,
                       values: (FilterFacts, (String) -> Void) -> Void) -> [String: Int] {
        var counts: [String: Int] = [:], told: [String] = []
        for product in products where passesProductFilters(product, ignoring: kind) {
            told.removeAll(keepingCapacity: true)
            values(product) { key in
                guard !told.contains(key) else { return }
                told.append(key)
                counts[key, default: 0] += 1
            }
        }
        return counts
    }

    /// A list filter over a product field; values sorted as a shopper reads them.
    /// `values` tells a product's values of the field, as written and folded.
    private func list(_ id: String, _ label: String, _ products: [FilterFacts], _ kind: Kind, field: String,
                      values: (FilterFacts, (String, String) -> Void) -> Void) -> [ListingFilter] {
        var labels: [String: String] = [:]
        for product in products {
            values(product) { value, key in if labels[key] == nil { labels[key] = value } }
        }
        guard !labels.isEmpty else { return [] }
        let counts = count(products, kind) { product, found in
            guard product.variants.contains(where: { passes($0, of: product, ignoring: kind) }) else { return }
            withoutActuallyEscaping(found) { found in values(product) { found($1) } }
        }
        let sorted = labels.sorted { $0.key == $1.key ? $0.value < $1.value : $0.key < $1.key }
        return [ListingFilter(id: id, label: label, kind: .list, values: sorted.map { key, value in
            ListingFilter.Value(id: "\(id).\(Self.handle(value))", label: value, count: counts[key] ?? 0,
                                input: "{\(Self.json(field)):\(Self.json(value))}")
        })]
    }

    /// Option names (folded, and as first written) in the order products list them.
    private func optionNames(_ products: [FilterFacts]) -> [(key: String, label: String)] {
        var seen: Set<String> = [], names: [(String, String)] = []
        for product in products {
            for (option, key) in zip(product.optionLabels, product.optionKeys) where seen.insert(key).inserted {
                names.append((key, option.name))
            }
        }
        return names
    }

    /// An option's values as first written, in the order products list them.
    private func optionValueLabels(_ products: [FilterFacts], name: String) -> [String] {
        var seen: Set<String> = [], values: [String] = []
        for product in products {
            for (option, key) in zip(product.optionLabels, product.optionKeys) where key == name {
                for value in option.values where seen.insert(Self.key(value)).inserted { values.append(value) }
            }
        }
        return values
    }

    // MARK: Writing

    /// "Kestrel Roastery" → "kestrel-roastery", as filter ids write values.
    static func handle(_ text: String) -> String {
        var out = "", dash = false
        for character in text.lowercased() {
            if character.isLetter || character.isNumber {
                if dash, !out.isEmpty { out.append("-") }
                out.append(character)
                dash = false
            } else {
                dash = true
            }
        }
        return out
    }

    static func json(_ text: String) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .withoutEscapingSlashes
        return (try? encoder.encode(text)).flatMap { String(data: $0, encoding: .utf8) } ?? "\"\""
    }

    /// A JSON number for an amount: "42", "12.5".
    static func number(_ amount: Decimal) -> String { NSDecimalNumber(decimal: amount).stringValue }
}
