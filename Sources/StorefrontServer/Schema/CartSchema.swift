import Foundation
import Graphiti
import Storefront

/// `Cart`, its lines (the `BaseCartLine` interface, the `Merchandise` union), costs, buyer identity,
/// user errors and warnings, the mutation payloads and inputs; `QueryRoot.cart` and the cart mutations.
final class CartSchema: PartialSchema<StorefrontResolver, RequestContext> {
    @TypeDefinitions
    override var types: Types {
        Type(Cart.self, interfaces: [NodeValue.self]) {
            keyField("id", at: \.idValue)
            keyField("checkoutUrl", at: \.checkoutUrlValue)
            keyField("createdAt", at: \.createdAtValue)
            keyField("updatedAt", at: \.updatedAtValue)
            keyField("note", at: \.note)
            keyField("attributes", at: \.attributes)
            Field("attribute", at: Cart.attribute) {
                Argument("key", at: \.key)
            }
            keyField("buyerIdentity", at: \.buyerIdentity)
            keyField("discountCodes", at: \.discountCodes)
            keyField("cost", at: \.cost)
            keyField("totalQuantity", at: \.totalQuantity)
            connectionField("lines", at: Cart.lines)
            keyField("appliedGiftCards", at: \.appliedGiftCards)
            Field("discountAllocations", at: Cart.discountAllocations)
            keyField("delivery", at: \.delivery)
            Field("deliveryGroups", at: Cart.deliveryGroupPage) {
                Argument("first", at: \.first)
                Argument("after", at: \.after)
                Argument("last", at: \.last)
                Argument("before", at: \.before)
                Argument("reverse", at: \.reverse).defaultValue(false)
                Argument("withCarrierRates", at: \.withCarrierRates).defaultValue(false)
            }
            metafieldField(Cart.self)
            metafieldsField(Cart.self)
        }
        Interface(BaseCartLine.self) {
            keyField("id", at: \.idValue)
            keyField("quantity", at: \.quantity)
            keyField("attributes", at: \.attributes)
            keyField("cost", at: \.cost)
            keyField("discountAllocations", at: \.discountAllocations)
            Field("merchandise", at: Self.merchandise)
            keyField("sellingPlanAllocation", at: \.sellingPlanAllocation)
        }
        Union(Merchandise.self, members: VariantNode.self)
        Type(CartLineNode.self, as: "CartLine", interfaces: [BaseCartLine.self, NodeValue.self]) { () -> [FieldComponent<CartLineNode, RequestContext>] in
            return cartLineFields(CartLineNode.self)
        }
        Type(ComponentizableCartLineNode.self, as: "ComponentizableCartLine", interfaces: [BaseCartLine.self, NodeValue.self]) {
            () -> [FieldComponent<ComponentizableCartLineNode, RequestContext>] in
            return cartLineFields(ComponentizableCartLineNode.self) + [keyField("lineComponents", at: \.lineComponents)]
        }
        connectionType(CartLineConnection.self, named: "BaseCartLineConnection")
        edgeType(CartLineConnection.self, named: "BaseCartLineEdge")
        Type(CartLineCost.self) {
            keyField("amountPerQuantity", at: \.amountPerQuantity)
            keyField("compareAtAmountPerQuantity", at: \.compareAtAmountPerQuantity)
            keyField("subtotalAmount", at: \.subtotalAmount)
            keyField("totalAmount", at: \.totalAmount)
        }
        Type(CartCost.self) {
            keyField("subtotalAmount", at: \.subtotalAmount)
            keyField("subtotalAmountEstimated", at: \.subtotalAmountEstimated)
            keyField("totalAmount", at: \.totalAmount)
            keyField("totalAmountEstimated", at: \.totalAmountEstimated)
            keyField("checkoutChargeAmount", at: \.checkoutChargeAmount)
            keyField("totalTaxAmount", at: \.withdrawnAmount).deprecationReason(CartCost.withdrawn)
            keyField("totalTaxAmountEstimated", at: \.withdrawnAmountEstimated).deprecationReason(CartCost.withdrawn)
            keyField("totalDutyAmount", at: \.withdrawnAmount).deprecationReason(CartCost.withdrawn)
            keyField("totalDutyAmountEstimated", at: \.withdrawnAmountEstimated).deprecationReason(CartCost.withdrawn)
        }
        Type(BuyerIdentity.self, as: "CartBuyerIdentity") {
            keyField("email", at: \.email)
            keyField("phone", at: \.phone)
            keyField("countryCode", at: \.countryCodeValue)
            // Only a cart that carries the customer's access token knows them.
            keyField("customer", at: \.customer)
            keyField("preferences", at: \.preferences)
        }
        Enum(PreferenceDeliveryMethodType.self) {
            Value(.pickupPoint)
            Value(.pickUp)
            Value(.shipping)
        }
        Type(CartPreferences.self) {
            keyField("delivery", at: \.delivery)
            keyField("wallet", at: \.wallet)
        }
        Type(CartDeliveryPreference.self) {
            keyField("coordinates", at: \.coordinates)
            keyField("deliveryMethod", at: \.deliveryMethodValue)
            keyField("pickupHandle", at: \.pickupHandle)
        }
        Type(CartDeliveryCoordinates.self, as: "CartDeliveryCoordinatesPreference") {
            keyField("countryCode", at: \.countryCodeValue)
            keyField("latitude", at: \.latitude)
            keyField("longitude", at: \.longitude)
        }
        Type(Customer.self) {
            keyField("id", at: \.idValue)
            keyField("email", at: \.email)
            keyField("firstName", at: \.firstName)
            keyField("lastName", at: \.lastName)
            keyField("displayName", at: \.displayName)
            keyField("phone", at: \.phone)
            keyField("defaultAddress", at: \.defaultAddress)
        }
        Type(MailingAddress.self, interfaces: [NodeValue.self]) {
            Field("address1", at: \.address1)
            Field("address2", at: \.address2)
            keyField("city", at: \.city)
            keyField("company", at: \.company)
            keyField("country", at: \.country)
            keyField("countryCode", at: \.countryCode)
            Field("countryCodeV2", at: \.countryCodeV2)
            keyField("firstName", at: \.firstName)
            Field("formatted", at: MailingAddress.formatted) {
                Argument("withCompany", at: \.withCompany).defaultValue(true)
                Argument("withName", at: \.withName).defaultValue(false)
            }
            keyField("formattedArea", at: \.formattedArea)
            keyField("id", at: \.idValue)
            keyField("lastName", at: \.lastName)
            keyField("latitude", at: \.latitude)
            keyField("longitude", at: \.longitude)
            keyField("name", at: \.name)
            keyField("phone", at: \.phone)
            keyField("province", at: \.province)
            keyField("provinceCode", at: \.zoneCode)
            keyField("zip", at: \.postalCode)
        }
        Type(CartDiscountCode.self) {
            keyField("code", at: \.code)
            keyField("applicable", at: \.applicable)
        }
        Type(Attribute.self) {
            keyField("key", at: \.key)
            keyField("value", at: \.value)
        }
        Type(CartUserError.self) {
            keyField("code", at: \.codeValue)
            keyField("field", at: \.field)
            keyField("message", at: \.message)
        }
        Type(CartWarning.self) {
            keyField("code", at: \.codeValue)
            keyField("message", at: \.message)
            keyField("target", at: \.targetValue)
        }
        payloadType(CartCreateKind.self, named: "CartCreatePayload")
        payloadType(CartLinesAddKind.self, named: "CartLinesAddPayload")
        payloadType(CartLinesUpdateKind.self, named: "CartLinesUpdatePayload")
        payloadType(CartLinesRemoveKind.self, named: "CartLinesRemovePayload")
        payloadType(CartBuyerIdentityUpdateKind.self, named: "CartBuyerIdentityUpdatePayload")
        payloadType(CartDiscountCodesUpdateKind.self, named: "CartDiscountCodesUpdatePayload")
        payloadType(CartNoteUpdateKind.self, named: "CartNoteUpdatePayload")
        Input(AttributeInput.self) {
            InputField("key", at: \.key)
            InputField("value", at: \.value)
        }
        Input(CartLineInputArgument.self, as: "CartLineInput") {
            InputField("merchandiseId", at: \.merchandiseId)
            InputField("quantity", at: \.quantity).defaultValue(1)
            InputField("attributes", at: \.attributes)
            InputField("sellingPlanId", at: \.sellingPlanId)
        }
        Input(CartLineUpdateInputArgument.self, as: "CartLineUpdateInput") {
            InputField("id", at: \.id)
            InputField("quantity", at: \.quantity)
            InputField("merchandiseId", at: \.merchandiseId)
            InputField("attributes", at: \.attributes)
            InputField("sellingPlanId", at: \.sellingPlanId)
        }
        Input(CartBuyerIdentityInput.self) {
            InputField("email", at: \.email)
            InputField("phone", at: \.phone)
            InputField("countryCode", at: \.countryCode)
            InputField("customerAccessToken", at: \.customerAccessToken)
            InputField("preferences", at: \.preferences)
        }
        Input(CartPreferencesInputArgument.self, as: "CartPreferencesInput") {
            InputField("delivery", at: \.delivery)
            InputField("wallet", at: \.wallet)
        }
        Input(CartDeliveryPreferenceInputArgument.self, as: "CartDeliveryPreferenceInput") {
            InputField("coordinates", at: \.coordinates)
            InputField("deliveryMethod", at: \.deliveryMethod)
            InputField("pickupHandle", at: \.pickupHandle)
        }
        Input(CartDeliveryCoordinatesPreferenceInputArgument.self, as: "CartDeliveryCoordinatesPreferenceInput") {
            InputField("countryCode", at: \.countryCode)
            InputField("latitude", at: \.latitude)
            InputField("longitude", at: \.longitude)
        }
        Input(CartInputArgument.self, as: "CartInput") {
            InputField("lines", at: \.lines)
            InputField("buyerIdentity", at: \.buyerIdentity)
            InputField("discountCodes", at: \.discountCodes)
            InputField("note", at: \.note)
            InputField("attributes", at: \.attributes)
            InputField("giftCardCodes", at: \.giftCardCodes)
            InputField("delivery", at: \.delivery)
            InputField("metafields", at: \.metafields)
        }
        Input(CartDeliveryInputArgument.self, as: "CartDeliveryInput") {
            InputField("addresses", at: \.addresses)
        }
    }

    @FieldDefinitions
    override var query: Fields {
        Field("cart", at: StorefrontResolver.cart) {
            Argument("id", at: \.id)
        }
    }

    @FieldDefinitions
    override var mutation: Fields {
        Field("cartCreate", at: StorefrontResolver.cartCreate) {
            Argument("input", at: \.input)
        }
        Field("cartLinesAdd", at: StorefrontResolver.cartLinesAdd) {
            Argument("cartId", at: \.cartId)
            Argument("lines", at: \.lines)
        }
        Field("cartLinesUpdate", at: StorefrontResolver.cartLinesUpdate) {
            Argument("cartId", at: \.cartId)
            Argument("lines", at: \.lines)
        }
        Field("cartLinesRemove", at: StorefrontResolver.cartLinesRemove) {
            Argument("cartId", at: \.cartId)
            Argument("lineIds", at: \.lineIds)
        }
        Field("cartBuyerIdentityUpdate", at: StorefrontResolver.cartBuyerIdentityUpdate) {
            Argument("cartId", at: \.cartId)
            Argument("buyerIdentity", at: \.buyerIdentity)
        }
        Field("cartDiscountCodesUpdate", at: StorefrontResolver.cartDiscountCodesUpdate) {
            Argument("cartId", at: \.cartId)
            Argument("discountCodes", at: \.discountCodes)
        }
        Field("cartNoteUpdate", at: StorefrontResolver.cartNoteUpdate) {
            Argument("cartId", at: \.cartId)
            Argument("note", at: \.note)
        }
    }

    /// Resolves `merchandise` on any cart line.
    private static let merchandise: AsyncResolve<any BaseCartLine, RequestContext, NoArguments, any Merchandise> = { line in
        { context, arguments in try await line.merchandise(context: context, arguments: arguments) }
    }
}

/// `<Mutation>Payload { cart userErrors warnings }` (read by closures, as in the generic connections).
func payloadType<Kind: CartMutationKind>(_ kind: Kind.Type, named name: String) -> SchemaType<CartMutationPayload<Kind>> {
    SchemaType(CartMutationPayload<Kind>.self, as: name) {
        keyField("cart", at: { $0.cart })
        keyField("userErrors", at: { $0.userErrors })
        keyField("warnings", at: { $0.warnings })
    }
}
