import Foundation
import XCTest
@testable import CheckoutSheet

final class PaymentCardTests: XCTestCase {
    private let june2025 = Date(timeIntervalSince1970: 1_748_856_600) // 2025-06-02

    func testLuhn() {
        for valid in ["4242424242424242", "4000000000000002", "4000000000000119", "5555555555554444", "378282246310005",
                      "6011111111111117", "79927398713"] {
            XCTAssertTrue(PaymentCard.passesLuhn(valid), valid)
        }
        for invalid in ["4242424242424241", "1234567812345678", "79927398710", "", "4242 4242", "abcd"] {
            XCTAssertFalse(PaymentCard.passesLuhn(invalid), invalid)
        }
    }

    func testNumberLength() {
        XCTAssertFalse(PaymentCard.isValidNumber("79927398713"), "11 digits is too short for a card")
        XCTAssertTrue(PaymentCard.isValidNumber("4242424242424242"))
        XCTAssertFalse(PaymentCard.isValidNumber("42424242424242424242"), "20 digits is too long")
    }

    func testTestCardsAreLuhnValidAndDecideTheOutcome() {
        for card in [TestCards.approved, TestCards.declined, TestCards.gatewayError] {
            XCTAssertTrue(PaymentCard.isValidNumber(card), card)
        }
        XCTAssertEqual(TestCards.outcome(for: TestCards.approved), .approved)
        XCTAssertEqual(TestCards.outcome(for: TestCards.declined), .declined)
        XCTAssertEqual(TestCards.outcome(for: TestCards.gatewayError), .gatewayError)
        XCTAssertEqual(TestCards.outcome(for: "5555555555554444"), .approved)
    }

    func testBrands() {
        XCTAssertEqual(PaymentCard.brand(of: "4242424242424242"), .visa)
        XCTAssertEqual(PaymentCard.brand(of: "5555555555554444"), .mastercard)
        XCTAssertEqual(PaymentCard.brand(of: "2223003122003222"), .mastercard)
        XCTAssertEqual(PaymentCard.brand(of: "378282246310005"), .amex)
        XCTAssertEqual(PaymentCard.brand(of: "6011111111111117"), .discover)
        XCTAssertEqual(PaymentCard.brand(of: "9999999999999995"), .unknown)
    }

    func testMasking() {
        XCTAssertEqual(PaymentCard.masked("4242424242424242"), "•••• •••• •••• 4242")
        XCTAssertEqual(PaymentCard.masked("378282246310005"), "•••• •••• •••0 005")
        XCTAssertEqual(PaymentCard.masked("424242"), "••42 42")
        XCTAssertEqual(PaymentCard.masked("42"), "42")
        XCTAssertEqual(PaymentCard.masked(""), "")
    }

    func testExpiry() {
        XCTAssertEqual(PaymentCard.parseExpiry("12/30")?.month, 12)
        XCTAssertEqual(PaymentCard.parseExpiry("12 / 30")?.year, 2030)
        XCTAssertEqual(PaymentCard.parseExpiry("0630")?.month, 6)
        XCTAssertNil(PaymentCard.parseExpiry("13/30"))
        XCTAssertNil(PaymentCard.parseExpiry("00/30"))
        XCTAssertNil(PaymentCard.parseExpiry("1/30"))
        XCTAssertNil(PaymentCard.parseExpiry("12-30"))
        XCTAssertFalse(PaymentCard.isExpired(month: 6, year: 2025, now: june2025), "good through the end of its month")
        XCTAssertTrue(PaymentCard.isExpired(month: 5, year: 2025, now: june2025))
        XCTAssertTrue(PaymentCard.isExpired(month: 12, year: 2024, now: june2025))
        XCTAssertEqual(CheckoutValidation.expiry("05/25", now: june2025), "Your card has expired")
        XCTAssertNil(CheckoutValidation.expiry("06/25", now: june2025))
    }

    func testSecurityCodeLengthFollowsTheBrand() {
        XCTAssertNil(CheckoutValidation.securityCode("123", brand: .visa))
        XCTAssertEqual(CheckoutValidation.securityCode("1234", brand: .visa), "Enter the 3-digit security code")
        XCTAssertNil(CheckoutValidation.securityCode("1234", brand: .amex))
        XCTAssertEqual(CheckoutValidation.securityCode("", brand: .amex), "Enter the security code")
    }

    func testContactValidation() {
        XCTAssertNil(CheckoutValidation.contact("ada.lovelace@example.com"))
        XCTAssertNil(CheckoutValidation.contact("+1 (555) 010-0199"))
        XCTAssertEqual(CheckoutValidation.contact(""), "Enter an email or mobile phone number")
        for bad in ["ada@", "ada@example", "@example.com", "ada example.com", "12345", "ada@@example.com", "ada@example.c"] {
            XCTAssertEqual(CheckoutValidation.contact(bad), "Enter a valid email or a mobile phone number", bad)
        }
    }

    func testPostalCodes() {
        XCTAssertNil(CheckoutValidation.postalCode("10118", country: "US"))
        XCTAssertNil(CheckoutValidation.postalCode("10118-0110", country: "US"))
        XCTAssertEqual(CheckoutValidation.postalCode("1011", country: "US"), "Enter a valid postal code for United States")
        XCTAssertNil(CheckoutValidation.postalCode("m5v 3l9", country: "CA"))
        XCTAssertNil(CheckoutValidation.postalCode("SW1A 2AA", country: "GB"))
        XCTAssertEqual(CheckoutValidation.postalCode("", country: "DE"), "Enter a ZIP / postal code")
        XCTAssertEqual(CheckoutValidation.country("ZZ"), "We don't ship to ZZ")
    }
}
