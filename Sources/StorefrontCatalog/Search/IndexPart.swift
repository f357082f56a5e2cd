import Foundation
import StorefrontModels

/// What the search index needs from a run of products: built on its own core, then joined to
/// the other runs by `SearchIndex`. Runs start at a multiple of 64 products, so that each one
/// writes whole words of the signature slices, straight into the index's.
struct IndexPart: Sendable {
    var text: [UInt8] = []
    var starts: [Int] = []
    var titleLength: [Int32] = []
    var handles = FoldedStrings()
    var skus = FoldedStrings()
    var variantCounts: [Int32] = []
    var prices: [Int64] = []
    var minPrice: [Int64] = []
    var maxPrice: [Int64] = []
    var available: [Bool] = []
    var createdAt: [Double] = []
    var updatedAt: [Double] = []
    var numericIds: [Int] = []
    /// Vendors, types and tags with ids of this run's own, mapped to the catalog's when joined.
    var vendors = Vocabulary()
    var vendorOf: [Int32] = []
    var productTypes = Vocabulary()
    var productTypeOf: [Int32] = []
    var tags = Vocabulary()
    var tagCounts: [Int32] = []
    var tagIds: [Int32] = []
    /// Byte counts over a sample of the text (every eighth byte).
    var byteFrequency = [Int](repeating: 0, count: 256)

    /// `prices`: every variant's price in ten-thousandths and where this run's first is, if known.
    init(_ all: [Product], range: Range<Int>, prices known: (prices: [Int64], first: Int)?,
         textSlices: SignatureSlices.Writer, titleSlices: SignatureSlices.Writer) {
        let textWords = SearchIndex.textSignatureWidth / 64, titleWords = SearchIndex.titleSignatureWidth / 64
        // The signatures of 64 products at a time, handed to the writers group by group.
        var signatures = [UInt64](repeating: 0, count: 64 * textWords)
        var titleSignatures = [UInt64](repeating: 0, count: 64 * titleWords)
        var folder = TextFolder()
        var variantsSoFar = 0
        let n = range.count
        starts.reserveCapacity(n); titleLength.reserveCapacity(n); variantCounts.reserveCapacity(n)
        minPrice.reserveCapacity(n); maxPrice.reserveCapacity(n); available.reserveCapacity(n)
        createdAt.reserveCapacity(n); updatedAt.reserveCapacity(n); numericIds.reserveCapacity(n)
        vendorOf.reserveCapacity(n); productTypeOf.reserveCapacity(n); tagCounts.reserveCapacity(n)
        handles.reserveCapacity(strings: n, bytes: n * 16)
        all.withUnsafeBufferPointer { products in
            text.reserveCapacity(range.reduce(0) { $0 + products[$1].title.utf8.count + products[$1].description.utf8.count + 64 })
            // Fields are read in place: copying a Product would retain every one of its strings.
            for p in range {
                let k = p & 63
                let start = text.count
                starts.append(start)
                folder.append(products[p].title, to: &text)
                let titleEnd = text.count
                titleLength.append(Int32(titleEnd - start))
                text.append(0x1F); folder.append(products[p].vendor, to: &text)
                text.append(0x1F); folder.append(products[p].productType, to: &text)
                for tag in products[p].tags { text.append(0x1F); folder.append(tag, to: &text) }
                text.append(0x1F)
                folder.append(products[p].description, to: &text)
                let end = text.count
                text.withUnsafeBufferPointer { t in
                    signatures.withUnsafeMutableBufferPointer { s in
                        SignatureSlices.sign(t, from: start, to: end, width: SearchIndex.textSignatureWidth,
                                             into: s.baseAddress! + k * textWords)
                    }
                    titleSignatures.withUnsafeMutableBufferPointer { s in
                        SignatureSlices.sign(t, from: start, to: titleEnd, width: SearchIndex.titleSignatureWidth,
                                             into: s.baseAddress! + k * titleWords)
                    }
                }
                if k == 63 || p == range.upperBound - 1 {
                    signatures.withUnsafeMutableBufferPointer { s in
                        textSlices.store(s.baseAddress!, group: p >> 6)
                        s.update(repeating: 0)
                    }
                    titleSignatures.withUnsafeMutableBufferPointer { s in
                        titleSlices.store(s.baseAddress!, group: p >> 6)
                        s.update(repeating: 0)
                    }
                }

                handles.append(products[p].handle, folder: &folder)
                var low = Int64.max, high = Int64.min, anyAvailable = false
                products[p].variants.withUnsafeBufferPointer { variants in
                    variantCounts.append(Int32(variants.count))
                    for v in variants.indices {
                        skus.append(variants[v].sku ?? "", folder: &folder)
                        let price = known.map { $0.prices[$0.first + variantsSoFar] } ?? SearchIndex.scaled(variants[v].price.amount)
                        variantsSoFar += 1
                        prices.append(price)
                        low = min(low, price); high = max(high, price)
                        anyAvailable = anyAvailable || variants[v].availableForSale
                    }
                }
                minPrice.append(low == .max ? 0 : low)
                maxPrice.append(high == .min ? 0 : high)
                available.append(anyAvailable)
                createdAt.append(products[p].createdAt.timeIntervalSince1970)
                updatedAt.append(products[p].updatedAt.timeIntervalSince1970)
                numericIds.append(SearchIndex.numericId(products[p].id))
                vendorOf.append(vendors.intern(products[p].vendor, folder: &folder))
                productTypeOf.append(productTypes.intern(products[p].productType, folder: &folder))
                tagCounts.append(Int32(products[p].tags.count))
                for tag in products[p].tags { tagIds.append(tags.intern(tag, folder: &folder)) }
            }
        }
        text.withUnsafeBufferPointer { t in
            for k in stride(from: 0, to: t.count, by: 8) { byteFrequency[Int(t[k])] += 1 }
        }
    }
}
