import AppCore
import CheckoutSheet
import Foundation
import Storefront
import Synchronization
import XCTest
@testable import TerminalUI

/// Plain mode's `subscriptions`, `pause N`, `resume N`, `skip N` and `cancel N` (which asks;
/// `cancel N yes` cancels), each sent to the account client and shown by the list read again.
@MainActor
final class PlainSubscriptionsTests: XCTestCase {
    nonisolated static let customer = Customer(id: "gid://shopify/Customer/7", email: "ada@example.com", firstName: "Ada", lastName: "Lovelace")

    func converse(_ lines: [String], loggedIn: Bool = true) async throws -> (String, [SubscriptionRequest]) {
        let contracts = Mutex([CustomerSubscription(
            id: "gid://shopify/SubscriptionContract/1", title: "House Espresso Blend", variantTitle: "250 g / Whole bean", quantity: 1,
            interval: .week, intervalCount: 2, pricePerDelivery: Money("11.25", currencyCode: "EUR")!, status: .active,
            nextDelivery: Date(timeIntervalSince1970: 1_800_000_000), nextCycle: 2)])
        let requests = Mutex<[SubscriptionRequest]>([])
        let session = loggedIn ? AccountSession(customer: Self.customer, expiresAt: .distantFuture) : nil
        let account = AccountClient(
            currentSession: { session }, accessToken: { .token("tok") }, logIn: { _ in throw AppError(message: "no login here") },
            logOut: {}, orders: { [] }, forgetSession: {},
            subscriptions: { contracts.withLock { $0 } },
            changeSubscription: { subscription, request in
                requests.withLock { $0.append(request) }
                return contracts.withLock { list -> SubscriptionRequestRefused? in
                    guard let index = list.firstIndex(where: { $0.id == subscription.id }) else { return nil }
                    switch (request, list[index].status) {
                    case (.pause, .active): list[index].status = .paused
                    case (.resume, .paused): list[index].status = .active
                    case (.skip, .active), (.skip, .paused):
                        list[index].nextDelivery = list[index].nextDelivery?.addingTimeInterval(14 * 86_400)
                    case (.cancel, .active), (.cancel, .paused):
                        list[index].status = .cancelled
                        list[index].nextDelivery = nil
                    default: return SubscriptionRequestRefused(code: "INVALID", message: "The subscription cannot be changed so.")
                    }
                    return nil
                }
            })
        let output = try await PlainConversation.run(lines, account: account)
        return (output, requests.withLock { $0 })
    }

    func testPauseResumeSkipAndCancelAfterAYes() async throws {
        let (output, requests) = try await converse(["subscriptions", "pause 1", "resume 1", "skip 1", "cancel 1", "cancel 1 yes",
                                                     "pause 1", "pause 2", "quit"])
        XCTAssertEqual(requests, [.pause, .resume, .skip, .cancel, .pause])
        for expected in [
            "1. House Espresso Blend — 250 g / Whole bean  every 2 weeks  €11.25 per delivery  active  next delivery 2027-01-15",
            "✓ Paused House Espresso Blend — 250 g / Whole bean.",
            "✓ Resumed House Espresso Blend — 250 g / Whole bean.",
            "✓ Skipped the next delivery of House Espresso Blend — 250 g / Whole bean.",
            "next delivery 2027-01-29",
            "Cancel House Espresso Blend — 250 g / Whole bean (every 2 weeks)? Type cancel 1 yes to cancel it.",
            "✓ Cancelled House Espresso Blend — 250 g / Whole bean.",
            "cancelled  next delivery —",
            "Error: The shop refused to pause House Espresso Blend — 250 g / Whole bean: The subscription cannot be changed so. "
                + "A cancelled subscription stays cancelled",
            "There is no subscription 2: 1 to 1.",
        ] {
            XCTAssertTrue(output.contains(expected), "\(expected) in\n\(output)")
        }
        // The question alone sends nothing: one cancel went out, after the yes.
        XCTAssertEqual(requests.filter { $0 == .cancel }.count, 1)
    }

    func testLoggedOutSaysToLogIn() async throws {
        let (output, requests) = try await converse(["subscriptions", "pause 1", "quit"], loggedIn: false)
        XCTAssertTrue(output.contains("Subscriptions belong to a customer account: login first."), output)
        XCTAssertEqual(requests, [])
    }

    func testMistakesSayHowAndCancelAloneIsTheLogins() async throws {
        let (output, requests) = try await converse(["subscriptions", "skip x", "cancel 1 no", "cancel", "quit"])
        XCTAssertTrue(output.contains("skip needs a number, like skip 2."), output)
        XCTAssertTrue(output.contains("cancel N cancels subscription N (cancel N yes to confirm); cancel alone stops a login."), output)
        XCTAssertEqual(requests, [])
        XCTAssertTrue(PlainCommand.helpText.contains("pause N, resume N, skip N"))
    }
}
