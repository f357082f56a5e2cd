import Foundation
import Storefront

/// `Product.encodedVariantExistence` and `encodedVariantAvailability`: the option value
/// combinations of a product's variants in the Storefront API's "v1_" encoding, which Hydrogen's
/// `decodeEncodedVariant` reads.
///
/// A combination is the index of each option's value in `options[i].optionValues`. The
/// combinations form a tree, one level per option; each node is written as its index, ":" and its
/// children, and every list of children ends with ",". The last option's indices are written as
/// runs: "0-2" for 0, 1 and 2, a space between runs ("0-1 3"). For two options, `v1_0:0-1,1:2,`
/// holds [0,0], [0,1] and [1,2].
enum OptionValueEncoding {
    static func encode(_ combinations: [[Int]]) -> String {
        let sorted = Set(combinations).sorted { $0.lexicographicallyPrecedes($1) }
        guard let width = sorted.first?.count, width > 0 else { return "" }
        return "v1_" + level(sorted[...], depth: 0, width: width)
    }

    /// The combinations (sorted, all sharing the indices before `depth`) from `depth` on.
    private static func level(_ combinations: ArraySlice<[Int]>, depth: Int, width: Int) -> String {
        if depth == width - 1 { return runs(combinations.map { $0[depth] }) }
        var text = ""
        var start = combinations.startIndex
        while start < combinations.endIndex {
            let index = combinations[start][depth]
            let end = combinations[start...].firstIndex { $0[depth] != index } ?? combinations.endIndex
            text += "\(index):" + level(combinations[start..<end], depth: depth + 1, width: width) + ","
            start = end
        }
        return text
    }

    /// Sorted indices as runs: "0-2 4".
    private static func runs(_ indices: [Int]) -> String {
        var parts: [String] = []
        var k = 0
        while k < indices.count {
            var last = k
            while last + 1 < indices.count, indices[last + 1] == indices[last] + 1 { last += 1 }
            parts.append(last == k ? "\(indices[k])" : "\(indices[k])-\(indices[last])")
            k = last + 1
        }
        return parts.joined(separator: " ")
    }
}

extension Product {
    /// Every variant's combination of option values.
    var encodedVariantExistence: String? { OptionValueEncoding.encode(variants.compactMap(optionValueIndices)) }

    /// The combinations of the variants for sale (in the buyer's market).
    var encodedVariantAvailability: String? {
        OptionValueEncoding.encode(variants.filter(\.availableForSale).compactMap(optionValueIndices))
    }

    /// The index of each of the variant's values among its option's values, in the options' order.
    func optionValueIndices(_ variant: ProductVariant) -> [Int]? {
        var indices: [Int] = []
        for option in options {
            guard let value = variant.selectedOptions.first(where: { $0.name == option.name })?.value,
                  let index = option.optionValues.firstIndex(where: { $0.name == value }) else { return nil }
            indices.append(index)
        }
        return indices
    }
}
