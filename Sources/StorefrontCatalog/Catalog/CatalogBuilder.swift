import Foundation
import StorefrontModels

/// Turns a `CatalogDocument` into models: checks every rule, cleans every text field once,
/// assigns ids. Errors name the JSON path of the offending value.
struct CatalogBuilder {
    let file: String
    private var currency = "USD"

    init(file: String) { self.file = file }

    func fail(_ message: String, at location: String) -> StorefrontError {
        .catalog(CatalogError(file: file, message: message, location: location))
    }

    /// The models of `document`, whose products are read from `file` (in runs, on all cores).
    ///
    /// Errors come in the order reading and then checking the whole file one piece at a time
    /// would meet them: a product that does not read, before anything checked; the shop and the
    /// discount codes, before the products; among products, the first in the file.
    mutating func build(_ document: CatalogDocument, from file: CatalogJSONReader.Shared) throws -> StoreCatalog {
        let header = Result { try buildHeader(document) }
        if case .success(let (shop, _)) = header { currency = shop.currencyCode }

        let elements = document.products
        let chunk = max(1_000, elements.count / 16 + 1)
        let chunks = stride(from: 0, to: elements.count, by: chunk).map { $0..<min($0 + chunk, elements.count) }
        let builder = self
        let (built, runs) = ParallelMap.fill(count: elements.count, runs: chunks) { range, slots in
            builder.readProducts(range, of: elements, from: file, into: slots)
        }
        if let error = runs.lazy.compactMap(\.readError).first { throw error }
        let (shop, codes) = try header.get()
        if let error = runs.lazy.compactMap(\.buildError).first { throw error }
        guard let products = built else { throw fail("the products could not be read", at: "products") }

        // Handles and ids are checked while the search index is made: both only read the products.
        let (index, checked) = SearchIndex.make(products: products, variantPrices: runs.flatMap(\.prices)) {
            builder.lookups(products, runs: runs)
        }
        let lookups = try checked.get()

        var collections: [Collection] = [], members: [[Int]] = []
        var collectionHandles: [String: Int] = [:], collectionIds: [Int: Int] = [:]
        for (index, entry) in document.collections.enumerated() {
            let at = "collections[\(index)]"
            let handle = try self.handle(entry.handle, at: "\(at).handle")
            if let previous = collectionHandles[handle] {
                throw fail("duplicate collection handle \"\(handle)\" (also collections[\(previous)])", at: "\(at).handle")
            }
            if let previous = collectionIds[entry.id] {
                throw fail("duplicate collection id \(entry.id) (also collections[\(previous)])", at: "\(at).id")
            }
            try positive(entry.id, at: "\(at).id")
            collectionHandles[handle] = index
            collectionIds[entry.id] = index
            var indices: [Int] = []
            var seen = Set<Int>()
            for (k, productHandle) in entry.products.enumerated() {
                guard let p = lookups.product(handle: productHandle, in: products) else {
                    throw fail("no product has the handle \"\(TextSanitizer.cleanLine(productHandle))\"", at: "\(at).products[\(k)]")
                }
                if seen.insert(p).inserted { indices.append(p) }
            }
            collections.append(Collection(
                id: GlobalID.make("Collection", entry.id), handle: handle,
                title: try title(entry.title, at: "\(at).title"),
                description: PlainText.clean(entry.description ?? ""),
                image: try entry.image.map { try image($0, id: nil, at: "\(at).image") },
                updatedAt: try date(entry.updatedAt, at: "\(at).updatedAt")))
            members.append(indices)
        }
        var catalog = StoreCatalog(shop: shop, products: products, collections: collections, collectionProductIndices: members,
                                   discountCodes: codes, lookups: lookups, searchIndex: index)
        catalog.giftCards = try buildGiftCards(document.giftCards ?? [])
        return catalog
    }

    private func buildGiftCards(_ entries: [CatalogDocument.GiftCardEntry]) throws -> [GiftCard] {
        var seen: [String: Int] = [:]
        return try entries.enumerated().map { index, entry in
            let at = "giftCards[\(index)]"
            let code = PlainText.cleanLine(entry.code).trimmedWhitespace
            guard code.count >= 4 else { throw fail("a gift card code has at least 4 characters", at: "\(at).code") }
            if let previous = seen[code.uppercased()] {
                throw fail("duplicate gift card code (also giftCards[\(previous)])", at: "\(at).code")
            }
            seen[code.uppercased()] = index
            return GiftCard(id: "gid://shopify/AppliedGiftCard/\(index + 1)", code: code, balance: try money(entry.balance, at: "\(at).balance"))
        }
    }

    /// The products by handle and number, and the variants by number; fails on the first repeat.
    private func lookups(_ products: [Product], runs: [Run]) -> Result<CatalogLookups, StorefrontError> {
        do {
            var lookups = CatalogLookups(products: products.count, variants: runs.reduce(0) { $0 + $1.variantIds.count })
            var variantIds = runs.lazy.flatMap(\.variantIds).makeIterator()
            var numbers = runs.lazy.flatMap(\.productNumbers).makeIterator()
            var handleHashes = runs.lazy.flatMap(\.handleHashes).makeIterator()
            try products.withUnsafeBufferPointer { products in
                for index in products.indices {
                    let id = numbers.next()!
                    switch lookups.addProduct(index, of: products, handleHash: handleHashes.next()!, number: id) {
                    case (let previous?, _):
                        throw fail("duplicate handle \"\(products[index].handle)\" (also products[\(previous)])", at: "products[\(index)].handle")
                    case (_, let previous?):
                        throw fail("duplicate id \(id) (also products[\(previous)])", at: "products[\(index)].id")
                    case (nil, nil):
                        break
                    }
                    for v in 0..<products[index].variants.count {
                        let number = variantIds.next()!
                        if let previous = lookups.addVariant(v, of: index, number: number) {
                            throw fail("duplicate variant id \(number) (also products[\(previous.product)].variants[\(previous.variant)])",
                                       at: "products[\(index)].variants[\(v)].id")
                        }
                    }
                }
            }
            return .success(lookups)
        } catch {
            return .failure(storefrontError(error))
        }
    }

    // MARK: Shop and discount codes

    private func buildHeader(_ document: CatalogDocument) throws -> (Shop, [DiscountCode]) {
        if let format = document.format, format != "storefront-catalog" {
            throw fail("unknown format \"\(TextSanitizer.cleanLine(format))\" (expected \"storefront-catalog\")", at: "format")
        }
        if let version = document.version, version != 1 {
            throw fail("unsupported version \(version) (this storefront reads version 1)", at: "version")
        }
        return (try buildShop(document.shop), try document.discountCodes.map { try buildDiscountCodes($0) } ?? [])
    }

    private func buildShop(_ entry: CatalogDocument.ShopEntry) throws -> Shop {
        let code = entry.currencyCode
        guard code.count == 3, code.allSatisfy({ $0.isASCII && $0.isUppercase }) else {
            throw fail("\"\(TextSanitizer.cleanLine(code))\" is not an ISO 4217 currency code such as \"EUR\"", at: "shop.currencyCode")
        }
        let country = entry.countryCode
        guard country.count == 2, country.allSatisfy({ $0.isASCII && $0.isUppercase }) else {
            throw fail("\"\(TextSanitizer.cleanLine(country))\" is not an ISO 3166 country code such as \"NL\"", at: "shop.countryCode")
        }
        let domain = PlainText.cleanLine(entry.domain)
        guard !domain.isEmpty, !domain.contains(where: { $0 == "/" || $0 == " " || $0 == "?" }) else {
            throw fail("\"\(domain)\" is not a domain name such as \"shop.example\"", at: "shop.domain")
        }
        func optional(_ text: String?) -> String? {
            text.map(PlainText.cleanLine).flatMap { $0.isEmpty ? nil : $0 }
        }
        return Shop(name: try title(entry.name, at: "shop.name"), description: PlainText.clean(entry.description ?? ""),
                    domain: domain.lowercased(), currencyCode: code, countryCode: country,
                    policies: try buildPolicies(entry, domain: domain.lowercased()),
                    contactEmail: optional(entry.contactEmail), contactPhone: optional(entry.contactPhone),
                    subscriptionPolicy: try entry.subscriptionPolicy.map { try buildSubscriptionPolicy($0, domain: domain.lowercased()) })
    }

    /// The subscription policy: its defaults are the admin's, its id the fifth policy's.
    private func buildSubscriptionPolicy(_ policy: CatalogDocument.PolicyEntry, domain: String) throws -> SubscriptionPolicy {
        let at = "shop.subscriptionPolicy"
        let handle = PlainText.cleanLine(policy.handle ?? SubscriptionPolicy.defaultHandle).trimmedWhitespace
        guard !handle.isEmpty, handle.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }) else {
            throw fail("\"\(handle)\" is not a handle such as \"\(SubscriptionPolicy.defaultHandle)\"", at: "\(at).handle")
        }
        let url = PlainText.cleanLine(policy.url ?? "https://\(domain)/policies/\(handle)")
        guard url.hasPrefix("https://") || url.hasPrefix("http://") else {
            throw fail("\"\(url)\" is not an address such as \"https://\(domain)/policies/\(handle)\"", at: "\(at).url")
        }
        return SubscriptionPolicy(id: "gid://shopify/ShopPolicy/\(policy.id ?? 5)", handle: handle,
                                  title: try title(policy.title ?? SubscriptionPolicy.defaultTitle, at: "\(at).title"),
                                  body: PlainText.clean(policy.body), url: url)
    }

    /// The four policies in `Kind` order. A policy the catalog only gives an address for (the
    /// older `refundPolicyUrl` keys) is published with an empty body, as a shop's admin does.
    private func buildPolicies(_ entry: CatalogDocument.ShopEntry, domain: String) throws -> [ShopPolicy] {
        var entries = entry.policies
        let addresses: [ShopPolicy.Kind: String?] = [.refund: entry.refundPolicyUrl, .shipping: entry.shippingPolicyUrl]
        for (kind, url) in addresses {
            guard let url, entries[kind] == nil else { continue }
            entries[kind] = CatalogDocument.PolicyEntry(body: "", url: url)
        }
        return try ShopPolicy.Kind.allCases.enumerated().compactMap { position, kind in
            guard let policy = entries[kind] else { return nil }
            let at = "shop.\(kind.rawValue)"
            let handle = PlainText.cleanLine(policy.handle ?? kind.defaultHandle).trimmedWhitespace
            guard !handle.isEmpty, handle.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }) else {
                throw fail("\"\(handle)\" is not a handle such as \"\(kind.defaultHandle)\"", at: "\(at).handle")
            }
            let title = try self.title(policy.title ?? kind.defaultTitle, at: "\(at).title")
            let url = PlainText.cleanLine(policy.url ?? "https://\(domain)/policies/\(handle)")
            guard url.hasPrefix("https://") || url.hasPrefix("http://") else {
                throw fail("\"\(url)\" is not an address such as \"https://\(domain)/policies/\(handle)\"", at: "\(at).url")
            }
            let id = policy.id ?? position + 1
            return ShopPolicy(kind: kind, id: "gid://shopify/ShopPolicy/\(id)", handle: handle, title: title,
                              body: PlainText.clean(policy.body), url: url)
        }
    }

    private func buildDiscountCodes(_ entries: [CatalogDocument.DiscountCodeEntry]) throws -> [DiscountCode] {
        var seen: [String: Int] = [:]
        return try entries.enumerated().map { index, entry in
            let at = "discountCodes[\(index)]"
            let code = PlainText.cleanLine(entry.code).trimmedWhitespace
            guard !code.isEmpty else { throw fail("empty discount code", at: "\(at).code") }
            if let previous = seen[code.uppercased()] {
                throw fail("duplicate discount code \"\(code)\" (also discountCodes[\(previous)])", at: "\(at).code")
            }
            seen[code.uppercased()] = index
            let kind: DiscountCode.Kind
            switch entry.type {
            case "percentage":
                guard let value = Money.parseAmount(entry.value), value > 0, value <= 100 else {
                    throw fail("\"\(TextSanitizer.cleanLine(entry.value))\" is not a percentage between 0 and 100", at: "\(at).value")
                }
                kind = .percentage(value)
            case "fixedAmount":
                kind = .fixedAmount(try money(entry.value, at: "\(at).value"))
            default:
                throw fail("unknown discount type \"\(TextSanitizer.cleanLine(entry.type))\" (expected \"percentage\" or \"fixedAmount\")",
                           at: "\(at).type")
            }
            return DiscountCode(code: code, title: PlainText.cleanLine(entry.title ?? code), kind: kind,
                                minimumSubtotal: try entry.minimumSubtotal.map { try money($0, at: "\(at).minimumSubtotal") },
                                startsAt: try entry.startsAt.map { try date($0, at: "\(at).startsAt") },
                                endsAt: try entry.endsAt.map { try date($0, at: "\(at).endsAt") },
                                firstOrderOnly: entry.firstOrderOnly ?? false,
                                combinesWithOrderDiscounts: entry.combinesWithOrderDiscounts ?? false)
        }
    }

    // MARK: Products

    /// What reading a run of the file's product elements found besides the products: each
    /// variant's number and price, and the first error of each kind. After a product fails to
    /// build, the rest are only read: a later one that does not read would still come first.
    private struct Run: Sendable {
        /// Each product's number and the hash of its handle; each variant's number and price in
        /// ten-thousandths; in order.
        var productNumbers: [Int] = []
        var handleHashes: [Int] = []
        var variantIds: [Int] = []
        var prices: [Int64] = []
        var readError: StorefrontError?
        var buildError: StorefrontError?
    }

    /// Reads and builds the products of `range` into `slots`; says how many it built.
    private func readProducts(_ range: Range<Int>, of elements: CatalogJSONReader.Elements,
                              from file: CatalogJSONReader.Shared, into slots: UnsafeMutablePointer<Product>) -> (filled: Int, note: Run) {
        var run = Run()
        var built = 0
        var reader = CatalogJSONReader(file, for: elements)
        for index in range {
            reader.seek(toElement: index, of: elements)
            let entry: CatalogDocument.ProductEntry
            do {
                entry = try reader.readElement(index, of: elements) { try CatalogDocument.ProductEntry(reading: &$0) }
            } catch {
                run.readError = storefrontError(error)
                break
            }
            guard run.buildError == nil else { continue }
            do {
                let product = try buildProduct(entry, index: index, into: &run)
                run.productNumbers.append(entry.id)
                run.handleHashes.append(product.handle.hashValue)
                (slots + built).initialize(to: product)
                built += 1
            } catch {
                run.buildError = storefrontError(error)
            }
        }
        return (built, run)
    }

    private func storefrontError(_ error: any Error) -> StorefrontError {
        error as? StorefrontError ?? .catalog(CatalogError(file: file, message: "\(error)"))
    }

    private func buildProduct(_ entry: CatalogDocument.ProductEntry, index: Int, into run: inout Run) throws -> Product {
        func at() -> String { "products[\(index)]" }
        try positive(entry.id, at: "\(at()).id")
        let handle = try self.handle(entry.handle, at: "\(at()).handle")
        let pid = entry.id
        let productTitle = try title(entry.title, at: "\(at()).title")

        // Options: names unique, values unique within an option.
        var options: [ProductOption] = []
        var valueNames: [[String]] = []
        if let entries = entry.options {
            options.reserveCapacity(entries.count)
            valueNames.reserveCapacity(entries.count)
        }
        for (k, option) in (entry.options ?? []).enumerated() {
            let name = try title(option.name, at: "\(at()).options[\(k)].name")
            if options.contains(where: { $0.name == name }) {
                throw fail("duplicate option \"\(name)\"", at: "\(at()).options[\(k)].name")
            }
            guard !option.values.isEmpty else { throw fail("option \"\(name)\" has no values", at: "\(at()).options[\(k)].values") }
            var values: [ProductOptionValue] = []
            values.reserveCapacity(option.values.count)
            // The clean names, in the file's array unless cleaning changed one (nearly never).
            var names = option.values
            for (j, raw) in option.values.enumerated() {
                let value = try title(raw, at: "\(at()).options[\(k)].values[\(j)]")
                guard !names[..<j].contains(value) else {
                    throw fail("duplicate value \"\(value)\" in option \"\(name)\"", at: "\(at()).options[\(k)].values[\(j)]")
                }
                if value != raw { names[j] = value }
                values.append(ProductOptionValue(id: GlobalID.make("ProductOptionValue", pid, (k + 1, 0), (j + 1, 2)), name: value))
            }
            options.append(ProductOption(id: GlobalID.make("ProductOption", pid, (k + 1, 0)), name: name, optionValues: values))
            valueNames.append(names)
        }

        guard !entry.variants.isEmpty else { throw fail("a product needs at least one variant", at: "\(at()).variants") }
        var variants: [ProductVariant] = []
        variants.reserveCapacity(entry.variants.count)
        // Each variant's option values as one mixed-radix number, to find two with the same options.
        var combinations: [Int] = []
        combinations.reserveCapacity(entry.variants.count)
        // The cheapest and dearest variant (the first of equals), by price in ten-thousandths.
        var cheapest = 0, dearest = 0, low = Int64.max, high = Int64.min
        for (v, variant) in entry.variants.enumerated() {
            func vat() -> String { "\(at()).variants[\(v)]" }
            var values = variant.options ?? []
            for k in values.indices {
                let value = try title(values[k], at: "\(vat()).options[\(k)]")
                if value != values[k] { values[k] = value }
            }
            guard values.count == options.count else {
                throw fail("has \(values.count) option value\(values.count == 1 ? "" : "s") but the product has \(options.count) option\(options.count == 1 ? "" : "s")",
                           at: "\(vat()).options")
            }
            var selected: [SelectedOption] = []
            selected.reserveCapacity(values.count)
            var combination = 0
            for (k, value) in values.enumerated() {
                guard let position = valueNames[k].firstIndex(of: value) else {
                    throw fail("\"\(value)\" is not a value of option \"\(options[k].name)\"", at: "\(vat()).options[\(k)]")
                }
                combination = combination &* valueNames[k].count &+ position
                selected.append(SelectedOption(name: options[k].name, value: value))
            }
            if let previous = combinations.firstIndex(of: combination) {
                throw fail("same options as variants[\(previous)]", at: "\(vat()).options")
            }
            combinations.append(combination)
            let numericId = try variant.id ?? defaultVariantId(product: pid, position: v + 1, at: "\(vat()).id")
            try positive(numericId, at: "\(vat()).id")
            run.variantIds.append(numericId)
            let (price, scaled) = try money(variant.price, at: "\(vat()).price")
            run.prices.append(scaled)
            if scaled < low { low = scaled; cheapest = v }
            if scaled > high { high = scaled; dearest = v }
            let compareAt = try variant.compareAtPrice.map { try money($0, at: "\(vat()).compareAtPrice").money }
            if let inventory = variant.inventory, inventory < 0 {
                throw fail("inventory cannot be negative (\(inventory))", at: "\(vat()).inventory")
            }
            let available = (variant.available ?? true) && (variant.inventory.map { $0 > 0 } ?? true)
            let title = switch selected.count {
            case 0: "Default Title"
            case 1: selected[0].value
            default: values.joined(separator: " / ")
            }
            variants.append(ProductVariant(
                id: GlobalID.make("ProductVariant", numericId), title: title,
                sku: variant.sku.map(PlainText.cleanLine).flatMap { $0.isEmpty ? nil : $0 },
                availableForSale: available, quantityAvailable: variant.inventory.map { max(0, $0) },
                selectedOptions: selected, price: price, compareAtPrice: compareAt,
                image: try variant.image.map { try image($0, id: nil, at: "\(vat()).image") }))
        }

        let images = try (entry.images ?? []).enumerated().map { k, img in
            try image(img, id: GlobalID.make("ProductImage", pid, (k + 1, 2)), at: "\(at()).images[\(k)]")
        }
        var tags = entry.tags ?? []
        if !tags.allSatisfy({ !$0.isEmpty && PlainText.isPlain($0, keepingBreaks: false) }) {
            tags = tags.map(PlainText.cleanLine).filter { !$0.isEmpty }
        }
        return Product(id: GlobalID.make("Product", pid), handle: handle, title: productTitle,
                       description: PlainText.clean(entry.description ?? ""),
                       vendor: PlainText.cleanLine(entry.vendor), productType: PlainText.cleanLine(entry.productType),
                       tags: tags, createdAt: try date(entry.createdAt, at: "\(at()).createdAt"),
                       updatedAt: try date(entry.updatedAt, at: "\(at()).updatedAt"),
                       options: options, variants: variants, images: images,
                       priceRange: PriceRange(minVariantPrice: variants[cheapest].price, maxVariantPrice: variants[dearest].price))
    }

    // MARK: Fields

    func title(_ raw: String, at: @autoclosure () -> String) throws -> String {
        let text = PlainText.cleanLine(raw).trimmedWhitespace
        guard !text.isEmpty else { throw fail("must not be empty", at: at()) }
        return text
    }

    /// Handles are URL path segments: lowercase letters, digits, "-" and "_" (any script's letters).
    func handle(_ raw: String, at: @autoclosure () -> String) throws -> String {
        guard !raw.isEmpty else { throw fail("must not be empty", at: at()) }
        func allowed(_ s: Unicode.Scalar) -> Bool {
            switch s.value {
            case 0x61...0x7A, 0x30...0x39, 0x2D, 0x5F: return true
            case 0..<0x80: return false
            default: return s.properties.isAlphabetic && !s.properties.isUppercase
            }
        }
        guard raw.unicodeScalars.allSatisfy(allowed) else {
            throw fail("\"\(TextSanitizer.cleanLine(raw))\" is not a handle (lowercase letters, digits and \"-\")", at: at())
        }
        return raw
    }

    private func money(_ raw: String, at: @autoclosure () -> String) throws -> Money { try money(raw, at: at()).money }

    /// The amount, and the same in ten-thousandths (for comparing and searching).
    private func money(_ raw: String, at: @autoclosure () -> String) throws -> (money: Money, scaled: Int64) {
        guard let amount = Money.parseAmount(raw) else {
            throw fail("\"\(TextSanitizer.cleanLine(raw))\" is not a decimal amount such as \"12.50\"", at: at())
        }
        let exact = SearchIndex.scaled(text: raw)
        guard exact.map({ $0 >= 0 }) ?? (amount >= 0) else { throw fail("amount cannot be negative (\(raw))", at: at()) }
        return (Money(amount: amount, currencyCode: currency), exact ?? SearchIndex.scaled(amount))
    }

    func date(_ entry: CatalogDocument.DateEntry, at: @autoclosure () -> String) throws -> Date {
        switch entry {
        case .instant(let seconds): return Date(timeIntervalSince1970: seconds)
        case .text(let raw):
            throw fail("\"\(TextSanitizer.cleanLine(raw))\" is not an ISO 8601 date such as \"2025-03-01T09:00:00Z\"", at: at())
        }
    }


    /// Product id × 1000 + position, checked: the product id comes from the file, and one near
    /// Int.max / 1000 would overflow.
    private func defaultVariantId(product pid: Int, position: Int, at: @autoclosure () -> String) throws -> Int {
        let (scaled, o1) = pid.multipliedReportingOverflow(by: 1000)
        let (id, o2) = scaled.addingReportingOverflow(position)
        guard !o1, !o2 else {
            throw fail("no id, and the default (product id \(pid) × 1000 + \(position)) is too large: give the variant an id", at: at())
        }
        return id
    }

    func positive(_ id: Int, at: @autoclosure () -> String) throws {
        guard id > 0 else { throw fail("ids are positive integers (found \(id))", at: at()) }
    }

    func image(_ entry: CatalogDocument.ImageEntry, id: String?, at: @autoclosure () -> String) throws -> ProductImage {
        let url = PlainText.cleanLine(entry.url)
        guard url.hasPrefix("https://") || url.hasPrefix("http://") else {
            throw fail("\"\(url)\" is not an http(s) URL", at: "\(at()).url")
        }
        let size = ProductImage.pictureSize
        return ProductImage(id: id, url: url, altText: entry.altText.map(PlainText.cleanLine),
                            width: entry.width, height: entry.height,
                            pictureUrl: ProductImage.transformed(url, maxWidth: size, maxHeight: size, png: true))
    }
}
