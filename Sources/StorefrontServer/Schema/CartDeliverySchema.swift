import Foundation
import Graphiti
import Storefront

/// Cart delivery: selectable addresses, delivery groups and their options, `MailingAddress`; the
/// mutations that change them and the cart's attributes.
final class CartDeliverySchema: PartialSchema<StorefrontResolver, RequestContext> {
    @TypeDefinitions
    override var types: Types {
        Enum(DeliveryMethodType.self) {
            Value(.local)
            Value(.none)
            Value(.pickupPoint)
            Value(.pickUp)
            Value(.retail)
            Value(.shipping)
        }
        Enum(CartDeliveryGroupType.self) {
            Value(.oneTimePurchase)
            Value(.subscription)
        }
        Enum(DeliveryAddressValidationStrategy.self) {
            Value(.countryCodeOnly)
            Value(.strict)
        }
        Type(CartDeliveryNode.self, as: "CartDelivery") {
            Field("addresses", at: CartDeliveryNode.addresses) {
                Argument("selected", at: \.selected).defaultValue(false)
            }
        }
        Type(CartSelectableAddress.self) {
            Field("id", at: \.idValue)
            Field("address", at: \.addressValue)
            Field("selected", at: \.selected)
            Field("oneTimeUse", at: \.oneTimeUse)
        }
        Union(CartAddress.self, members: CartDeliveryAddressNode.self)
        Type(CartDeliveryAddressNode.self, as: "CartDeliveryAddress") {
            Field("address1", at: \.address1)
            Field("address2", at: \.address2)
            Field("city", at: \.city)
            Field("company", at: \.company)
            Field("countryCode", at: \.countryCode)
            Field("firstName", at: \.firstName)
            Field("formatted", at: CartDeliveryAddressNode.formatted) {
                Argument("withCompany", at: \.withCompany).defaultValue(true)
                Argument("withName", at: \.withName).defaultValue(false)
            }
            Field("formattedArea", at: \.formattedArea)
            Field("lastName", at: \.lastName)
            Field("latitude", at: \.latitude)
            Field("longitude", at: \.longitude)
            Field("name", at: \.name)
            Field("phone", at: \.phone)
            Field("provinceCode", at: \.provinceCode)
            Field("zip", at: \.zip)
        }
        Type(CartDeliveryGroupNode.self, as: "CartDeliveryGroup") {
            connectionField("cartLines", at: CartDeliveryGroupNode.cartLines)
            Field("deliveryAddress", at: \.deliveryAddress)
            Field("deliveryOptions", at: \.deliveryOptions)
            Field("groupType", at: \.groupType)
            Field("id", at: \.idValue)
            Field("selectedDeliveryOption", at: \.selectedDeliveryOption)
        }
        connectionType(of: CartDeliveryGroupNode.self, named: "CartDeliveryGroupConnection")
        edgeType(of: CartDeliveryGroupNode.self, named: "CartDeliveryGroupEdge")
        Type(CartDeliveryOption.self) {
            Field("code", at: \.codeValue)
            Field("deliveryMethodType", at: \.methodType)
            Field("description", at: \.description)
            Field("estimatedCost", at: \.estimatedCost)
            Field("handle", at: \.handle)
            Field("title", at: \.titleValue)
        }
        payloadType(CartAttributesUpdateKind.self, named: "CartAttributesUpdatePayload")
        payloadType(CartDeliveryAddressesAddKind.self, named: "CartDeliveryAddressesAddPayload")
        payloadType(CartDeliveryAddressesUpdateKind.self, named: "CartDeliveryAddressesUpdatePayload")
        payloadType(CartDeliveryAddressesRemoveKind.self, named: "CartDeliveryAddressesRemovePayload")
        payloadType(CartDeliveryAddressesReplaceKind.self, named: "CartDeliveryAddressesReplacePayload")
        payloadType(CartSelectedDeliveryOptionsUpdateKind.self, named: "CartSelectedDeliveryOptionsUpdatePayload")
        Input(CartDeliveryAddressInputArgument.self, as: "CartDeliveryAddressInput") {
            InputField("address1", at: \.address1)
            InputField("address2", at: \.address2)
            InputField("city", at: \.city)
            InputField("company", at: \.company)
            InputField("countryCode", at: \.countryCode)
            InputField("firstName", at: \.firstName)
            InputField("lastName", at: \.lastName)
            InputField("phone", at: \.phone)
            InputField("provinceCode", at: \.provinceCode)
            InputField("zip", at: \.zip)
        }
        Input(CartAddressInputArgument.self, as: "CartAddressInput") {
            InputField("copyFromCustomerAddressId", at: \.copyFromCustomerAddressId)
            InputField("deliveryAddress", at: \.deliveryAddress)
        }
        Input(CartSelectableAddressInputArgument.self, as: "CartSelectableAddressInput") {
            InputField("address", at: \.address)
            InputField("oneTimeUse", at: \.oneTimeUse)
            InputField("selected", at: \.selected)
            InputField("validationStrategy", at: \.validationStrategy).defaultValue(.countryCodeOnly)
        }
        Input(CartSelectableAddressUpdateInputArgument.self, as: "CartSelectableAddressUpdateInput") {
            InputField("address", at: \.address)
            InputField("id", at: \.id)
            InputField("oneTimeUse", at: \.oneTimeUse)
            InputField("selected", at: \.selected)
            InputField("validationStrategy", at: \.validationStrategy).defaultValue(.countryCodeOnly)
        }
        Input(CartSelectedDeliveryOptionInputArgument.self, as: "CartSelectedDeliveryOptionInput") {
            InputField("deliveryGroupId", at: \.deliveryGroupId)
            InputField("deliveryOptionHandle", at: \.deliveryOptionHandle)
        }
    }

    @FieldDefinitions
    override var mutation: Fields {
        Field("cartAttributesUpdate", at: StorefrontResolver.cartAttributesUpdate) {
            Argument("attributes", at: \.attributes)
            Argument("cartId", at: \.cartId)
        }
        Field("cartDeliveryAddressesAdd", at: StorefrontResolver.cartDeliveryAddressesAdd) {
            Argument("addresses", at: \.addresses)
            Argument("cartId", at: \.cartId)
        }
        Field("cartDeliveryAddressesUpdate", at: StorefrontResolver.cartDeliveryAddressesUpdate) {
            Argument("addresses", at: \.addresses)
            Argument("cartId", at: \.cartId)
        }
        Field("cartDeliveryAddressesRemove", at: StorefrontResolver.cartDeliveryAddressesRemove) {
            Argument("addressIds", at: \.addressIds)
            Argument("cartId", at: \.cartId)
        }
        Field("cartDeliveryAddressesReplace", at: StorefrontResolver.cartDeliveryAddressesReplace) {
            Argument("addresses", at: \.addresses)
            Argument("cartId", at: \.cartId)
        }
        Field("cartSelectedDeliveryOptionsUpdate", at: StorefrontResolver.cartSelectedDeliveryOptionsUpdate) {
            Argument("cartId", at: \.cartId)
            Argument("selectedDeliveryOptions", at: \.selectedDeliveryOptions)
        }
    }
}
