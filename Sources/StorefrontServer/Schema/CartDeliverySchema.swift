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
            keyField("id", at: \.idValue)
            keyField("address", at: \.addressValue)
            keyField("selected", at: \.selected)
            keyField("oneTimeUse", at: \.oneTimeUse)
        }
        Union(CartAddress.self, members: CartDeliveryAddressNode.self)
        Type(CartDeliveryAddressNode.self, as: "CartDeliveryAddress") {
            Field("address1", at: \.address1)
            Field("address2", at: \.address2)
            keyField("city", at: \.city)
            keyField("company", at: \.company)
            keyField("countryCode", at: \.countryCode)
            keyField("firstName", at: \.firstName)
            Field("formatted", at: CartDeliveryAddressNode.formatted) {
                Argument("withCompany", at: \.withCompany).defaultValue(true)
                Argument("withName", at: \.withName).defaultValue(false)
            }
            keyField("formattedArea", at: \.formattedArea)
            keyField("lastName", at: \.lastName)
            keyField("latitude", at: \.latitude)
            keyField("longitude", at: \.longitude)
            keyField("name", at: \.name)
            keyField("phone", at: \.phone)
            keyField("provinceCode", at: \.provinceCode)
            keyField("zip", at: \.zip)
        }
        Type(CartDeliveryGroupNode.self, as: "CartDeliveryGroup") {
            connectionField("cartLines", at: CartDeliveryGroupNode.cartLines)
            keyField("deliveryAddress", at: \.deliveryAddress)
            keyField("deliveryOptions", at: \.deliveryOptions)
            keyField("groupType", at: \.groupType)
            keyField("id", at: \.idValue)
            keyField("selectedDeliveryOption", at: \.selectedDeliveryOption)
        }
        connectionType(of: CartDeliveryGroupNode.self, named: "CartDeliveryGroupConnection")
        edgeType(of: CartDeliveryGroupNode.self, named: "CartDeliveryGroupEdge")
        Type(CartDeliveryOption.self) {
            keyField("code", at: \.codeValue)
            keyField("deliveryMethodType", at: \.methodType)
            keyField("description", at: \.description)
            keyField("estimatedCost", at: \.estimatedCost)
            keyField("handle", at: \.handle)
            keyField("title", at: \.titleValue)
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
