import Foundation
import StorefrontModels

/// A selling plan group as `SellingPlanGroupFields` selects it.
struct WireSellingPlanGroup: Decodable, Sendable {
    var name: String
    var appName: String?
    var options: [SellingPlanGroupOption]
    var sellingPlans: WireConnection<WireSellingPlan>

    /// The group with the plans the app can sell (those with a recurring schedule).
    var model: SellingPlanGroup {
        let line = TextSanitizer.cleanLine
        return SellingPlanGroup(name: line(name), appName: appName.map(line),
                                options: options.map { SellingPlanGroupOption(name: line($0.name), values: $0.values.map(line)) },
                                sellingPlans: sellingPlans.elements.compactMap(\.model))
    }
}

/// A selling plan as `SellingPlanFields` selects it.
struct WireSellingPlan: Decodable, Sendable {
    struct Option: Decodable, Sendable {
        var name: String?
        var value: String?
    }

    struct Policy: Decodable, Sendable {
        var interval: String?
        var intervalCount: Int?
    }

    struct Adjustment: Decodable, Sendable {
        struct Value: Decodable, Sendable {
            var __typename: String
            var adjustmentPercentage: Double?
            var adjustmentAmount: Money?
            var price: Money?
        }
        var orderCount: Int?
        var adjustmentValue: Value

        var model: SellingPlanPriceAdjustment? {
            let value: SellingPlanPriceAdjustment.Value
            if let percent = adjustmentValue.adjustmentPercentage, percent.isFinite,
               let decimal = Decimal(string: String(percent)), (0...100).contains(decimal) {
                value = .percentage(decimal)
            } else if let amount = adjustmentValue.adjustmentAmount {
                value = .fixedAmount(amount)
            } else if let price = adjustmentValue.price {
                value = .price(price)
            } else {
                return nil
            }
            return SellingPlanPriceAdjustment(value: value, orderCount: orderCount)
        }
    }

    var id: String
    var name: String
    var description: String?
    var options: [Option]
    var billingPolicy: Policy?
    var priceAdjustments: [Adjustment]

    /// Nil for a plan without a recurring schedule the app knows (it cannot say when it delivers).
    var model: SellingPlan? {
        guard let interval = billingPolicy?.interval.flatMap(SellingPlanInterval.init(rawValue:)),
              let count = billingPolicy?.intervalCount, count > 0 else { return nil }
        let line = TextSanitizer.cleanLine
        return SellingPlan(id: line(id), name: line(name), description: description.map(TextSanitizer.clean),
                           options: options.compactMap { option in
                               guard let name = option.name, let value = option.value else { return nil }
                               return SellingPlanOption(name: line(name), value: line(value))
                           },
                           interval: interval, intervalCount: count, priceAdjustments: priceAdjustments.compactMap(\.model))
    }
}

/// A cart line's `sellingPlanAllocation` as `CartFields` selects it.
struct WireSellingPlanAllocation: Decodable, Sendable {
    struct Adjustment: Decodable, Sendable {
        var price: Money
        var compareAtPrice: Money
    }

    var sellingPlan: WireSellingPlan
    var checkoutChargeAmount: Money
    var priceAdjustments: [Adjustment]

    var model: SellingPlanAllocation? {
        guard let plan = sellingPlan.model, let adjustment = priceAdjustments.first else { return nil }
        return SellingPlanAllocation(sellingPlan: plan, price: adjustment.price, compareAtPrice: adjustment.compareAtPrice,
                                     checkoutChargeAmount: checkoutChargeAmount)
    }
}
