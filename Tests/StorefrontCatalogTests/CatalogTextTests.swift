import Determinism
import Foundation
import Testing
@testable import StorefrontCatalog
@testable import StorefrontModels

/// The loader's quick paths for text, dates and ids against the plain ways of doing the same.
@Suite struct CatalogTextTests {
    /// Pieces that the sanitiser keeps, changes or removes, in any order and across word boundaries.
    static let pieces = ["a", "Zz 9", "é", "ø", "抹茶", "☕", "\n", "\t", "\r", "\u{1B}[31m", "\u{1B}]52;c;eA==\u{07}", "\u{7F}",
                         "\u{85}", "\u{9B}", "\u{A0}", "\u{202E}", "\u{2067}", "\u{200E}", "\u{061C}", "\u{2028}", "\u{2066}x", " "]

    @Test func plainTextAgreesWithTheSanitiser() {
        var generator = SeededRandom(seed: 5)
        for _ in 0..<3_000 {
            let text = (0..<generator.below(24)).map { _ in Self.pieces[generator.below(Self.pieces.count)] }.joined()
            #expect(PlainText.cleanLine(text) == TextSanitizer.cleanLine(text), "\(text.debugDescription)")
            #expect(PlainText.clean(text) == TextSanitizer.clean(text), "\(text.debugDescription)")
            if PlainText.isPlain(text, keepingBreaks: false) { #expect(TextSanitizer.cleanLine(text) == text) }
        }
        #expect(PlainText.isPlain("Hand-thrown mug, 350 ml", keepingBreaks: false))
        #expect(PlainText.isPlain("Café Crème — 抹茶 ☕", keepingBreaks: false))
        #expect(PlainText.isPlain("two\nlines", keepingBreaks: true) && !PlainText.isPlain("two\nlines", keepingBreaks: false))
        #expect(!PlainText.isPlain("a long line of plain text, then\u{202E} a mark", keepingBreaks: true))
    }

    @Test func trimmingTakesUnicodeSpaceOffBothEnds() {
        #expect(" a b ".trimmedWhitespace == "a b" && "a b".trimmedWhitespace == "a b" && "".trimmedWhitespace == "")
        #expect("\u{3000}抹茶\u{A0}".trimmedWhitespace == "抹茶" && "\tx\n".trimmedWhitespace == "x" && "  ".trimmedWhitespace == "")
        #expect("é ".trimmedWhitespace == "é" && " ☕".trimmedWhitespace == "☕")
    }

    @Test func globalIdsAreWrittenAsInterpolationWould() {
        var generator = SeededRandom(seed: 9)
        for _ in 0..<2_000 {
            let (a, b, c) = (generator.below(1 << 40), generator.below(20), generator.below(150))
            #expect(GlobalID.make("Product", a) == "gid://shopify/Product/\(a)")
            #expect(GlobalID.make("ProductOption", a, (b, 0)) == "gid://shopify/ProductOption/\(a)\(b)")
            #expect(GlobalID.make("ProductOptionValue", a, (b, 0), (c, 2)) == "gid://shopify/ProductOptionValue/\(a)\(b)\(c < 10 ? "0" : "")\(c)")
        }
        for n in [0, 9, 10, 99, 100, 999_999_999, 1_000_000_000, Int.max] {
            #expect(GlobalID.make("Collection", n) == "gid://shopify/Collection/\(n)")
            #expect(GlobalID.make("ProductImage", 7, (n, 2)) == "gid://shopify/ProductImage/7\(n < 10 ? "0" : "")\(n)")
        }
    }

    @Test func datesParseFromBytes() {
        #expect(ISODate.parse("2024-05-01") == ISODate.Parsed(seconds: 1_714_521_600, isDateOnly: true))
        #expect(ISODate.parse("2024-05-01T09:30:00Z")?.seconds == 1_714_555_800)
        #expect(ISODate.parse("2024-05-01T09:30:00.25+02:00")?.seconds == 1_714_548_600.25)
        #expect(ISODate.parse("2024-05-01 09:30")?.seconds == 1_714_555_800)
        #expect(ISODate.parse("2024-05-01T09:30-0130")?.seconds == 1_714_561_200)
        for bad in ["", "2024", "2024-13-01", "2024-02-30", "2024-05-01T", "2024-05-01T25:00", "2024-05-01T09:30:00.",
                    "2024-05-01T09:30:00Zx", "July 2024", "2024-05-01T09:30:00+24:00"] {
            #expect(ISODate.parse(bad) == nil, "\(bad)")
        }
    }
}
