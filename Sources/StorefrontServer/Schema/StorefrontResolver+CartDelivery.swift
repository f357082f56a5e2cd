import Foundation
import Graphiti
import Storefront

// The cart's attributes and delivery mutations.
extension StorefrontResolver {
    func cartAttributesUpdate(context: RequestContext,
                              arguments: CartAttributesUpdateArguments) async throws -> CartMutationPayload<CartAttributesUpdateKind>? {
        CartMutationPayload(payload: try await context.storefront.cartAttributesUpdate(cartId: arguments.cartId.text,
                                                                                       attributes: arguments.attributes.map(\.model)))
    }

    func cartDeliveryAddressesAdd(context: RequestContext,
                                  arguments: CartDeliveryAddressesArguments) async throws -> CartMutationPayload<CartDeliveryAddressesAddKind>? {
        CartMutationPayload(payload: try await context.storefront.cartDeliveryAddressesAdd(cartId: arguments.cartId.text,
                                                                                           addresses: arguments.addresses.map(\.model)))
    }

    func cartDeliveryAddressesUpdate(context: RequestContext,
                                     arguments: CartDeliveryAddressesUpdateArguments) async throws -> CartMutationPayload<CartDeliveryAddressesUpdateKind>? {
        CartMutationPayload(payload: try await context.storefront.cartDeliveryAddressesUpdate(cartId: arguments.cartId.text,
                                                                                              addresses: arguments.addresses.map(\.model)))
    }

    func cartDeliveryAddressesRemove(context: RequestContext,
                                     arguments: CartDeliveryAddressesRemoveArguments) async throws -> CartMutationPayload<CartDeliveryAddressesRemoveKind>? {
        CartMutationPayload(payload: try await context.storefront.cartDeliveryAddressesRemove(cartId: arguments.cartId.text,
                                                                                              addressIds: arguments.addressIds.map(\.text)))
    }

    func cartDeliveryAddressesReplace(context: RequestContext,
                                      arguments: CartDeliveryAddressesArguments) async throws -> CartMutationPayload<CartDeliveryAddressesReplaceKind>? {
        CartMutationPayload(payload: try await context.storefront.cartDeliveryAddressesReplace(cartId: arguments.cartId.text,
                                                                                               addresses: arguments.addresses.map(\.model)))
    }

    func cartSelectedDeliveryOptionsUpdate(
        context: RequestContext, arguments: CartSelectedDeliveryOptionsUpdateArguments
    ) async throws -> CartMutationPayload<CartSelectedDeliveryOptionsUpdateKind>? {
        CartMutationPayload(payload: try await context.storefront.cartSelectedDeliveryOptionsUpdate(
            cartId: arguments.cartId.text, options: arguments.selectedDeliveryOptions.map(\.model)))
    }
}
