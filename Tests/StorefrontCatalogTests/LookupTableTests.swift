import Determinism
import Testing
@testable import StorefrontCatalog
import StorefrontModels

@Suite struct LookupTableTests {
    @Test func findsWhatWasInsertedAndRefusesRepeats() {
        var table = IntTable(capacity: 5_000)
        var generator = SeededRandom(seed: 11)
        var reference: [Int: Int] = [:]
        // Sequential ids (as catalogs number them) and scattered ones, negative included.
        let keys = Array(1...2_000) + (0..<2_000).map { _ in generator.below(1 << 40) - (1 << 39) }
        for (value, key) in keys.enumerated() {
            let previous = table.insert(key, value)
            #expect(previous == reference[key], "key \(key)")
            if reference[key] == nil { reference[key] = value }
        }
        #expect(table.count == reference.count)
        for (key, value) in reference { #expect(table[key] == value) }
        #expect(table[0] == nil && table[-1] == nil && table[Int.max] == nil)
    }

    @Test func hashIndexTellsKeysWithTheSameHashApart() {
        // Few distinct hashes for many keys: every lookup must compare keys.
        let keys = (0..<3_000).map { "key-\($0)" }
        let hash = { (key: String) in key.utf8.count % 7 }
        var index = HashIndex(capacity: keys.count)
        for (item, key) in keys.enumerated() {
            #expect(index.insert(item, hash: hash(key)) { keys[$0] == key } == nil)
        }
        #expect(index.insert(99, hash: hash("key-5")) { keys[$0] == "key-5" } == 5, "a key already there")
        #expect(index.count == keys.count)
        for (item, key) in keys.enumerated() where item % 7 == 0 {
            #expect(index.first(hash: hash(key)) { keys[$0] == key } == item)
        }
        #expect(index.first(hash: hash("key-x")) { keys[$0] == "key-x" } == nil)
    }
}
