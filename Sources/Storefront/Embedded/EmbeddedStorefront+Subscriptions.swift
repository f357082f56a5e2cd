import Foundation
import StorefrontModels

/// The shop's subscriptions as its customer account sees them: the contracts of a customer, and
/// the changes they may make (pause, resume, skip a billing, cancel).
public protocol SubscriptionBook: Sendable {
    /// The customer's contracts, oldest first.
    func subscriptionContracts(ofCustomer customerId: String) async throws -> [SubscriptionContract]
    /// The contract after the change, or why it was refused (a contract of another customer does not exist).
    func changeSubscriptionContract(id: String, ofCustomer customerId: String,
                                    _ change: SubscriptionChange) async throws -> Result<SubscriptionContract, SubscriptionRefusal>
    /// The time the book goes by (next billing dates are counted from it).
    func subscriptionDate() -> Date
}

extension EmbeddedStorefront: SubscriptionBook {
    public func subscriptionContracts(ofCustomer customerId: String) -> [SubscriptionContract] {
        catchUp()
        return contracts.filter { $0.customerId == customerId }
    }

    /// Every customer's contracts, oldest first: the books whole, as an audit reads them.
    public func allSubscriptionContracts() -> [SubscriptionContract] {
        catchUp()
        return contracts
    }

    public func changeSubscriptionContract(id: String, ofCustomer customerId: String,
                                           _ change: SubscriptionChange) throws -> Result<SubscriptionContract, SubscriptionRefusal> {
        catchUp()
        guard let index = contracts.firstIndex(where: { $0.id == id && $0.customerId == customerId }) else {
            return .failure(SubscriptionRefusal(code: SubscriptionRefusal.doesNotExist,
                                                message: "The customer has no subscription \(TextSanitizer.cleanLine(String(id.prefix(80))))."))
        }
        let result = change.applied(to: contracts[index], now: now())
        if case .success(let changed) = result, changed != contracts[index] {
            try commit(RecordChange(subscriptionContracts: [changed]))
            if let kept = contracts.firstIndex(where: { $0.id == id }) { contracts[kept] = changed }
        }
        return result
    }

    public nonisolated func subscriptionDate() -> Date { now() }

    /// A contract for each line of the order bought on a selling plan, for the cart's customer.
    func newContracts(for order: Order) -> [SubscriptionContract] {
        guard let customerId = order.customerId else { return [] }
        return order.draft.lineItems.compactMap { line -> SubscriptionContract? in
            guard let planId = line.sellingPlanId, let plan = catalog.product(id: line.productId)?.sellingPlan(id: planId)?.plan else {
                return nil
            }
            return SubscriptionContract(
                id: newContractId(), customerId: customerId, originCheckoutSessionId: order.draft.checkoutSessionId,
                createdAt: order.processedAt, sellingPlanId: planId, sellingPlanName: plan.name, interval: plan.interval,
                intervalCount: plan.intervalCount,
                line: SubscriptionLine(title: line.title, variantTitle: line.variantTitle, merchandiseId: line.merchandiseId,
                                       productId: line.productId, quantity: line.quantity, currentPrice: line.price),
                deliveryPrice: order.draft.shipping, shippingAddress: order.draft.shippingAddress)
        }
    }

    /// "gid://shopify/SubscriptionContract/<10 digits>", not yet used.
    private func newContractId() -> String {
        while true {
            let id = "gid://shopify/SubscriptionContract/\(Int.random(in: 1_000_000_000...9_999_999_999, using: &identifiers))"
            if !contracts.contains(where: { $0.id == id }) { return id }
        }
    }
}
