/// Items (product indices) found by the hash of a key (a handle): (hash, item) pairs in one flat
/// array, open addressing with linear probing. The keys stay where they are (in the products);
/// a lookup compares the key of each item with the same hash. Filled from hashes computed on
/// all cores, it is built many times faster than a Dictionary of strings.
struct HashIndex: Sendable {
    /// Hash of slot i at 2i, its item at 2i + 1 (-1: empty).
    private var slots: [Int]
    private let shift: Int
    private(set) var count = 0

    /// An index for up to `capacity` items (kept at most half full; it never grows).
    init(capacity: Int) {
        var size = 8
        while size < capacity * 2 { size <<= 1 }
        slots = [Int](repeating: -1, count: 2 * size)
        shift = 64 - size.trailingZeroBitCount
    }

    /// Adds `item` under `hash`, unless an item already there has the same key (`sameKey`):
    /// then nothing changes and that item is returned.
    mutating func insert(_ item: Int, hash: Int, sameKey: (Int) -> Bool) -> Int? {
        precondition(item >= 0 && count < slots.count / 4, "HashIndex: bad item or full")
        let mask = slots.count / 2 - 1
        var i = start(hash)
        while slots[2 * i + 1] >= 0 {
            if slots[2 * i] == hash, sameKey(slots[2 * i + 1]) { return slots[2 * i + 1] }
            i = (i + 1) & mask
        }
        slots[2 * i] = hash
        slots[2 * i + 1] = item
        count += 1
        return nil
    }

    /// The item under `hash` whose key is the one looked for (`isKey`).
    func first(hash: Int, where isKey: (Int) -> Bool) -> Int? {
        let mask = slots.count / 2 - 1
        var i = start(hash)
        while slots[2 * i + 1] >= 0 {
            if slots[2 * i] == hash, isKey(slots[2 * i + 1]) { return slots[2 * i + 1] }
            i = (i + 1) & mask
        }
        return nil
    }

    @inline(__always) private func start(_ hash: Int) -> Int {
        Int(truncatingIfNeeded: (UInt64(bitPattern: Int64(hash)) &* 0x9E37_79B9_7F4A_7C15) >> UInt64(shift))
    }
}
