/// A hash table from integers to integers in two flat arrays (open addressing, linear probing).
/// Products and variants are looked up by the number in their gid; for a large catalog this is
/// built several times faster than a Dictionary, with no allocation per entry.
struct IntTable: Sendable {
    private var keys: [Int]
    private var values: [Int]
    private let shift: Int
    private(set) var count = 0

    /// A key no entry can have: marks an empty slot.
    private static let empty = Int.min

    /// A table for up to `capacity` entries (it is kept at most half full, and never grows).
    init(capacity: Int) {
        var size = 8
        while size < capacity * 2 { size <<= 1 }
        keys = [Int](repeating: Self.empty, count: size)
        values = [Int](repeating: 0, count: size)
        shift = 64 - size.trailingZeroBitCount
    }

    @inline(__always) private func slot(_ key: Int) -> Int {
        Int(truncatingIfNeeded: (UInt64(bitPattern: Int64(key)) &* 0x9E37_79B9_7F4A_7C15) >> UInt64(shift))
    }

    /// Adds `key` → `value`, unless the key is there already: then nothing changes and its value
    /// is returned. `key` must not be `Int.min`.
    mutating func insert(_ key: Int, _ value: Int) -> Int? {
        precondition(key != Self.empty && count < keys.count / 2, "IntTable: bad key or full")
        let (i, found) = find(key)
        if found { return values[i] }
        keys[i] = key
        values[i] = value
        count += 1
        return nil
    }

    subscript(key: Int) -> Int? {
        let (i, found) = find(key)
        return found ? values[i] : nil
    }

    /// The slot holding `key`, or the empty slot where it would go.
    @inline(__always) private func find(_ key: Int) -> (slot: Int, found: Bool) {
        let mask = keys.count - 1
        var i = slot(key)
        return keys.withUnsafeBufferPointer { k in
            while k[i] != Self.empty {
                if k[i] == key { return (i, true) }
                i = (i + 1) & mask
            }
            return (i, false)
        }
    }
}
