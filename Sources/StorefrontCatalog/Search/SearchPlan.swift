/// A parsed query made ready to run: every field test is already a `ProductSet` (they are cheap
/// to compute for the whole catalog), while fuzzy terms, which read text, stay `TermProbe`s
/// asked one product at a time. A page of results then reads text only for the products it
/// looks at, in the order it shows them.
indirect enum SearchPlan {
    case set(ProductSet)
    case term(TermProbe)
    case not(SearchPlan)
    case and([SearchPlan])
    case or([SearchPlan])

    /// Whether product p matches.
    func matches(_ p: Int) -> Bool {
        switch self {
        case .set(let set): return set.contains(p)
        case .term(let probe): return probe.matches(p)
        case .not(let inner): return !inner.matches(p)
        case .and(let parts): return parts.allSatisfy { $0.matches(p) }
        case .or(let parts): return parts.contains { $0.matches(p) }
        }
    }

    /// Every product that may match (the ones that do, and some that do not).
    var mayMatch: ProductSet {
        switch self {
        case .set(let set): return set
        case .term(let probe): return probe.candidates
        case .not(let inner): return inner.mustMatch.complement
        case .and(let parts): return Self.combine(parts.map(\.mayMatch), intersecting: true)
        case .or(let parts): return Self.combine(parts.map(\.mayMatch), intersecting: false)
        }
    }

    /// Products known to match without reading any text.
    var mustMatch: ProductSet {
        switch self {
        case .set(let set): return set
        case .term(let probe): return ProductSet(count: probe.candidates.count)
        case .not(let inner): return inner.mayMatch.complement
        case .and(let parts): return Self.combine(parts.map(\.mustMatch), intersecting: true)
        case .or(let parts): return Self.combine(parts.map(\.mustMatch), intersecting: false)
        }
    }

    /// The part a NOT, AND or OR of these parts is: sets merge into one, so that a product is
    /// tested against each set once, and sets come before terms, which are dearer to test.
    static func negation(_ inner: SearchPlan) -> SearchPlan {
        if case .set(let set) = inner { return .set(set.complement) }
        return .not(inner)
    }

    static func all(_ parts: [SearchPlan]) -> SearchPlan { merged(parts, intersecting: true) }
    static func any(_ parts: [SearchPlan]) -> SearchPlan { merged(parts, intersecting: false) }

    private static func merged(_ parts: [SearchPlan], intersecting: Bool) -> SearchPlan {
        var sets: [ProductSet] = [], rest: [SearchPlan] = []
        for part in parts {
            if case .set(let set) = part { sets.append(set) } else { rest.append(part) }
        }
        if !sets.isEmpty {
            let set = combine(sets, intersecting: intersecting)
            // An empty AND or a full OR decides alone.
            if intersecting ? set.isEmpty : set.cardinality == set.count { return .set(set) }
            rest.insert(.set(set), at: 0)
        }
        if rest.count == 1 { return rest[0] }
        return intersecting ? .and(rest) : .or(rest)
    }

    private static func combine(_ sets: [ProductSet], intersecting: Bool) -> ProductSet {
        var result = sets[0]
        for set in sets.dropFirst() {
            if intersecting { result.formIntersection(set) } else { result.formUnion(set) }
        }
        return result
    }
}

/// A fuzzy term as the plan asks it: the products whose signature allows the term, confirmed
/// one by one by finding the term in the product's folded text.
struct TermProbe {
    let needle: [UInt8]
    let candidates: ProductSet
    let index: SearchIndex
    /// The needle's rarest byte, which the search looks for first.
    let anchor: Int
    let rareAnchor: Bool

    init(needle: [UInt8], index: SearchIndex) {
        self.needle = needle
        self.index = index
        candidates = index.textSlices.candidates(index.textSlices.bits(of: needle), count: index.count)
        anchor = index.anchorOffset(needle)
        rareAnchor = index.isRare(needle[anchor])
    }

    @inline(__always)
    func matches(_ p: Int) -> Bool {
        guard candidates.contains(p) else { return false }
        return index.text.withUnsafeBufferPointer { t in
            needle.withUnsafeBufferPointer { n in
                SearchIndex.find(n, anchor: anchor, rareAnchor: rareAnchor, in: t, from: index.textStart[p], to: index.textStart[p + 1])
            }
        }
    }
}
