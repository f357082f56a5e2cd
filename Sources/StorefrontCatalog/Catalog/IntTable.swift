/// A hash table from integers to integers in one flat array (open addressing, linear probing),
/// each key next to its value so that a lookup touches one cache line. Products and variants
/// are looked up by the number in their gid; for a large catalog this is built several times
/// faster than a Dictionary, with no allocation per entry.
struct IntTable: Sendable {
    /// Key of slot i at 2i, its value at 2i + 1.
    private var slots: [Int]
    private let shift: Int
    private(set) var count = 0

    /// A key no entry can have: marks an empty slot.
    private static let empty = Int.min

    /// A table for up to `capacity` entries (it is kept at most half full, and never grows).
    init(capacity: Int) {
        var size = 8
        while size < capacity * 2 { size <<= 1 }
        slots = [Int](repeating: Self.empty, count: 2 * size)
        shift = 64 - size.trailingZeroBitCount
    }

    /// Adds `key` → `value`, unless the key is there already: then nothing changes and its value
    /// is returned. `key` must not be `Int.min`.
    mutating func insert(_ key: Int, _ value: Int) -> Int? {
        precondition(key != Self.empty && count < slots.count / 4, "IntTable: bad key or full")
        let (i, found) = find(key)
        if found { return slots[2 * i + 1] }
        slots[2 * i] = key
        slots[2 * i + 1] = value
        count += 1
        return nil
    }

    subscript(key: Int) -> Int? {
        let (i, found) = find(key)
        return found ? slots[2 * i + 1] : nil
    }

    /// The slot holding `key`, or the empty slot where it would go.
    @inline(__always) private func find(_ key: Int) -> (slot: Int, found: Bool) {
        let mask = slots.count / 2 - 1
        var i = Int(truncatingIfNeeded: (UInt64(bitPattern: Int64(key)) &* 0x9E37_79B9_7F4A_7C15) >> UInt64(shift))
        return slots.withUnsafeBufferPointer { s in
            while s[2 * i] != Self.empty {
                if s[2 * i] == key { return (i, true) }
                i = (i + 1) & mask
            }
            return (i, false)
        }
    }
}
