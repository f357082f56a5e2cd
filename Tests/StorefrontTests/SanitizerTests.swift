import Foundation
import Testing
@testable import Storefront

@Suite struct SanitizerTests {
    @Test(arguments: [
        ("\u{1B}[31mRed\u{1B}[0m", "Red"),                                  // CSI colour
        ("a\u{1B}[2J\u{1B}[Hb", "ab"),                                      // clear screen, cursor home
        ("copy\u{1B}]52;c;Y3VybCBldmls\u{07}me", "copyme"),                 // OSC 52 clipboard, BEL
        ("t\u{1B}]0;title\u{1B}\\x", "tx"),                                 // OSC title, ST
        ("a\u{1B}P1;2|data\u{1B}\\b", "ab"),                                // DCS
        ("a\u{9B}31mb", "ab"),                                              // C1 CSI
        ("a\u{9D}52;c;eA==\u{9C}b", "ab"),                                  // C1 OSC, C1 ST
        ("a\u{1B}(Bb", "ab"),                                               // charset designation
        ("a\u{1B}7b", "ab"),                                                // save cursor
        ("x\u{85}y\u{80}z", "xyz"),                                         // C1 controls
        ("\u{202E}evil\u{202C} \u{2066}iso\u{2069}\u{200F}", "evil iso"),   // bidi overrides and isolates
        ("a\u{0}b\u{7}c\u{7F}d", "abcd"),                                   // C0 and DEL
        ("one\r\ntwo\rthree\nfour", "one\ntwo\nthree\nfour"),                // CR and CRLF
        ("tab\tkept\nnewline kept", "tab\tkept\nnewline kept"),
        ("a\u{1B}]52;c;never terminated", "a52;c;never terminated"),        // unterminated: text kept, ESC gone
        ("ends with ESC\u{1B}", "ends with ESC"),
        ("Café 抹茶 ☕", "Café 抹茶 ☕"),
    ])
    func clean(_ input: String, expected: String) {
        let cleaned = TextSanitizer.clean(input)
        #expect(cleaned == expected)
        #expect(!cleaned.unicodeScalars.contains { TextSanitizer.isUnsafe($0) })
    }

    @Test func cleanLineFlattensToOneLine() {
        #expect(TextSanitizer.cleanLine("a\tb\nc\r\nd") == "a b c d")
        #expect(TextSanitizer.cleanLine("\u{1B}[1mBold\u{1B}[0m title") == "Bold title")
    }

    @Test func theLoaderSanitisesEveryTextField() throws {
        let catalog = try Fixtures.catalog()
        let mug = try #require(catalog.product(handle: "red-mug"))
        #expect(mug.description == "Keeps it hot. Enamelled steel.\nDishwasher safe.")
        let notebook = try #require(catalog.product(handle: "notebook"))
        #expect(notebook.title == "Dot-Grid Notebook A5")
        let bundled = try CatalogLoader.bundled()
        for product in bundled.products {
            for text in [product.title, product.description, product.vendor, product.productType] + product.tags
                + product.variants.map(\.title) {
                #expect(!text.unicodeScalars.contains { TextSanitizer.isUnsafe($0) || $0 == "\r" }, "\(product.handle)")
                #expect(!text.contains("[1m") && !text.contains("52;c;"), "\(product.handle)")
            }
        }
    }
}
