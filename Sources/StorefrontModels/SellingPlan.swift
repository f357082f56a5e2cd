import Foundation

/// A way to buy a product other than once: "Deliver every 2 weeks, 10 % off" (`SellingPlanGroup`
/// and its `SellingPlan`s in the Storefront API). The catalog's `sellingPlanGroups` section gives
/// them; a product may be in several groups.
public struct SellingPlanGroup: Hashable, Sendable, Codable {
    public var name: String
    public var appName: String?
    /// The option names, each with every value its plans give (in the plans' order).
    public var options: [SellingPlanGroupOption]
    public var sellingPlans: [SellingPlan]

    public init(name: String, appName: String? = nil, options: [SellingPlanGroupOption], sellingPlans: [SellingPlan]) {
        self.name = name; self.appName = appName; self.options = options; self.sellingPlans = sellingPlans
    }
}

/// `SellingPlanGroupOption`: an option such as "Delivery every" and its values.
public struct SellingPlanGroupOption: Hashable, Sendable, Codable {
    public var name: String
    public var values: [String]
    public init(name: String, values: [String]) { self.name = name; self.values = values }
}

/// `SellingPlanOption`: a plan's value of one of its group's options.
public struct SellingPlanOption: Hashable, Sendable, Codable {
    public var name: String
    public var value: String
    public init(name: String, value: String) { self.name = name; self.value = value }
}

/// `SellingPlanInterval`.
public enum SellingPlanInterval: String, Hashable, Sendable, Codable, CaseIterable {
    case day = "DAY", week = "WEEK", month = "MONTH", year = "YEAR"

    /// "2 weeks", "month".
    public func describe(count: Int) -> String {
        let unit = rawValue.lowercased()
        return count == 1 ? unit : "\(count) \(unit)s"
    }
}

/// `SellingPlanPriceAdjustment`: what a plan takes off (or sets) the variant's price, for the
/// first `orderCount` orders of the subscription (every order when nil).
public struct SellingPlanPriceAdjustment: Hashable, Sendable, Codable {
    public enum Value: Hashable, Sendable, Codable {
        /// Percent off, 0 to 100.
        case percentage(Decimal)
        /// An amount off, in the shop's currency.
        case fixedAmount(Money)
        /// The price itself, in the shop's currency.
        case price(Money)
    }

    public var value: Value
    public var orderCount: Int?

    public init(value: Value, orderCount: Int? = nil) { self.value = value; self.orderCount = orderCount }

    /// A variant's price under this adjustment; a fixed amount or price converted by `convert`
    /// (the shop's currency to the buyer's). Never below zero.
    public func adjust(_ price: Money, convert: (Money) -> Money = { $0 }) -> Money {
        switch value {
        case .percentage(let percent):
            let off = price.multiplied(by: percent / 100)
            return off.amount >= price.amount ? .zero(price.currencyCode) : (price - off).rounded()
        case .fixedAmount(let amount):
            let off = convert(amount)
            return off.amount >= price.amount ? .zero(price.currencyCode) : (price - off).rounded()
        case .price(let fixed):
            return convert(fixed)
        }
    }
}

/// `SellingPlan`: how often the product is delivered and billed, and at what price.
public struct SellingPlan: Hashable, Sendable, Codable, Identifiable {
    /// `gid://shopify/SellingPlan/<n>`.
    public var id: String
    public var name: String
    public var description: String?
    public var options: [SellingPlanOption]
    /// Delivered (and billed) every `intervalCount` `interval`s.
    public var interval: SellingPlanInterval
    public var intervalCount: Int
    public var priceAdjustments: [SellingPlanPriceAdjustment]

    public init(id: String, name: String, description: String? = nil, options: [SellingPlanOption], interval: SellingPlanInterval,
                intervalCount: Int, priceAdjustments: [SellingPlanPriceAdjustment]) {
        self.id = id; self.name = name; self.description = description; self.options = options
        self.interval = interval; self.intervalCount = intervalCount; self.priceAdjustments = priceAdjustments
    }

    /// Every plan here delivers on a schedule (`recurringDeliveries`).
    public var recurringDeliveries: Bool { true }

    /// The adjustment of the first order: the one a cart line is priced at.
    public var firstAdjustment: SellingPlanPriceAdjustment? { priceAdjustments.first }

    /// The price of one delivery of a variant sold at `price` (the first order's).
    public func price(of price: Money, convert: (Money) -> Money = { $0 }) -> Money {
        firstAdjustment?.adjust(price, convert: convert) ?? price
    }

    /// "every 2 weeks".
    public var cadence: String { "every \(interval.describe(count: intervalCount))" }

    /// The date of the delivery after one on `date`.
    public func nextDate(after date: Date, calendar: Calendar = SellingPlan.utcCalendar) -> Date {
        let component: Calendar.Component = switch interval {
        case .day: .day
        case .week: .weekOfYear
        case .month: .month
        case .year: .year
        }
        return calendar.date(byAdding: component, value: intervalCount, to: date) ?? date.addingTimeInterval(86_400 * Double(intervalCount))
    }

    public static let utcCalendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        return calendar
    }()
}

extension Product {
    /// The plan with this id among the product's groups, with its group.
    public func sellingPlan(id: String) -> (group: SellingPlanGroup, plan: SellingPlan)? {
        for group in sellingPlanGroups {
            if let plan = group.sellingPlans.first(where: { $0.id == id }) { return (group, plan) }
        }
        return nil
    }
}

/// `SellingPlanAllocation`: the plan a cart line is bought on, and what it costs per delivery.
public struct SellingPlanAllocation: Hashable, Sendable, Codable {
    public var sellingPlan: SellingPlan
    /// Per unit, under the plan (`priceAdjustments.price`, also `perDeliveryPrice`).
    public var price: Money
    /// Per unit, bought once (`priceAdjustments.compareAtPrice`).
    public var compareAtPrice: Money
    /// Paid at checkout for the line: the whole first delivery (nothing is charged later for it).
    public var checkoutChargeAmount: Money

    public init(sellingPlan: SellingPlan, price: Money, compareAtPrice: Money, checkoutChargeAmount: Money) {
        self.sellingPlan = sellingPlan; self.price = price
        self.compareAtPrice = compareAtPrice; self.checkoutChargeAmount = checkoutChargeAmount
    }

    /// Nothing is left to pay later.
    public var remainingBalanceChargeAmount: Money { .zero(price.currencyCode) }
}
