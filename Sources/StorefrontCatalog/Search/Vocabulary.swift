/// Distinct values of a field (vendors, types, tags) as small integers, with their folded forms.
struct Vocabulary: Sendable {
    private var ids: [String: Int32] = [:]
    private(set) var folded: FoldedStrings = FoldedStrings()
    private(set) var raw: [String] = []

    var count: Int { raw.count }

    mutating func intern(_ value: String, folder: inout TextFolder) -> Int32 {
        if let id = ids[value] { return id }
        let id = Int32(raw.count)
        ids[value] = id
        raw.append(value)
        folded.append(value, folder: &folder)
        return id
    }

    /// Adds the values of `other` and tells what each of its ids became here.
    mutating func merge(_ other: Vocabulary, folder: inout TextFolder) -> [Int32] {
        other.raw.map { intern($0, folder: &folder) }
    }

    /// For each id, whether its folded value equals (or starts with) `needle`.
    func matching(_ needle: [UInt8], prefix: Bool) -> [Bool] {
        (0..<raw.count).map { folded.matches($0, needle, prefix: prefix) }
    }

    /// For each id, whether its folded value holds `needle` as whole words (see `WordMatch`).
    func matchingWords(_ needle: [UInt8], prefix: Bool) -> [Bool] {
        (0..<raw.count).map { folded.containsWords($0, needle, prefix: prefix) }
    }

    /// Each id's place when the values are sorted by their folded form.
    func ranks() -> [Int32] {
        let order = (0..<raw.count).sorted { a, b in
            let (x, y) = (folded.value(a), folded.value(b))
            return x == y ? raw[a] < raw[b] : x.lexicographicallyPrecedes(y)
        }
        var rank = [Int32](repeating: 0, count: raw.count)
        for (r, id) in order.enumerated() { rank[id] = Int32(r) }
        return rank
    }
}
