import Foundation
import Graphiti
import Storefront

/// `discountAllocations` on carts and lines: the cart's discount codes are order discounts, so
/// they are allocated to the cart (`CartCodeDiscountAllocation`); lines carry none.
final class CartDiscountSchema: PartialSchema<StorefrontResolver, RequestContext> {
    @TypeDefinitions
    override var types: Types {
        Enum(DiscountApplicationAllocationMethod.self) {
            Value(.across)
            Value(.each)
            Value(.one).deprecationReason("Use ACROSS instead.")
        }
        Enum(DiscountApplicationTargetSelection.self) {
            Value(.all)
            Value(.entitled)
            Value(.explicit)
        }
        Enum(DiscountApplicationTargetType.self) {
            Value(.lineItem)
            Value(.shippingLine)
        }
        Interface(CartDiscountAllocation.self) {
            keyField("discountApplication", at: \.discountApplication)
            keyField("discountedAmount", at: \.discountedAmount)
            keyField("targetType", at: \.targetType)
        }
        Type(CodeDiscountAllocation.self, as: "CartCodeDiscountAllocation", interfaces: [CartDiscountAllocation.self]) {
            keyField("code", at: \.code)
            keyField("discountApplication", at: \.discountApplication)
            keyField("discountedAmount", at: \.discountedAmount)
            keyField("targetType", at: \.targetType)
        }
        Type(CartDiscountApplicationNode.self, as: "CartDiscountApplication") {
            keyField("allocationMethod", at: \.allocationMethod)
            keyField("targetSelection", at: \.targetSelection)
            keyField("targetType", at: \.targetType)
            keyField("value", at: \.value)
        }
        Union(PricingValue.self, members: Money.self, PricingPercentageValue.self)
        Type(PricingPercentageValue.self) {
            keyField("percentage", at: \.percentage)
        }
    }
}

enum DiscountApplicationAllocationMethod: String, Codable, Sendable, CaseIterable {
    case across = "ACROSS", each = "EACH", one = "ONE"
}

enum DiscountApplicationTargetSelection: String, Codable, Sendable, CaseIterable {
    case all = "ALL", entitled = "ENTITLED", explicit = "EXPLICIT"
}

enum DiscountApplicationTargetType: String, Codable, Sendable, CaseIterable {
    case lineItem = "LINE_ITEM", shippingLine = "SHIPPING_LINE"
}

/// `CartDiscountAllocation`, the interface of a discount's share.
protocol CartDiscountAllocation: Sendable {
    var discountApplication: CartDiscountApplicationNode { get }
    var discountedAmount: Money { get }
    var targetType: DiscountApplicationTargetType { get }
}

/// `PricingValue`: a fixed amount or a percentage.
protocol PricingValue: Sendable {}
extension Money: PricingValue {}

struct PricingPercentageValue: PricingValue {
    var percentage: Double
}

/// How a discount code is applied: an order discount spread across every line.
struct CartDiscountApplicationNode: Sendable {
    var value: any PricingValue
    var allocationMethod: DiscountApplicationAllocationMethod { .across }
    var targetSelection: DiscountApplicationTargetSelection { .all }
    var targetType: DiscountApplicationTargetType { .lineItem }
}

extension CodeDiscountAllocation: CartDiscountAllocation {
    var targetType: DiscountApplicationTargetType { .lineItem }
    var discountApplication: CartDiscountApplicationNode {
        let value: any PricingValue = fixedAmount.map { $0 as any PricingValue }
            ?? PricingPercentageValue(percentage: NSDecimalNumber(decimal: percentage ?? 0).doubleValue)
        return CartDiscountApplicationNode(value: value)
    }
}

extension Cart {
    /// The shares come from the shop's discount codes: a storefront that is not the embedded
    /// one (whose catalog holds them) answers none.
    func discountAllocations(context: RequestContext, arguments: NoArguments) -> [any CartDiscountAllocation] {
        guard let embedded = context.storefront.embeddedStorefront else { return [] }
        return CodeDiscountAllocation.shares(of: self, in: embedded.catalog)
    }
}

extension CartLineNode {
    /// Line discounts come from product discounts, which the catalog does not have.
    var discountAllocations: [any CartDiscountAllocation] { [] }
}
