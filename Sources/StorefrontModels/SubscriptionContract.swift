import Foundation

/// A subscription in the shop's books (`SubscriptionContract` in the Customer Account API): made
/// by the order that bought a line on a selling plan, one contract per such line, for the customer
/// who placed it. Billing cycle 1 is that order; cycle k starts `k - 1` intervals after it.
public struct SubscriptionContract: Hashable, Sendable, Codable, Identifiable {
    public enum Status: String, Hashable, Sendable, Codable {
        case active = "ACTIVE", paused = "PAUSED", cancelled = "CANCELLED"
    }

    /// `gid://shopify/SubscriptionContract/<n>`.
    public var id: String
    public var customerId: String
    /// The order that made it (`originOrder`), by its checkout session: its number is given when
    /// the order is kept.
    public var originCheckoutSessionId: String
    public var createdAt: Date
    public var updatedAt: Date
    public var status: Status
    public var sellingPlanId: String
    public var sellingPlanName: String
    public var interval: SellingPlanInterval
    public var intervalCount: Int
    public var line: SubscriptionLine
    /// What each delivery's shipping costs (the origin order's).
    public var deliveryPrice: Money
    public var shippingAddress: MailingAddress?
    /// The billing cycles the customer skipped (2 and later).
    public var skippedCycles: [Int]
    /// Counts the contract's changes (`revisionId`).
    public var revision: Int

    public init(id: String, customerId: String, originCheckoutSessionId: String, createdAt: Date, status: Status = .active,
                sellingPlanId: String, sellingPlanName: String, interval: SellingPlanInterval, intervalCount: Int,
                line: SubscriptionLine, deliveryPrice: Money, shippingAddress: MailingAddress?) {
        self.id = id; self.customerId = customerId; self.originCheckoutSessionId = originCheckoutSessionId
        self.createdAt = createdAt; self.updatedAt = createdAt; self.status = status
        self.sellingPlanId = sellingPlanId; self.sellingPlanName = sellingPlanName
        self.interval = interval; self.intervalCount = intervalCount; self.line = line
        self.deliveryPrice = deliveryPrice; self.shippingAddress = shippingAddress
        skippedCycles = []; revision = 1
    }

    /// The most billing cycles a contract answers about (or lets skip): ten years of weekly ones.
    public static let maximumCycle = 520

    private var plan: SellingPlan {
        SellingPlan(id: sellingPlanId, name: sellingPlanName, options: [], interval: interval, intervalCount: intervalCount,
                    priceAdjustments: [])
    }

    /// "every 2 weeks".
    public var cadence: String { plan.cadence }

    /// When billing cycle `index` (1 or later) starts: its billing date.
    public func cycleStart(_ index: Int) -> Date {
        var date = createdAt
        let plan = self.plan
        for _ in 1..<max(1, min(index, Self.maximumCycle + 1)) { date = plan.nextDate(after: date) }
        return date
    }

    /// The cycle whose span holds `date` (nil before the contract or past the last answered).
    public func cycle(containing date: Date) -> Int? {
        guard date >= createdAt else { return nil }
        var start = createdAt
        let plan = self.plan
        for index in 1...Self.maximumCycle {
            let end = plan.nextDate(after: start)
            if date < end { return index }
            start = end
        }
        return nil
    }

    /// The next cycle to be billed at or after `now`, not skipped; nil once cancelled.
    public func nextBillingCycle(now: Date) -> Int? {
        guard status != .cancelled else { return nil }
        var start = createdAt
        let plan = self.plan
        for index in 1...Self.maximumCycle {
            if index >= 2, start >= now, !skippedCycles.contains(index) { return index }
            start = plan.nextDate(after: start)
        }
        return nil
    }

    /// The date of the next billing, or nil once cancelled.
    public func nextBillingDate(now: Date) -> Date? { nextBillingCycle(now: now).map(cycleStart) }
}

/// The line a contract delivers each cycle.
public struct SubscriptionLine: Hashable, Sendable, Codable {
    public var title: String
    public var variantTitle: String
    public var merchandiseId: String
    public var productId: String
    public var quantity: Int
    /// Per unit, on the plan.
    public var currentPrice: Money

    public init(title: String, variantTitle: String, merchandiseId: String, productId: String, quantity: Int, currentPrice: Money) {
        self.title = title; self.variantTitle = variantTitle; self.merchandiseId = merchandiseId; self.productId = productId
        self.quantity = quantity; self.currentPrice = currentPrice
    }
}

/// Why a change to a contract was refused: the Customer Account API's codes.
public struct SubscriptionRefusal: Error, Hashable, Sendable {
    public static let doesNotExist = "SUBSCRIPTION_CONTRACT_DOES_NOT_EXIST"
    public static let terminated = "CONTRACT_TERMINATED"
    public static let invalid = "INVALID"

    public var code: String
    public var message: String
    public init(code: String, message: String) { self.code = code; self.message = message }
}

/// What a customer may do to a contract.
public enum SubscriptionChange: Hashable, Sendable {
    case pause, activate, cancel
    /// Skip billing cycle `index` (2 or later).
    case skip(cycle: Int)

    /// The contract after the change, or why it cannot be made: a cancelled contract cannot be
    /// changed, only an active one paused and only a paused one resumed; a cycle already billed
    /// (the first) or past cannot be skipped.
    public func applied(to contract: SubscriptionContract, now: Date) -> Result<SubscriptionContract, SubscriptionRefusal> {
        guard contract.status != .cancelled else {
            return .failure(SubscriptionRefusal(code: self == .cancel ? SubscriptionRefusal.terminated : SubscriptionRefusal.invalid,
                                                message: "The subscription is cancelled; it cannot be changed."))
        }
        var changed = contract
        switch self {
        case .pause:
            guard contract.status == .active else {
                return .failure(SubscriptionRefusal(code: SubscriptionRefusal.invalid, message: "The subscription is already paused."))
            }
            changed.status = .paused
        case .activate:
            guard contract.status == .paused else {
                return .failure(SubscriptionRefusal(code: SubscriptionRefusal.invalid, message: "The subscription is already active."))
            }
            changed.status = .active
        case .cancel:
            changed.status = .cancelled
        case .skip(let cycle):
            guard (2...SubscriptionContract.maximumCycle).contains(cycle) else {
                return .failure(SubscriptionRefusal(code: SubscriptionRefusal.invalid, message: cycle == 1
                    ? "The first billing cycle was paid with the order; it cannot be skipped."
                    : "There is no billing cycle \(cycle) (cycles 2 to \(SubscriptionContract.maximumCycle) can be skipped)."))
            }
            guard contract.cycleStart(cycle) >= now else {
                return .failure(SubscriptionRefusal(code: SubscriptionRefusal.invalid, message: "Billing cycle \(cycle) is past."))
            }
            guard !contract.skippedCycles.contains(cycle) else { return .success(contract) }
            changed.skippedCycles = (contract.skippedCycles + [cycle]).sorted()
        }
        changed.updatedAt = now
        changed.revision += 1
        return .success(changed)
    }
}
