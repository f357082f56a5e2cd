import Foundation
import Graphiti
import Storefront

/// Gift cards on a cart: `AppliedGiftCard` and the three gift card mutations.
final class CartGiftCardSchema: PartialSchema<StorefrontResolver, RequestContext> {
    @TypeDefinitions
    override var types: Types {
        Type(AppliedGiftCard.self, interfaces: [NodeValue.self]) {
            keyField("amountUsed", at: \.amountUsed)
            Field("amountUsedV2", at: \.amountUsed)
                .deprecationReason("Use `amountUsed` instead.")
            keyField("balance", at: \.balance)
            Field("balanceV2", at: \.balance)
                .deprecationReason("Use `balance` instead.")
            keyField("id", at: \.idValue)
            keyField("lastCharacters", at: \.lastCharacters)
            // The catalog's currency is the only one a cart is in.
            keyField("presentmentAmountUsed", at: \.amountUsed)
        }
        payloadType(CartGiftCardCodesAddKind.self, named: "CartGiftCardCodesAddPayload")
        payloadType(CartGiftCardCodesUpdateKind.self, named: "CartGiftCardCodesUpdatePayload")
        payloadType(CartGiftCardCodesRemoveKind.self, named: "CartGiftCardCodesRemovePayload")
    }

    @FieldDefinitions
    override var mutation: Fields {
        Field("cartGiftCardCodesAdd", at: StorefrontResolver.cartGiftCardCodesAdd) {
            Argument("cartId", at: \.cartId)
            Argument("giftCardCodes", at: \.giftCardCodes)
        }
        Field("cartGiftCardCodesUpdate", at: StorefrontResolver.cartGiftCardCodesUpdate) {
            Argument("cartId", at: \.cartId)
            Argument("giftCardCodes", at: \.giftCardCodes)
        }
        Field("cartGiftCardCodesRemove", at: StorefrontResolver.cartGiftCardCodesRemove) {
            Argument("appliedGiftCardIds", at: \.appliedGiftCardIds)
            Argument("cartId", at: \.cartId)
        }
    }
}

extension AppliedGiftCard: NodeValue {
    var idValue: GraphID { GraphID(unchecked: id) }
}

struct CartGiftCardCodesArguments: Decodable, Sendable {
    var cartId: GraphID
    var giftCardCodes: [String]
}

struct CartGiftCardCodesRemoveArguments: Decodable, Sendable {
    var appliedGiftCardIds: [GraphID]
    var cartId: GraphID
}

extension StorefrontResolver {
    func cartGiftCardCodesAdd(context: RequestContext,
                              arguments: CartGiftCardCodesArguments) async throws -> CartMutationPayload<CartGiftCardCodesAddKind>? {
        CartMutationPayload(payload: try await context.storefront.cartGiftCardCodesAdd(cartId: arguments.cartId.text,
                                                                                       giftCardCodes: arguments.giftCardCodes))
    }

    func cartGiftCardCodesUpdate(context: RequestContext,
                                 arguments: CartGiftCardCodesArguments) async throws -> CartMutationPayload<CartGiftCardCodesUpdateKind>? {
        CartMutationPayload(payload: try await context.storefront.cartGiftCardCodesUpdate(cartId: arguments.cartId.text,
                                                                                          giftCardCodes: arguments.giftCardCodes))
    }

    func cartGiftCardCodesRemove(context: RequestContext,
                                 arguments: CartGiftCardCodesRemoveArguments) async throws -> CartMutationPayload<CartGiftCardCodesRemoveKind>? {
        CartMutationPayload(payload: try await context.storefront.cartGiftCardCodesRemove(
            cartId: arguments.cartId.text, appliedGiftCardIds: arguments.appliedGiftCardIds.map(\.text)))
    }
}
