import Foundation
import Graphiti
import Storefront

/// `Cart`, its lines (the `BaseCartLine` interface, the `Merchandise` union), costs, buyer identity,
/// user errors and warnings, the mutation payloads and inputs; `QueryRoot.cart` and the cart mutations.
final class CartSchema: PartialSchema<StorefrontResolver, RequestContext> {
    @TypeDefinitions
    override var types: Types {
        Type(Cart.self, interfaces: [NodeValue.self]) {
            Field("id", at: \.idValue)
            Field("checkoutUrl", at: \.checkoutUrlValue)
            Field("createdAt", at: \.createdAtValue)
            Field("updatedAt", at: \.updatedAtValue)
            Field("note", at: \.note)
            Field("attributes", at: \.attributes)
            Field("attribute", at: Cart.attribute) {
                Argument("key", at: \.key)
            }
            Field("buyerIdentity", at: \.buyerIdentity)
            Field("discountCodes", at: \.discountCodes)
            Field("cost", at: \.cost)
            Field("totalQuantity", at: \.totalQuantity)
            connectionField("lines", at: Cart.lines)
            Field("appliedGiftCards", at: \.appliedGiftCards)
            Field("discountAllocations", at: Cart.discountAllocations)
            Field("delivery", at: \.delivery)
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
            Field("id", at: \.idValue)
            Field("quantity", at: \.quantity)
            Field("attributes", at: \.attributes)
            Field("cost", at: \.cost)
            Field("discountAllocations", at: \.discountAllocations)
            Field("merchandise", at: Self.merchandise)
            Field("sellingPlanAllocation", at: \.sellingPlanAllocation)
        }
        Union(Merchandise.self, members: VariantNode.self)
        Type(CartLineNode.self, as: "CartLine", interfaces: [BaseCartLine.self, NodeValue.self]) { () -> [FieldComponent<CartLineNode, RequestContext>] in
            return cartLineFields(CartLineNode.self)
        }
        Type(ComponentizableCartLineNode.self, as: "ComponentizableCartLine", interfaces: [BaseCartLine.self, NodeValue.self]) {
            () -> [FieldComponent<ComponentizableCartLineNode, RequestContext>] in
            return cartLineFields(ComponentizableCartLineNode.self) + [Field("lineComponents", at: \.lineComponents)]
        }
        connectionType(CartLineConnection.self, named: "BaseCartLineConnection")
        edgeType(CartLineConnection.self, named: "BaseCartLineEdge")
        Type(CartLineCost.self) {
            Field("amountPerQuantity", at: \.amountPerQuantity)
            Field("compareAtAmountPerQuantity", at: \.compareAtAmountPerQuantity)
            Field("subtotalAmount", at: \.subtotalAmount)
            Field("totalAmount", at: \.totalAmount)
        }
        Type(CartCost.self) {
            Field("subtotalAmount", at: \.subtotalAmount)
            Field("subtotalAmountEstimated", at: \.subtotalAmountEstimated)
            Field("totalAmount", at: \.totalAmount)
            Field("totalAmountEstimated", at: \.totalAmountEstimated)
            Field("checkoutChargeAmount", at: \.checkoutChargeAmount)
            Field("totalTaxAmount", at: \.withdrawnAmount).deprecationReason(CartCost.withdrawn)
            Field("totalTaxAmountEstimated", at: \.withdrawnAmountEstimated).deprecationReason(CartCost.withdrawn)
            Field("totalDutyAmount", at: \.withdrawnAmount).deprecationReason(CartCost.withdrawn)
            Field("totalDutyAmountEstimated", at: \.withdrawnAmountEstimated).deprecationReason(CartCost.withdrawn)
        }
        Type(BuyerIdentity.self, as: "CartBuyerIdentity") {
            Field("email", at: \.email)
            Field("phone", at: \.phone)
            Field("countryCode", at: \.countryCodeValue)
            // Only a cart that carries the customer's access token knows them.
            Field("customer", at: \.customer)
            Field("preferences", at: \.preferences)
        }
        Enum(PreferenceDeliveryMethodType.self) {
            Value(.pickupPoint)
            Value(.pickUp)
            Value(.shipping)
        }
        Type(CartPreferences.self) {
            Field("delivery", at: \.delivery)
            Field("wallet", at: \.wallet)
        }
        Type(CartDeliveryPreference.self) {
            Field("coordinates", at: \.coordinates)
            Field("deliveryMethod", at: \.deliveryMethodValue)
            Field("pickupHandle", at: \.pickupHandle)
        }
        Type(CartDeliveryCoordinates.self, as: "CartDeliveryCoordinatesPreference") {
            Field("countryCode", at: \.countryCodeValue)
            Field("latitude", at: \.latitude)
            Field("longitude", at: \.longitude)
        }
        Type(Customer.self) {
            Field("id", at: \.idValue)
            Field("email", at: \.email)
            Field("firstName", at: \.firstName)
            Field("lastName", at: \.lastName)
            Field("displayName", at: \.displayName)
            Field("phone", at: \.phone)
            Field("defaultAddress", at: \.defaultAddress)
        }
        Type(MailingAddress.self, interfaces: [NodeValue.self]) {
            Field("address1", at: \.address1)
            Field("address2", at: \.address2)
            Field("city", at: \.city)
            Field("company", at: \.company)
            Field("country", at: \.country)
            Field("countryCode", at: \.countryCode)
            Field("countryCodeV2", at: \.countryCodeV2)
            Field("firstName", at: \.firstName)
            Field("formatted", at: MailingAddress.formatted) {
                Argument("withCompany", at: \.withCompany).defaultValue(true)
                Argument("withName", at: \.withName).defaultValue(false)
            }
            Field("formattedArea", at: \.formattedArea)
            Field("id", at: \.idValue)
            Field("lastName", at: \.lastName)
            Field("latitude", at: \.latitude)
            Field("longitude", at: \.longitude)
            Field("name", at: \.name)
            Field("phone", at: \.phone)
            Field("province", at: \.province)
            Field("provinceCode", at: \.zoneCode)
            Field("zip", at: \.postalCode)
        }
        Type(CartDiscountCode.self) {
            Field("code", at: \.code)
            Field("applicable", at: \.applicable)
        }
        Type(Attribute.self) {
            Field("key", at: \.key)
            Field("value", at: \.value)
        }
        Type(CartUserError.self) {
            Field("code", at: \.codeValue)
            Field("field", at: \.field)
            Field("message", at: \.message)
        }
        Type(CartWarning.self) {
            Field("code", at: \.codeValue)
            Field("message", at: \.message)
            Field("target", at: \.targetValue)
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

/// `<Mutation>Payload { cart userErrors warnings }`.
func payloadType<Kind: CartMutationKind>(_ kind: Kind.Type, named name: String) -> SchemaType<CartMutationPayload<Kind>> {
    SchemaType(CartMutationPayload<Kind>.self, as: name) {
        Field("cart", at: \.cart)
        Field("userErrors", at: \.userErrors)
        Field("warnings", at: \.warnings)
    }
}
