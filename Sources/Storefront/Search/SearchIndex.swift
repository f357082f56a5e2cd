import Foundation
import Synchronization

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
    init(products: [Product], variantPrices: [Int64]? = nil) {
        let count = products.count
        self.count = count
        // Every product is read once, in runs on all cores; the runs are then joined in order.
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
        let parts = ParallelMap.map(runs) { c in
            IndexPart(products, range: (c * chunk)..<min(count, (c + 1) * chunk),
                      prices: variantPrices.map { ($0, runStarts[c]) })
        }
        var text: [UInt8] = [], starts: [Int] = [], titleLength: [Int32] = []
        var textSlices = SignatureSlices(width: Self.textSignatureWidth, productCount: count)
        var titleSlices = SignatureSlices(width: Self.titleSignatureWidth, productCount: count)
        var handles = FoldedStrings(), skus = FoldedStrings()
        var variantStart: [Int32] = [], prices: [Int64] = [], minPrice: [Int64] = [], maxPrice: [Int64] = []
        var available: [Bool] = [], createdAt: [Double] = [], updatedAt: [Double] = [], numericIds: [Int] = []
        var vendors = Vocabulary(), types = Vocabulary(), tags = Vocabulary(), folder = TextFolder()
        var vendorOf: [Int32] = [], typeOf: [Int32] = [], tagStart: [Int32] = [], tagIds: [Int32] = []
        var frequency = [Int](repeating: 0, count: 256)
        text.reserveCapacity(parts.reduce(0) { $0 + $1.text.count })
        starts.reserveCapacity(count + 1); titleLength.reserveCapacity(count); variantStart.reserveCapacity(count + 1)
        for (c, part) in parts.enumerated() {
            let base = text.count
            starts.append(contentsOf: part.starts.map { $0 + base })
            text.append(contentsOf: part.text)
            titleLength.append(contentsOf: part.titleLength)
            textSlices.place(part.textSlices, atWord: c * chunk / 64)
            titleSlices.place(part.titleSlices, atWord: c * chunk / 64)
            handles.append(contentsOf: part.handles)
            skus.append(contentsOf: part.skus)
            var offset = prices.count
            for n in part.variantCounts { variantStart.append(Int32(offset)); offset += Int(n) }
            prices.append(contentsOf: part.prices)
            minPrice.append(contentsOf: part.minPrice)
            maxPrice.append(contentsOf: part.maxPrice)
            available.append(contentsOf: part.available)
            createdAt.append(contentsOf: part.createdAt)
            updatedAt.append(contentsOf: part.updatedAt)
            numericIds.append(contentsOf: part.numericIds)
            // The run's own value ids become the catalog's.
            let vendorIds = vendors.merge(part.vendors, folder: &folder)
            vendorOf.append(contentsOf: part.vendorOf.map { vendorIds[Int($0)] })
            let typeIds = types.merge(part.productTypes, folder: &folder)
            typeOf.append(contentsOf: part.productTypeOf.map { typeIds[Int($0)] })
            let tagIdsHere = tags.merge(part.tags, folder: &folder)
            var next = tagIds.count
            for n in part.tagCounts { tagStart.append(Int32(next)); next += Int(n) }
            tagIds.append(contentsOf: part.tagIds.map { tagIdsHere[Int($0)] })
            for b in 0..<256 { frequency[b] += part.byteFrequency[b] }
        }
        starts.append(text.count)
        variantStart.append(Int32(prices.count))
        tagStart.append(Int32(tagIds.count))

        byteFrequency = frequency
        self.text = text
        self.textStart = starts
        self.titleLength = titleLength
        self.textSlices = textSlices
        self.titleSlices = titleSlices
        self.handles = handles
        self.variantStart = variantStart
        self.skus = skus
        self.variantPrices = prices
        self.minPrice = minPrice
        self.maxPrice = maxPrice
        self.available = available
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.numericIds = numericIds
        self.vendors = vendors
        self.vendorOf = vendorOf
        self.productTypes = types
        self.productTypeOf = typeOf
        self.tags = tags
        self.tagStart = tagStart
        self.tagIds = tagIds
        vendorPostings = Postings(valueCount: vendors.count, valueStart: nil, values: vendorOf)
        productTypePostings = Postings(valueCount: types.count, valueStart: nil, values: typeOf)
        tagPostings = Postings(valueCount: tags.count, valueStart: tagStart, values: tagIds)
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
    static func fingerprint(_ query: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in query.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return String(hash, radix: 36)
    }
}
