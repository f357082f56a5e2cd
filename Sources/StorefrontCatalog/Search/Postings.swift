/// For each value id of a field (a vendor, a type, a tag), the products that have it, in catalog
/// order, all in one buffer: value v's products are `products[start[v] ..< start[v + 1]]`.
struct Postings: Sendable {
    let start: [Int32]
    let products: [Int32]

    /// From each product's values: product p's are `values[valueStart[p] ..< valueStart[p + 1]]`,
    /// or just `values[p]` when `valueStart` is nil.
    init(valueCount: Int, valueStart: [Int32]?, values: [Int32]) {
        let productCount = valueStart.map { $0.count - 1 } ?? values.count
        func range(_ p: Int) -> Range<Int> { valueStart.map { Int($0[p])..<Int($0[p + 1]) } ?? p..<(p + 1) }
        // Count per value, then place each product after the ones before it (a counting sort).
        var start = [Int32](repeating: 0, count: valueCount + 1)
        for v in values { start[Int(v) + 1] += 1 }
        for v in 0..<valueCount { start[v + 1] += start[v] }
        var next = start
        var products = [Int32](repeating: 0, count: values.count)
        for p in 0..<productCount {
            for k in range(p) {
                let v = Int(values[k])
                products[Int(next[v])] = Int32(p)
                next[v] += 1
            }
        }
        self.start = start
        self.products = products
    }

    /// The products that have any of the wanted values.
    func products(withAnyOf wanted: [Bool], count: Int) -> ProductSet {
        var set = ProductSet(count: count)
        for (v, isWanted) in wanted.enumerated() where isWanted {
            for k in Int(start[v])..<Int(start[v + 1]) { set.insert(Int(products[k])) }
        }
        return set
    }
}
