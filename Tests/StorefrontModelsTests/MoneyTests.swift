import Foundation
import Testing
@testable import StorefrontModels

@Suite struct MoneyTests {
    @Test(arguments: ["5.15", "0", "-0.5", "007.50", "123456789012.34"])
    func parsesPlainDecimals(_ text: String) throws {
        let money = try #require(Money(text, currencyCode: "USD"))
        #expect(money.amount == Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")))
    }

    @Test(arguments: ["", "-", ".5", "5.", "1e3", "1,000.00", "abc", "--1", "+5", "1.2.3", " 5", "5 ", "１２"])
    func rejectsEverythingElse(_ text: String) {
        #expect(Money(text, currencyCode: "USD") == nil, "\(text)")
    }

    @Test func arithmeticIsExact() throws {
        let a = try #require(Money("0.1", currencyCode: "EUR")), b = try #require(Money("0.2", currencyCode: "EUR"))
        #expect(a + b == Money("0.3", currencyCode: "EUR"))
        #expect((Money("19.99", currencyCode: "EUR")! * 3).amountString == "59.97")
        #expect((Money("10.00", currencyCode: "EUR")! - Money("10.01", currencyCode: "EUR")!).amountString == "-0.01")
        #expect(Money("12.50", currencyCode: "EUR")!.multiplied(by: Decimal(string: "0.15")!).amountString == "1.88")
        #expect(Money("5.0", currencyCode: "EUR") == Money("5.00", currencyCode: "EUR"))
        #expect(Set([Money("5.0", currencyCode: "EUR")!, Money("5.00", currencyCode: "EUR")!]).count == 1)
        #expect(Money("5", currencyCode: "EUR")! < Money("5.01", currencyCode: "EUR")!)
    }

    @Test(arguments: [
        ("5", "EUR", "5.00", "€5.00"),
        ("24", "USD", "24.00", "$24.00"),
        ("2400", "JPY", "2400", "¥2,400"),
        ("2400.5", "JPY", "2401", "¥2,401"),
        ("1.5", "KWD", "1.500", "KWD 1.500"),
        ("12", "CHF", "12.00", "CHF 12.00"),
        ("2.345", "GBP", "2.35", "£2.35"),
        ("-2.345", "EUR", "-2.35", "-€2.35"),
        ("-0.001", "EUR", "0.00", "€0.00"),
        ("-0", "EUR", "0.00", "€0.00"),
        ("1234567.891", "USD", "1234567.89", "$1,234,567.89"),
        ("9740", "JPY", "9740", "¥9,740"),
        ("999", "JPY", "999", "¥999"),
        ("1000", "JPY", "1000", "¥1,000"),
        ("1234.5", "EUR", "1234.50", "€1,234.50"),
        ("-1234.5", "GBP", "-1234.50", "-£1,234.50"),
        ("123456", "USD", "123456.00", "$123,456.00"),
        ("1234.5678", "KWD", "1234.568", "KWD 1,234.568"),
    ])
    func formatting(amount: String, currency: String, plain: String, formatted: String) throws {
        let money = try #require(Money(amount, currencyCode: currency))
        #expect(money.amountString == plain)
        #expect(money.formatted == formatted)
    }

    @Test func codableUsesAmountStrings() throws {
        let money = try #require(Money("5.1", currencyCode: "USD"))
        let json = String(decoding: try JSONEncoder().encode(money), as: UTF8.self)
        #expect(json.contains("\"amount\":\"5.10\"") && json.contains("\"currencyCode\":\"USD\""))
        #expect(try JSONDecoder().decode(Money.self, from: Data(json.utf8)) == Money("5.10", currencyCode: "USD"))
        for bad in [#"{"amount": 5.1, "currencyCode": "USD"}"#, #"{"amount": "5,1", "currencyCode": "USD"}"#,
                    #"{"amount": "5.10", "currencyCode": "usd"}"#] {
            #expect(throws: DecodingError.self, "\(bad)") { try JSONDecoder().decode(Money.self, from: Data(bad.utf8)) }
        }
    }
}
