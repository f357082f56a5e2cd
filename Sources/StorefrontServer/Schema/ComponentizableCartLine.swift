import Foundation
import Graphiti
import Storefront

/// `ComponentizableCartLine`: a bundle's line with the lines it is made of. The catalog sells no
/// bundles, so no cart holds one; the type is served so that carts read with a fragment on it, as
/// starter storefronts read them, are valid.
struct ComponentizableCartLineNode: BaseCartLine, Hashable, Codable {
    var line: CartLineNode

    var idValue: GraphID { line.idValue }
    var quantity: Int { line.quantity }
    var attributes: [Attribute] { line.attributes }
    var cost: CartLineCost { line.cost }
    var discountAllocations: [any CartDiscountAllocation] { line.discountAllocations }
    var lineComponents: [CartLineNode] { [] }

    func merchandise(context: RequestContext, arguments: NoArguments) async throws -> any Merchandise {
        try await line.merchandise(context: context, arguments: arguments)
    }
}

extension ComponentizableCartLineNode: NodeValue {}

/// The fields every kind of cart line answers alike.
func cartLineFields<Line: BaseCartLine>(_ type: Line.Type) -> [FieldComponent<Line, RequestContext>] {
    [keyField("id", at: \.idValue), keyField("quantity", at: \.quantity), keyField("attributes", at: \.attributes), keyField("cost", at: \.cost),
     keyField("discountAllocations", at: \.discountAllocations), Field("merchandise", at: Line.merchandise),
     keyField("sellingPlanAllocation", at: \.sellingPlanAllocation)]
}
