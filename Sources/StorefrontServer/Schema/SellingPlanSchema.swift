import Foundation
import Graphiti
import Storefront

/// Subscriptions in the Storefront API: `SellingPlanGroup`, `SellingPlan` and its policies and
/// price adjustments, `SellingPlanAllocation` (a variant's or a cart line's price on a plan), and
/// `ShopPolicyWithDefault` (`Shop.subscriptionPolicy`). The fields that lead here
/// (`Product.sellingPlanGroups`, `ProductVariant.sellingPlanAllocations`,
/// `CartLine.sellingPlanAllocation`) are declared with their types.
///
/// A plan's fixed amounts are the shop's currency's; a cart line's allocation is priced in the
/// buyer's market (the cart's currency).
final class SellingPlanSchema: PartialSchema<StorefrontResolver, RequestContext> {
    @TypeDefinitions
    override var types: Types {
        Type(SellingPlanGroup.self) {
            keyField("appName", at: \.appName)
            keyField("name", at: \.name)
            keyField("options", at: \.options)
            connectionField("sellingPlans", at: SellingPlanGroup.sellingPlanPage)
        }
        Type(SellingPlanGroupOption.self) {
            keyField("name", at: \.name)
            keyField("values", at: \.values)
        }
        Type(SellingPlan.self) {
            keyField("billingPolicy", at: \.billingPolicy)
            keyField("checkoutCharge", at: \.checkoutCharge)
            keyField("deliveryPolicy", at: \.deliveryPolicy)
            keyField("description", at: \.description)
            keyField("id", at: \.idValue)
            metafieldField(SellingPlan.self)
            metafieldsField(SellingPlan.self)
            keyField("name", at: \.name)
            keyField("options", at: \.optionValues)
            keyField("priceAdjustments", at: \.adjustmentNodes)
            keyField("recurringDeliveries", at: \.recurringDeliveries)
        }
        Type(SellingPlanOptionNode.self, as: "SellingPlanOption") {
            keyField("name", at: \.name)
            keyField("value", at: \.value)
        }
        Enum(SellingPlanInterval.self) {
            Value(.day)
            Value(.month)
            Value(.week)
            Value(.year)
        }
        Type(RecurringPolicyNode.self, as: "SellingPlanRecurringBillingPolicy") {
            keyField("interval", at: \.interval)
            keyField("intervalCount", at: \.intervalCount)
        }
        Type(RecurringDeliveryPolicyNode.self, as: "SellingPlanRecurringDeliveryPolicy") {
            keyField("interval", at: \.interval)
            keyField("intervalCount", at: \.intervalCount)
        }
        Union(SellingPlanBillingPolicyValue.self, as: "SellingPlanBillingPolicy", members: RecurringPolicyNode.self)
        Union(SellingPlanDeliveryPolicyValue.self, as: "SellingPlanDeliveryPolicy", members: RecurringDeliveryPolicyNode.self)
        Enum(SellingPlanCheckoutChargeType.self) {
            Value(.percentage)
            Value(.price)
        }
        Type(CheckoutChargeNode.self, as: "SellingPlanCheckoutCharge") {
            keyField("type", at: \.type)
            keyField("value", at: \.value)
        }
        Type(CheckoutChargePercentageNode.self, as: "SellingPlanCheckoutChargePercentageValue") {
            keyField("percentage", at: \.percentage)
        }
        Union(SellingPlanCheckoutChargeValue.self, members: Money.self, CheckoutChargePercentageNode.self)
        Type(SellingPlanPriceAdjustment.self) {
            keyField("adjustmentValue", at: \.adjustmentValue)
            keyField("orderCount", at: \.orderCount)
        }
        Union(SellingPlanPriceAdjustmentValue.self, members: FixedAmountAdjustmentNode.self, FixedPriceAdjustmentNode.self,
              PercentageAdjustmentNode.self)
        Type(FixedAmountAdjustmentNode.self, as: "SellingPlanFixedAmountPriceAdjustment") {
            keyField("adjustmentAmount", at: \.adjustmentAmount)
        }
        Type(FixedPriceAdjustmentNode.self, as: "SellingPlanFixedPriceAdjustment") {
            keyField("price", at: \.price)
        }
        Type(PercentageAdjustmentNode.self, as: "SellingPlanPercentagePriceAdjustment") {
            keyField("adjustmentPercentage", at: \.adjustmentPercentage)
        }
        Type(SellingPlanAllocation.self) {
            keyField("checkoutChargeAmount", at: \.checkoutChargeAmount)
            keyField("priceAdjustments", at: \.allocationAdjustments)
            keyField("remainingBalanceChargeAmount", at: \.remainingBalanceChargeAmount)
            keyField("sellingPlan", at: \.sellingPlan)
        }
        Type(AllocationAdjustmentNode.self, as: "SellingPlanAllocationPriceAdjustment") {
            keyField("compareAtPrice", at: \.compareAtPrice)
            keyField("perDeliveryPrice", at: \.perDeliveryPrice)
            keyField("price", at: \.price)
            keyField("unitPrice", at: \.unitPrice)
        }
        Type(SubscriptionPolicy.self, as: "ShopPolicyWithDefault") {
            keyField("body", at: \.body)
            keyField("handle", at: \.handle)
            keyField("id", at: \.idValue)
            keyField("title", at: \.title)
            keyField("url", at: \.urlValue)
        }
        connectionType(of: SellingPlanGroup.self, named: "SellingPlanGroupConnection")
        edgeType(of: SellingPlanGroup.self, named: "SellingPlanGroupEdge")
        connectionType(of: SellingPlan.self, named: "SellingPlanConnection")
        edgeType(of: SellingPlan.self, named: "SellingPlanEdge")
        connectionType(of: SellingPlanAllocation.self, named: "SellingPlanAllocationConnection")
        edgeType(of: SellingPlanAllocation.self, named: "SellingPlanAllocationEdge")
    }
}

extension Product {
    func sellingPlanGroupPage(context: RequestContext, arguments: ConnectionArguments) throws -> Page<SellingPlanGroup> {
        try ListPager.page(sellingPlanGroups, arguments, reverse: arguments.reverse ?? false, listing: "selling-plan-groups")
    }
}

extension VariantNode {
    /// The variant's price on each of its product's plans, in the order of their groups.
    func sellingPlanAllocations(context: RequestContext, arguments: ConnectionArguments) throws -> Page<SellingPlanAllocation> {
        let allocations = product.sellingPlanGroups.flatMap { group in
            group.sellingPlans.map { plan in
                let price = plan.price(of: variant.price)
                return SellingPlanAllocation(sellingPlan: plan, price: price, compareAtPrice: variant.price,
                                             checkoutChargeAmount: price)
            }
        }
        return try ListPager.page(allocations, arguments, reverse: arguments.reverse ?? false, listing: "selling-plan-allocations")
    }
}

extension CartLineNode {
    var sellingPlanAllocation: SellingPlanAllocation? { line.sellingPlanAllocation }
}

extension ComponentizableCartLineNode {
    var sellingPlanAllocation: SellingPlanAllocation? { line.sellingPlanAllocation }
}

extension SellingPlanGroup {
    func sellingPlanPage(context: RequestContext, arguments: ConnectionArguments) throws -> Page<SellingPlan> {
        try ListPager.page(sellingPlans, arguments, reverse: arguments.reverse ?? false, listing: "selling-plans")
    }
}

extension SellingPlan: HasMetafields {
    var idValue: GraphID { GraphID(unchecked: id) }
    var optionValues: [SellingPlanOptionNode] { options.map { SellingPlanOptionNode(name: $0.name, value: $0.value) } }
    var adjustmentNodes: [SellingPlanPriceAdjustment] { priceAdjustments }
    var billingPolicy: (any SellingPlanBillingPolicyValue)? { RecurringPolicyNode(interval: interval, intervalCount: intervalCount) }
    var deliveryPolicy: (any SellingPlanDeliveryPolicyValue)? {
        RecurringDeliveryPolicyNode(interval: interval, intervalCount: intervalCount)
    }
    /// Each delivery is paid in full when it is ordered: 100 % at checkout.
    var checkoutCharge: CheckoutChargeNode { CheckoutChargeNode(type: .percentage, value: CheckoutChargePercentageNode(percentage: 100)) }

    func metafieldNodes(context: RequestContext) async throws -> [MetafieldNode] { [] }
}

extension SellingPlanPriceAdjustment {
    var adjustmentValue: any SellingPlanPriceAdjustmentValue {
        switch value {
        case .percentage(let percent): PercentageAdjustmentNode(adjustmentPercentage: NSDecimalNumber(decimal: percent).doubleValue)
        case .fixedAmount(let amount): FixedAmountAdjustmentNode(adjustmentAmount: amount)
        case .price(let price): FixedPriceAdjustmentNode(price: price)
        }
    }
}

extension SellingPlanAllocation {
    var allocationAdjustments: [AllocationAdjustmentNode] {
        [AllocationAdjustmentNode(compareAtPrice: compareAtPrice, perDeliveryPrice: price, price: price, unitPrice: nil)]
    }
}

extension SubscriptionPolicy {
    var idValue: GraphID? { id.map(GraphID.init(unchecked:)) }
    var urlValue: URLValue { URLValue(unchecked: url) }
}

struct SellingPlanOptionNode: Sendable {
    var name: String?
    var value: String?
}

protocol SellingPlanBillingPolicyValue: Sendable {}
protocol SellingPlanDeliveryPolicyValue: Sendable {}

struct RecurringPolicyNode: SellingPlanBillingPolicyValue {
    var interval: SellingPlanInterval
    var intervalCount: Int
}

struct RecurringDeliveryPolicyNode: SellingPlanDeliveryPolicyValue {
    var interval: SellingPlanInterval
    var intervalCount: Int
}

enum SellingPlanCheckoutChargeType: String, Codable, Sendable, CaseIterable {
    case percentage = "PERCENTAGE", price = "PRICE"
}

protocol SellingPlanCheckoutChargeValue: Sendable {}
extension Money: SellingPlanCheckoutChargeValue {}

struct CheckoutChargePercentageNode: SellingPlanCheckoutChargeValue {
    var percentage: Double
}

struct CheckoutChargeNode: Sendable {
    var type: SellingPlanCheckoutChargeType
    var value: any SellingPlanCheckoutChargeValue
}

protocol SellingPlanPriceAdjustmentValue: Sendable {}

struct FixedAmountAdjustmentNode: SellingPlanPriceAdjustmentValue {
    var adjustmentAmount: Money
}

struct FixedPriceAdjustmentNode: SellingPlanPriceAdjustmentValue {
    var price: Money
}

struct PercentageAdjustmentNode: SellingPlanPriceAdjustmentValue {
    var adjustmentPercentage: Double
}

struct AllocationAdjustmentNode: Sendable {
    var compareAtPrice: Money
    var perDeliveryPrice: Money
    var price: Money
    var unitPrice: Money?
}
