import Foundation
import Synchronization
import StorefrontModels

/// What search and sorting need, computed once when the catalog loads, so that a query over a
/// hundred thousand products takes a few milliseconds:
/// - the folded (lowercase, accent-free) searchable text of every product in one buffer, with
///   signatures of its byte pairs and triples (1024 bits; 256 for the title alone), stored bit by
///   bit, that rule out most products before any text is read;
/// - vendors, product types and tags interned to small integers;
/// - titles, handles and SKUs folded; prices and dates as plain numbers;
/// - the product order for each sort key, made when first asked for.
public final class SearchIndex: Sendable {
    let count: Int
    /// Folded title, vendor, type, tags and description of every product, one after another.
    /// Product i is `text[textStart[i] ..< textStart[i + 1]]`; its title is the first
    /// `titleLength[i]` bytes. Fields are separated by 0x1F so a term never spans two.
    let text: [UInt8]
    let textStart: [Int]
    let titleLength: [Int32]
    /// Signatures of each product's whole text, and of its title.
    let textSlices: SignatureSlices
    let titleSlices: SignatureSlices
    static let textSignatureWidth = 1024
    static let titleSignatureWidth = 256
    /// How often each byte occurs in (a sample of) the text, to pick the rarest byte of a term.
    let byteFrequency: [Int]

    let handles: FoldedStrings
    /// SKUs and prices per variant; product i's variants are `variantStart[i] ..< variantStart[i + 1]`.
    let variantStart: [Int32]
    let skus: FoldedStrings
    let variantPrices: [Int64]
    let minPrice: [Int64]
    let maxPrice: [Int64]
    let available: [Bool]
    let createdAt: [Double]
    let updatedAt: [Double]
    let numericIds: [Int]

    let vendors: Vocabulary
    let vendorOf: [Int32]
    let productTypes: Vocabulary
    let productTypeOf: [Int32]
    let tags: Vocabulary
    /// Product i's tags are `tagIds[tagStart[i] ..< tagStart[i + 1]]`.
    let tagStart: [Int32]
    let tagIds: [Int32]
    let vendorPostings: Postings
    let productTypePostings: Postings
    let tagPostings: Postings

    /// Sort orders made so far (see `sortOrder(_:)`).
    let sortOrders = Mutex<[ProductSortKeys: SortOrder]>([:])

    /// The index of `products`; `variantPrices`, when given, are each variant's price in
    /// ten-thousandths (the loader has them from the prices' text), in order.
    convenience init(products: [Product], variantPrices: [Int64]? = nil) {
        let (runs, _) = Self.readRuns(products, variantPrices: variantPrices) {}
        self.init(count: products.count, runs: runs)
    }

    /// The index, and the result of `work`, which runs on the same cores as the index's runs
    /// (for the loader's checks of handles and ids, which also only read the products).
    static func make<Other: Sendable>(products: [Product], variantPrices: [Int64]?,
                                      alongside work: @Sendable () -> Other) -> (SearchIndex, Other) {
        let (runs, other) = readRuns(products, variantPrices: variantPrices, alongside: work)
        return (SearchIndex(count: products.count, runs: runs), other)
    }

    /// What the runs read: their parts, and the signatures they wrote.
    private struct Runs {
        var parts: [IndexPart]
        var textSlices: SignatureSlices
        var titleSlices: SignatureSlices
    }

    /// Every product read once, in runs on all cores (with `work` as one more task).
    private static func readRuns<Other: Sendable>(_ products: [Product], variantPrices: [Int64]?,
                                                  alongside work: @Sendable () -> Other) -> (Runs, Other) {
        let count = products.count
        let chunk = (max(1_024, count / 16 + 1) + 63) / 64 * 64
        let runs = (count + chunk - 1) / chunk
        var firstVariant = [Int](repeating: 0, count: runs)
        if variantPrices != nil {
            products.withUnsafeBufferPointer { products in
                for c in 1..<max(1, runs) {
                    firstVariant[c] = firstVariant[c - 1] + products[((c - 1) * chunk)..<(c * chunk)].reduce(0) { $0 + $1.variants.count }
                }
            }
        }
        let runStarts = firstVariant
        var textSlices = SignatureSlices(width: textSignatureWidth, productCount: count)
        var titleSlices = SignatureSlices(width: titleSignatureWidth, productCount: count)
        let results = textSlices.withWriter { text in
            titleSlices.withWriter { title in
                // The other work first, so that it is not the last to finish.
                ParallelMap.map(runs + 1) { t -> (IndexPart?, Other?) in
                    guard t > 0 else { return (nil, work()) }
                    let c = t - 1
                    return (IndexPart(products, range: (c * chunk)..<min(count, (c + 1) * chunk),
                                      prices: variantPrices.map { ($0, runStarts[c]) }, textSlices: text, titleSlices: title), nil)
                }
            }
        }
        return (Runs(parts: results.dropFirst().map { $0.0! }, textSlices: textSlices, titleSlices: titleSlices), results[0].1!)
    }

    /// The index made of what the runs read, joined in order.
    private init(count: Int, runs: Runs) {
        self.count = count
        let parts = runs.parts
        (textSlices, titleSlices) = (runs.textSlices, runs.titleSlices)
        // The joins are independent of each other: done side by side.
        let (texts, (variants, values)) = ParallelMap.both({ Self.joinTexts(parts) },
                                                           { (Self.joinVariants(parts), Self.joinValues(parts)) })
        text = texts.text
        textStart = texts.starts
        titleLength = texts.titleLength
        byteFrequency = texts.frequency
        handles = variants.handles
        skus = variants.skus
        variantStart = variants.start
        self.variantPrices = variants.prices
        minPrice = variants.minPrice
        maxPrice = variants.maxPrice
        available = variants.available
        createdAt = variants.createdAt
        updatedAt = variants.updatedAt
        numericIds = variants.numericIds
        vendors = values.vendors
        vendorOf = values.vendorOf
        productTypes = values.types
        productTypeOf = values.typeOf
        tags = values.tags
        tagStart = values.tagStart
        tagIds = values.tagIds
        vendorPostings = values.vendorPostings
        productTypePostings = values.typePostings
        tagPostings = values.tagPostings
    }

    // MARK: Joining the runs

    private static func joinTexts(_ parts: [IndexPart]) -> (text: [UInt8], starts: [Int], titleLength: [Int32], frequency: [Int]) {
        var text: [UInt8] = [], starts: [Int] = [], titleLength: [Int32] = []
        var frequency = [Int](repeating: 0, count: 256)
        text.reserveCapacity(parts.reduce(0) { $0 + $1.text.count })
        starts.reserveCapacity(parts.reduce(1) { $0 + $1.starts.count })
        titleLength.reserveCapacity(starts.capacity)
        for part in parts {
            let base = text.count
            starts.append(contentsOf: part.starts.lazy.map { $0 + base })
            text.append(contentsOf: part.text)
            titleLength.append(contentsOf: part.titleLength)
            for b in 0..<256 { frequency[b] += part.byteFrequency[b] }
        }
        starts.append(text.count)
        return (text, starts, titleLength, frequency)
    }

    private struct JoinedVariants: Sendable {
        var handles = FoldedStrings(), skus = FoldedStrings()
        var start: [Int32] = [], prices: [Int64] = [], minPrice: [Int64] = [], maxPrice: [Int64] = []
        var available: [Bool] = [], createdAt: [Double] = [], updatedAt: [Double] = [], numericIds: [Int] = []
    }

    private static func joinVariants(_ parts: [IndexPart]) -> JoinedVariants {
        var joined = JoinedVariants()
        for part in parts {
            joined.handles.append(contentsOf: part.handles)
            joined.skus.append(contentsOf: part.skus)
            var offset = joined.prices.count
            for n in part.variantCounts { joined.start.append(Int32(offset)); offset += Int(n) }
            joined.prices.append(contentsOf: part.prices)
            joined.minPrice.append(contentsOf: part.minPrice)
            joined.maxPrice.append(contentsOf: part.maxPrice)
            joined.available.append(contentsOf: part.available)
            joined.createdAt.append(contentsOf: part.createdAt)
            joined.updatedAt.append(contentsOf: part.updatedAt)
            joined.numericIds.append(contentsOf: part.numericIds)
        }
        joined.start.append(Int32(joined.prices.count))
        return joined
    }

    private struct JoinedValues: Sendable {
        var vendors = Vocabulary(), types = Vocabulary(), tags = Vocabulary()
        var vendorOf: [Int32] = [], typeOf: [Int32] = [], tagStart: [Int32] = [], tagIds: [Int32] = []
        var vendorPostings: Postings, typePostings: Postings, tagPostings: Postings
    }

    /// Vendors, types and tags: each run's own value ids become the catalog's.
    private static func joinValues(_ parts: [IndexPart]) -> JoinedValues {
        var vendors = Vocabulary(), types = Vocabulary(), tags = Vocabulary(), folder = TextFolder()
        var vendorOf: [Int32] = [], typeOf: [Int32] = [], tagStart: [Int32] = [], tagIds: [Int32] = []
        for part in parts {
            let vendorIds = vendors.merge(part.vendors, folder: &folder)
            vendorOf.append(contentsOf: part.vendorOf.lazy.map { vendorIds[Int($0)] })
            let typeIds = types.merge(part.productTypes, folder: &folder)
            typeOf.append(contentsOf: part.productTypeOf.lazy.map { typeIds[Int($0)] })
            let tagIdsHere = tags.merge(part.tags, folder: &folder)
            var next = tagIds.count
            for n in part.tagCounts { tagStart.append(Int32(next)); next += Int(n) }
            tagIds.append(contentsOf: part.tagIds.lazy.map { tagIdsHere[Int($0)] })
        }
        tagStart.append(Int32(tagIds.count))
        return JoinedValues(vendors: vendors, types: types, tags: tags, vendorOf: vendorOf, typeOf: typeOf,
                            tagStart: tagStart, tagIds: tagIds,
                            vendorPostings: Postings(valueCount: vendors.count, valueStart: nil, values: vendorOf),
                            typePostings: Postings(valueCount: types.count, valueStart: nil, values: typeOf),
                            tagPostings: Postings(valueCount: tags.count, valueStart: tagStart, values: tagIds))
    }

    // MARK: Helpers

    /// Prices in ten-thousandths of the currency unit: exact for any amount with up to four decimals.
    static func scaled(_ amount: Decimal) -> Int64 {
        var value = amount, shifted = Decimal(), rounded = Decimal()
        // Shifting by a power of ten only moves the exponent, unlike a multiplication.
        _ = NSDecimalMultiplyByPowerOf10(&shifted, &value, 4, .plain)
        NSDecimalRound(&rounded, &shifted, 0, .plain)
        return NSDecimalNumber(decimal: rounded).int64Value
    }

    /// The same from the amount's text ("12.5" → 125000), when it is a plain decimal with at most
    /// four decimals and fourteen digits before the point (as prices are); nil otherwise.
    static func scaled(text: String) -> Int64? {
        var copy = text
        return copy.withUTF8 { bytes -> Int64? in
            var k = 0, negative = false
            if k < bytes.count, bytes[k] == UInt8(ascii: "-") { negative = true; k += 1 }
            var value: Int64 = 0, whole = 0, fraction = -1
            while k < bytes.count {
                let b = bytes[k]
                if b == UInt8(ascii: "."), fraction < 0, whole > 0 { fraction = 0; k += 1; continue }
                guard b >= 48, b <= 57 else { return nil }
                if fraction >= 0 { fraction += 1 } else { whole += 1 }
                guard whole <= 14, fraction <= 4 else { return nil }
                value = value * 10 + Int64(b - 48)
                k += 1
            }
            guard whole > 0, fraction != 0 else { return nil }
            for _ in 0..<(4 - max(0, fraction)) { value *= 10 }
            return negative ? -value : value
        }
    }

    /// 8100 for "gid://shopify/Product/8100".
    static func numericId(_ gid: String) -> Int {
        var copy = gid
        return copy.withUTF8 { bytes in
            var k = bytes.count
            while k > 0, bytes[k - 1] >= 48, bytes[k - 1] <= 57 { k -= 1 }
            var value = 0
            for i in k..<bytes.count {
                let (m, o1) = value.multipliedReportingOverflow(by: 10)
                let (s, o2) = m.addingReportingOverflow(Int(bytes[i] - 48))
                if o1 || o2 { return -1 }
                value = s
            }
            return value
        }
    }

    /// A short, stable digest of a query, for cursors.
    package static func fingerprint(_ query: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in query.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return String(hash, radix: 36)
    }
}
