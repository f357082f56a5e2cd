import Foundation
import Testing
@testable import StorefrontCatalog
import StorefrontModels

/// The byte-level search under fuzzy terms, against a plain reference implementation.
@Suite struct TextMatchingTests {
    func reference(_ needle: [UInt8], _ hay: [UInt8], _ from: Int, _ to: Int) -> Bool {
        guard to - from >= needle.count else { return false }
        return (from...(to - needle.count)).contains { Array(hay[$0..<($0 + needle.count)]) == needle }
    }

    @Test func findAgreesWithAPlainSearch() {
        var generator = SystemRandomNumberGenerator()
        // A small alphabet with 0x00/0x01 bytes makes word-wide false hits and boundaries common.
        let alphabet: [UInt8] = [0x00, 0x01, 0x61, 0x62, 0x63, 0xE6, 0x8A, 0xB9]
        for _ in 0..<3_000 {
            let hay = (0..<Int.random(in: 0...40, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! }
            let needle = (0..<Int.random(in: 1...5, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! }
            let from = Int.random(in: 0...hay.count, using: &generator)
            let to = Int.random(in: from...hay.count, using: &generator)
            let anchor = Int.random(in: 0..<needle.count, using: &generator)
            for rare in [false, true] {
                let found = hay.withUnsafeBufferPointer { h in
                    needle.withUnsafeBufferPointer { n in SearchIndex.find(n, anchor: anchor, rareAnchor: rare, in: h, from: from, to: to) }
                }
                #expect(found == reference(needle, hay, from, to), "needle \(needle) anchor \(anchor) rare \(rare) in \(hay)[\(from)..<\(to)]")
            }
        }
    }

    @Test func foldingIgnoresCaseAndAccents() {
        var folder = TextFolder()
        #expect(folder.fold("Café CRÈME Smørrebrød Straße") == Array("cafe creme smorrebrod strasse".utf8))
        #expect(folder.fold("抹茶 ☕") == Array("抹茶 ☕".utf8))
    }
}
