import Foundation

/// A subscription as the customer's account lists it: what is delivered, how often, at what price
/// per delivery, whether it runs, and when the next delivery is.
public struct CustomerSubscription: Hashable, Sendable, Codable, Identifiable {
    /// `SubscriptionContractSubscriptionStatus`, as the screens name it.
    public enum Status: String, Hashable, Sendable, Codable {
        case active, paused, cancelled, expired, failed, stale

        /// The API's value (`ACTIVE`, `PAUSED`, ...); nil for one it does not have.
        public init?(api value: String) { self.init(rawValue: value.lowercased()) }
    }

    /// `gid://shopify/SubscriptionContract/…`.
    public var id: String
    /// The product's title.
    public var title: String
    /// The variant's title ("1 kg / Whole bean"); nil for a product with one variant.
    public var variantTitle: String?
    public var quantity: Int
    public var interval: SellingPlanInterval
    public var intervalCount: Int
    /// What one delivery of the line costs (its unit price times its quantity), shipping apart.
    public var pricePerDelivery: Money
    public var status: Status
    /// Nil once nothing more is delivered (cancelled).
    public var nextDelivery: Date?
    /// The billing cycle of the next delivery, which skipping it names; nil when there is none.
    public var nextCycle: Int?

    public init(id: String, title: String, variantTitle: String?, quantity: Int, interval: SellingPlanInterval,
                intervalCount: Int, pricePerDelivery: Money, status: Status, nextDelivery: Date?, nextCycle: Int?) {
        self.id = id; self.title = title; self.variantTitle = variantTitle; self.quantity = quantity
        self.interval = interval; self.intervalCount = intervalCount; self.pricePerDelivery = pricePerDelivery
        self.status = status; self.nextDelivery = nextDelivery; self.nextCycle = nextCycle
    }

    /// A contract of the shop's books as of `now`.
    public init(_ contract: SubscriptionContract, now: Date) {
        let cycle = contract.status == .cancelled ? nil : contract.nextBillingCycle(now: now)
        let variant = contract.line.variantTitle
        self.init(id: contract.id, title: contract.line.title,
                  variantTitle: variant.isEmpty || variant == "Default Title" ? nil : variant,
                  quantity: contract.line.quantity, interval: contract.interval, intervalCount: contract.intervalCount,
                  pricePerDelivery: contract.line.currentPrice * contract.line.quantity,
                  status: Status(rawValue: contract.status.rawValue.lowercased()) ?? .active,
                  nextDelivery: cycle.map(contract.cycleStart), nextCycle: cycle)
    }

    /// "every 2 weeks", "every month".
    public var cadence: String { "every \(interval.describe(count: intervalCount))" }

    /// What is delivered: "House Espresso Blend — 1 kg", with the quantity when more than one.
    public var item: String {
        let name = variantTitle.map { "\(title) — \($0)" } ?? title
        return quantity == 1 ? name : "\(quantity) × \(name)"
    }

    /// The same subscription with its text cleaned: it comes from an account server.
    public func sanitized() -> CustomerSubscription {
        var copy = self
        copy.id = TextSanitizer.cleanLine(id)
        copy.title = TextSanitizer.cleanLine(title)
        copy.variantTitle = variantTitle.map(TextSanitizer.cleanLine)
        return copy
    }
}

/// What the customer asks of a subscription.
public enum SubscriptionRequest: String, Hashable, Sendable, CaseIterable {
    case pause, resume, skip, cancel

    /// "paused", "resumed", "skipped the next delivery of", "cancelled".
    public var pastTense: String {
        switch self {
        case .pause: "Paused"
        case .resume: "Resumed"
        case .skip: "Skipped the next delivery of"
        case .cancel: "Cancelled"
        }
    }
}

/// The shop refused a change of a subscription (a `userError`): its code and what it said.
public struct SubscriptionRequestRefused: Error, Hashable, Sendable {
    public var code: String?
    public var message: String
    public init(code: String?, message: String) { self.code = code; self.message = message }
}
