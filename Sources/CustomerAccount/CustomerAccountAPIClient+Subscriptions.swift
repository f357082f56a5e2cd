import Foundation
import Storefront

/// The customer's subscriptions over the Customer Account API: `SubscriptionContracts`, and the
/// pause, resume (`subscriptionContractActivate`), skip and cancel mutations.
extension AccountServerClient {
    /// The customer's subscription contracts, oldest first (`SubscriptionContracts`, one page of 50).
    public func subscriptions(accessToken: SecretToken, api: URL) async throws -> [CustomerSubscription] {
        let data: SubscriptionsData = try await run(.subscriptionContracts, ["first": 50], accessToken: accessToken, api: api)
        return try data.customer.subscriptionContracts.nodes.map { try $0.subscription.sanitized() }
    }

    /// Sends the change; nil when the shop accepted it, its first `userError` when it refused.
    public func changeSubscription(_ subscription: CustomerSubscription, _ request: SubscriptionRequest,
                                   accessToken: SecretToken, api: URL) async throws -> SubscriptionRequestRefused? {
        let operation: CustomerAccountOperation
        var variables: [String: Any] = ["subscriptionContractId": subscription.id]
        switch request {
        case .pause: operation = .subscriptionContractPause
        case .resume: operation = .subscriptionContractActivate
        case .cancel: operation = .subscriptionContractCancel
        case .skip:
            guard let cycle = subscription.nextCycle else {
                return SubscriptionRequestRefused(code: nil, message: "This subscription has no delivery to skip.")
            }
            operation = .subscriptionBillingCycleSkip
            variables = ["contractId": subscription.id, "index": cycle]
        }
        let data: SubscriptionMutationData = try await run(operation, variables, accessToken: accessToken, api: api)
        guard let payload = data.payload else {
            throw AccountError.invalidResponse(endpoint: api.absoluteString, message: "no \(operation.name) payload")
        }
        return payload.userErrors.first.map {
            SubscriptionRequestRefused(code: $0.code.map(TextSanitizer.cleanLine), message: TextSanitizer.cleanLine($0.message))
        }
    }
}

/// `SubscriptionContracts`' answer.
struct SubscriptionsData: Decodable {
    struct Customer: Decodable { var subscriptionContracts: Connection }
    struct Connection: Decodable { var nodes: [Node] }
    typealias Money = OrdersData.Money
    struct Count: Decodable { var count: Int }
    struct Policy: Decodable {
        var interval: String
        var intervalCount: Count
    }
    struct Line: Decodable {
        var title: String
        var variantTitle: String?
        var quantity: Int
        var currentPrice: Money
    }
    struct Lines: Decodable { var nodes: [Line] }
    struct Cycle: Decodable {
        var cycleIndex: Int
        var skipped: Bool
    }
    struct Cycles: Decodable { var nodes: [Cycle] }
    struct Node: Decodable {
        var id: String
        var status: String
        var nextBillingDate: String?
        var deliveryPolicy: Policy
        var lines: Lines
        var upcomingBillingCycles: Cycles

        var subscription: CustomerSubscription {
            get throws {
                func invalid(_ message: String) -> AccountError { .invalidResponse(endpoint: "subscriptions", message: message) }
                guard let status = CustomerSubscription.Status(api: status) else { throw invalid("status \(status) is not known") }
                guard let interval = SellingPlanInterval(rawValue: deliveryPolicy.interval) else {
                    throw invalid("interval \(deliveryPolicy.interval) is not known")
                }
                guard let line = lines.nodes.first else { throw invalid("subscription \(id) has no line") }
                guard let price = Storefront.Money(line.currentPrice.amount, currencyCode: line.currentPrice.currencyCode),
                      (0...10_000).contains(line.quantity) else {
                    throw invalid("subscription \(id) has a line priced \(line.currentPrice.amount) × \(line.quantity)")
                }
                var next: Date?
                if let nextBillingDate {
                    guard let date = try? Date(nextBillingDate, strategy: .iso8601) else {
                        throw invalid("nextBillingDate \(nextBillingDate) is not a date")
                    }
                    next = date
                }
                let variant = line.variantTitle.flatMap { $0.isEmpty || $0 == "Default Title" ? nil : $0 }
                return CustomerSubscription(id: id, title: line.title, variantTitle: variant, quantity: line.quantity,
                                            interval: interval, intervalCount: deliveryPolicy.intervalCount.count,
                                            pricePerDelivery: price * line.quantity, status: status, nextDelivery: next,
                                            nextCycle: next == nil ? nil : upcomingBillingCycles.nodes.first { !$0.skipped }?.cycleIndex)
            }
        }
    }
    var customer: Customer
}

/// Any of the four mutations' answers: its one payload's `userErrors`.
struct SubscriptionMutationData: Decodable {
    struct UserError: Decodable {
        var code: String?
        var message: String
    }
    struct Payload: Decodable { var userErrors: [UserError] }
    var payload: Payload?

    private struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Key.self)
        guard let key = container.allKeys.first else { return }
        payload = try container.decodeIfPresent(Payload.self, forKey: key)
    }
}
