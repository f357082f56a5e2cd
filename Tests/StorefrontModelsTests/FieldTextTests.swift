import StorefrontModels
import Testing

/// Typing into a bounded field: its bounds in characters and bytes hold whatever is pasted, so
/// each edit (and each frame that draws the field) walks at most the bound, however long the paste.
struct FieldTextTests {
    /// A letter and then a megabyte of combining marks is one character: a bound in characters
    /// alone let the field grow by every mark typed (each arrives as a key of its own), and every
    /// edit after walked all of it again.
    @Test func anEndlessCharacterStopsAtTheFieldsBytes() {
        let most = 2_001
        var field = ""
        var walked = 0
        field = FieldText.appending("a", to: field, maximumCharacters: most)
        let batch = String(repeating: "\u{301}", count: 4_096)
        for _ in 0..<128 {
            // What an edit walks: the field it starts from.
            walked += field.utf8.count
            field = FieldText.appending(batch, to: field, maximumCharacters: most)
            #expect(field.utf8.count <= FieldText.byteLimit(most))
        }
        #expect(field.count == 1)
        #expect(field.utf8.count > FieldText.byteLimit(most) - 4)
        // Linear: 128 edits walk at most 128 bounds; a field that grew would have walked 128 × 64 × 8 KiB.
        #expect(walked <= 128 * FieldText.byteLimit(most))
    }

    @Test func ordinaryTextFillsTheFieldsCharacters() {
        let wide = String(repeating: "漢", count: 3_000)
        #expect(FieldText.appending(wide, to: "", maximumCharacters: 2_001).count == 2_001)
        // A flag is 8 bytes: the 32 bytes of eight characters hold "tea " and three, whole, never half of one.
        let flags = String(repeating: "🇳🇱", count: 10)
        #expect(FieldText.appending(flags, to: "tea ", maximumCharacters: 8) == "tea 🇳🇱🇳🇱🇳🇱")
        #expect(FieldText.appending("x", to: "abc", maximumCharacters: 3) == "abc")
        #expect(FieldText.appending("", to: "abc", maximumCharacters: 5) == "abc")
    }

    @Test func aCutFallsBetweenScalarsAndKeepsWhatWasTyped() {
        // Joined emoji chain into one character; the cut keeps whole scalars of it.
        let chain = String(repeating: "👩\u{200D}", count: 100)
        let field = FieldText.appending(chain, to: "", maximumCharacters: 4)
        #expect(field.utf8.count <= 16)
        #expect(chain.unicodeScalars.starts(with: field.unicodeScalars))
        #expect(field.unicodeScalars.allSatisfy { $0.value != 0xFFFD })
    }
}
