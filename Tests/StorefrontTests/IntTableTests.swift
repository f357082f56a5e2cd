import Testing
@testable import Storefront

@Suite struct IntTableTests {
    @Test func findsWhatWasInsertedAndRefusesRepeats() {
        var table = IntTable(capacity: 5_000)
        var generator = SplitMix(seed: 11)
        var reference: [Int: Int] = [:]
        // Sequential ids (as catalogs number them) and scattered ones, negative included.
        let keys = Array(1...2_000) + (0..<2_000).map { _ in generator.next(1 << 40) - (1 << 39) }
        for (value, key) in keys.enumerated() {
            let previous = table.insert(key, value)
            #expect(previous == reference[key], "key \(key)")
            if reference[key] == nil { reference[key] = value }
        }
        #expect(table.count == reference.count)
        for (key, value) in reference { #expect(table[key] == value) }
        #expect(table[0] == nil && table[-1] == nil && table[Int.max] == nil)
    }
}
