import XCTest
@testable import CheckoutSheet

final class JSONParserTests: XCTestCase {
    func testKeepsNumberLiteralsExactly() throws {
        let text = #"{"big":123456789012345678901234567890,"price":"0.10","ratio":0.1000,"neg":-0,"exp":1.5E-7}"#
        let value = try JSONValue(parsing: text)
        XCTAssertEqual(value["big"], .number("123456789012345678901234567890"))
        XCTAssertEqual(value["ratio"], .number("0.1000"))
        XCTAssertEqual(value["exp"], .number("1.5E-7"))
        XCTAssertEqual(value.serialized, text)
    }

    func testKeepsMemberOrderAndRoundTrips() throws {
        let text = #"{"z":1,"a":[null,true,false,[[]],{}],"m":{"y":"x","b":null}}"#
        let value = try JSONValue(parsing: text)
        XCTAssertEqual(value.objectMembers?.map(\.0), ["z", "a", "m"])
        XCTAssertEqual(value.serialized, text)
    }

    func testWhitespaceIsAcceptedAndDropped() throws {
        let value = try JSONValue(parsing: " \n\t{ \"a\" : [ 1 , 2 ] }\r\n")
        XCTAssertEqual(value.serialized, #"{"a":[1,2]}"#)
    }

    func testStringEscapes() throws {
        let value = try JSONValue(parsing: #""quote \" slash \/ back \\ nl \n tab \t u \u00e9 pair \ud83d\ude00""#)
        XCTAssertEqual(value, .string("quote \" slash / back \\ nl \n tab \t u é pair 😀"))
        XCTAssertEqual(value.serialized, #""quote \" slash / back \\ nl \n tab \t u é pair 😀""#)
    }

    func testLoneSurrogateBecomesReplacementCharacter() throws {
        XCTAssertEqual(try JSONValue(parsing: #""a\ud800b""#), .string("a\u{FFFD}b"))
    }

    func testControlCharactersAreEscapedOnOutput() {
        XCTAssertEqual(JSONValue.string("a\u{1B}[2Jb\u{7F}").serialized, #""a\u001b[2Jb\u007f""#)
    }

    func testRejectsMalformedText() {
        let bad = ["", "{", "[1,]", "{\"a\":1,}", "01", "1.", "-", ".5", "+1", "1e", "tru", "nul", "\"abc",
                   "\"a\u{01}b\"", "{\"a\" 1}", "{a:1}", "[1 2]", "1 2", "\"\\x\"", "\"\\u12G4\"", "NaN", "'a'"]
        for text in bad {
            XCTAssertThrowsError(try JSONValue(parsing: text), "accepted \(text.debugDescription)")
        }
    }

    func testErrorNamesTheOffset() {
        XCTAssertThrowsError(try JSONValue(parsing: "[1, 2, x]")) { error in
            XCTAssertEqual((error as? JSONParseError)?.offset, 7)
        }
    }

    func testRefusesNestingBeyondTheLimit() throws {
        let deep = String(repeating: "[", count: JSONParser.maximumDepth + 1) + String(repeating: "]", count: JSONParser.maximumDepth + 1)
        XCTAssertThrowsError(try JSONValue(parsing: deep))
        let fine = String(repeating: "[", count: JSONParser.maximumDepth) + String(repeating: "]", count: JSONParser.maximumDepth)
        XCTAssertNoThrow(try JSONValue(parsing: fine))
    }

    func testMapStringsReachesKeysAndNestedValues() {
        let value = JSONValue.object([("k\u{1B}", .array([.string("v\u{1B}"), .number("1")]))])
        XCTAssertEqual(value.mapStrings { $0.replacingOccurrences(of: "\u{1B}", with: "") },
                       .object([("k", .array([.string("v"), .number("1")]))]))
    }
}
