import Foundation
import Graphiti
import GraphQL
import Storefront

/// The Customer Account API's schema as `serve` answers it: the signed-in customer (names, e-mail,
/// phone, default and other addresses, orders), one order, and the profile and address mutations,
/// with the API's names and types. The customer comes from the request's access token, the orders
/// from the shop's ledger and the addresses from its customer directory (`AccountAuthority`).
///
/// Where it differs from the real API: only these fields are served (anything else is a validation
/// error, as an unknown field would be); `CountryCode`, `CurrencyCode` and `LanguageCode` are
/// scalars taking the API's values rather than enums; `customerAddressUpdate(defaultAddress:)`
/// has no written default (the API's is `null`; the library cannot write one); orders have no
/// fulfilments, discounts or returns yet. Subscriptions: `CustomerAccountSubscriptionTypes`.
enum CustomerAccountSchema {
    static let path = "/customer/api/\(GraphQLStorefront.apiVersion)/graphql"
    /// Built once, with the documents found valid against it.
    static let shared = Result { ServedAPI(schema: try make(), validated: ValidatedDocuments()) }

    static func make() throws -> GraphQLSchema {
        // The key-path fields are noted as the partial schemas declare them.
        try DirectFields.$collecting.withValue(DirectFields()) { try build() }
    }

    private static func build() throws -> GraphQLSchema {
        let built = try SchemaBuilder(StorefrontResolver.self, RequestContext.self)
            .setCoders(to: ArgumentCoders.make())
            .setQueryName(to: "QueryRoot")
            .setMutationName(to: "Mutation")
            .use(partials: [CustomerAccountTypes(), CustomerAccountRoots(), CustomerAccountSubscriptionTypes()])
            .build()
            .schema
        return try GraphQLSchema(query: built.queryType, mutation: built.mutationType,
                                 types: Array(built.typeMap.values).filter { !$0.name.hasPrefix("__") },
                                 directives: built.directives + [InContextDirective.make(in: built)])
            .notingServedFields()
            .notingNullListElements()
            .chargingExecutionBudget()
    }
}

final class CustomerAccountTypes: PartialSchema<StorefrontResolver, RequestContext> {
    @TypeDefinitions
    override var types: Types {
        Scalar(GraphID.self, as: IDScalar.name)
        Scalar(DecimalAmount.self, as: DecimalScalar.name)
        Scalar(DateTimeValue.self, as: DateTimeScalar.name)
        Scalar(URLValue.self, as: URLScalar.name)
        Scalar(CountryCode.self, as: CountryCodeScalar.name)
        Scalar(LanguageCode.self, as: LanguageCodeScalar.name)
        Scalar(CurrencyCode.self, as: CurrencyCodeScalar.name)
        Interface(NodeValue.self, as: "Node") {
            keyField("id", at: \.idValue)
        }
        Interface(DisplayableErrorValue.self, as: "DisplayableError") {
            keyField("field", at: \.field)
            keyField("message", at: \.message)
        }
        Enum(OrderSortKeys.self) {
            Value(.createdAt)
            Value(.id)
            Value(.orderNumber)
            Value(.processedAt)
            Value(.totalPrice)
            Value(.updatedAt)
        }
        Enum(OrderFinancialStatus.self) {
            Value(.authorized)
            Value(.expired)
            Value(.paid)
            Value(.partiallyPaid)
            Value(.partiallyRefunded)
            Value(.pending)
            Value(.refunded)
            Value(.voided)
        }
        Enum(OrderFulfillmentStatus.self) {
            Value(.fulfilled)
            Value(.inProgress)
            Value(.onHold)
            Value(.open)
            Value(.partiallyFulfilled)
            Value(.pendingFulfillment)
            Value(.readyForDelivery)
            Value(.readyForPickup)
            Value(.restocked)
            Value(.scheduled)
            Value(.unfulfilled)
        }
        Enum(CustomerAddressErrorCode.self, as: "UserErrorsCustomerAddressUserErrorsCode") {
            Value(.address1Missing)
            Value(.addressArgumentEmpty)
            Value(.addressIdDoesNotExist)
            Value(.containsHtmlTags)
            Value(.countryNotExist)
            Value(.customerAddressAlreadyExists)
            Value(.deletingCustomerDefaultAddressNotAllowed)
            Value(.demotingCustomerDefaultAddressNotAllowed)
            Value(.invalid)
            Value(.invalidForCountry)
            Value(.invalidForCountryAndProvince)
            Value(.invalidTerritoryCode)
            Value(.phoneNumberNotValid)
            Value(.required)
            Value(.territoryCodeMissing)
            Value(.tooLong)
            Value(.zoneCodeMissing)
        }
        Enum(CustomerErrorCode.self, as: "UserErrorsCustomerUserErrorsCode") {
            Value(.containsHtmlTags)
            Value(.containsUrl)
            Value(.customerDoesNotExist)
            Value(.customerInputArgumentEmpty)
            Value(.invalid)
            Value(.tooLong)
        }
        Type(AccountCustomerNode.self, as: "Customer", interfaces: [NodeValue.self]) {
            Field("addresses", at: AccountCustomerNode.addresses) {
                Argument("after", at: \.after)
                Argument("before", at: \.before)
                Argument("first", at: \.first)
                Argument("last", at: \.last)
                Argument("reverse", at: \.reverse).defaultValue(false)
                Argument("skipDefault", at: \.skipDefault).defaultValue(false)
            }
            keyField("defaultAddress", at: \.defaultAddress)
            keyField("displayName", at: \.displayName)
            keyField("emailAddress", at: \.emailAddress)
            keyField("firstName", at: \.firstName)
            keyField("id", at: \.idValue)
            keyField("lastName", at: \.lastName)
            Field("orders", at: AccountCustomerNode.orders) {
                Argument("after", at: \.after)
                Argument("before", at: \.before)
                Argument("first", at: \.first)
                Argument("last", at: \.last)
                Argument("query", at: \.query)
                Argument("reverse", at: \.reverse).defaultValue(false)
                Argument("sortKey", at: \.sortKey).defaultValue(.id)
            }
            keyField("phoneNumber", at: \.phoneNumber)
            Field("subscriptionContracts", at: AccountCustomerNode.subscriptionContracts) {
                Argument("after", at: \.after)
                Argument("before", at: \.before)
                Argument("first", at: \.first)
                Argument("last", at: \.last)
                Argument("query", at: \.query)
                Argument("reverse", at: \.reverse).defaultValue(false)
                Argument("sortKey", at: \.sortKey).defaultValue(.createdAt)
            }
            Field("subscriptionContract", at: AccountCustomerNode.subscriptionContract) {
                Argument("id", at: \.id)
            }
        }
        Type(CustomerEmailAddressNode.self, as: "CustomerEmailAddress") {
            keyField("emailAddress", at: \.emailAddress)
        }
        Type(CustomerPhoneNumberNode.self, as: "CustomerPhoneNumber") {
            keyField("phoneNumber", at: \.phoneNumber)
        }
        Type(CustomerAddressNode.self, as: "CustomerAddress", interfaces: [NodeValue.self]) {
            Field("address1", at: \.address1)
            Field("address2", at: \.address2)
            keyField("city", at: \.city)
            keyField("company", at: \.company)
            keyField("country", at: \.country)
            keyField("firstName", at: \.firstName)
            Field("formatted", at: CustomerAddressNode.formatted) {
                Argument("withCompany", at: \.withCompany).defaultValue(true)
                Argument("withName", at: \.withName).defaultValue(false)
            }
            keyField("formattedArea", at: \.formattedArea)
            keyField("id", at: \.idValue)
            keyField("lastName", at: \.lastName)
            keyField("name", at: \.name)
            keyField("phoneNumber", at: \.phoneNumber)
            keyField("province", at: \.zoneCode)
            keyField("territoryCode", at: \.territoryCode)
            keyField("zip", at: \.zip)
            keyField("zoneCode", at: \.zoneCode)
        }
        Type(AccountOrderNode.self, as: "Order", interfaces: [NodeValue.self]) {
            keyField("billingAddress", at: \.billingAddress)
            keyField("createdAt", at: \.processedAtValue)
            keyField("currencyCode", at: \.currencyCode)
            keyField("email", at: \.email)
            keyField("financialStatus", at: \.financialStatus)
            keyField("fulfillmentStatus", at: \.fulfillmentStatus)
            keyField("id", at: \.idValue)
            Field("lineItems", at: AccountOrderNode.lineItems) {
                Argument("after", at: \.after)
                Argument("before", at: \.before)
                Argument("first", at: \.first)
                Argument("last", at: \.last)
                Argument("reverse", at: \.reverse).defaultValue(false)
            }
            keyField("name", at: \.name)
            keyField("number", at: \.number)
            keyField("phone", at: \.phone)
            keyField("processedAt", at: \.processedAtValue)
            keyField("shippingAddress", at: \.shippingAddress)
            keyField("subtotal", at: \.subtotal)
            keyField("totalPrice", at: \.totalPrice)
            keyField("totalShipping", at: \.totalShipping)
            keyField("totalTax", at: \.totalTax)
        }
        Type(AccountLineItemNode.self, as: "LineItem", interfaces: [NodeValue.self]) {
            keyField("id", at: \.idValue)
            Field("image", at: AccountLineItemNode.image)
            keyField("name", at: \.name)
            keyField("price", at: \.price)
            keyField("productId", at: \.productId)
            keyField("quantity", at: \.quantity)
            keyField("title", at: \.title)
            keyField("totalPrice", at: \.totalPrice)
            keyField("variantId", at: \.variantId)
            keyField("variantTitle", at: \.variantTitle)
        }
        Type(ProductImage.self, as: "Image") {
            keyField("altText", at: \.altText)
            keyField("height", at: \.height)
            keyField("id", at: \.idValue)
            Field("url", at: ProductImage.url(context:arguments:)) {
                Argument("transform", at: \.transform)
            }
            keyField("width", at: \.width)
        }
        Input(ImageTransformInput.self) {
            InputField("crop", at: \.crop)
            InputField("maxHeight", at: \.maxHeight)
            InputField("maxWidth", at: \.maxWidth)
            InputField("preferredContentType", at: \.preferredContentType)
            InputField("scale", at: \.scale).defaultValue(1)
        }
        Enum(ImageContentType.self) {
            Value(.png)
            Value(.jpg)
            Value(.webp)
        }
        Enum(CropRegion.self) {
            Value(.center)
            Value(.top)
            Value(.bottom)
            Value(.left)
            Value(.right)
        }
        Type(Money.self, as: "MoneyV2") {
            keyField("amount", at: \.amountValue)
            keyField("currencyCode", at: \.currencyCodeValue)
        }
        Type(Storefront.PageInfo.self) {
            keyField("endCursor", at: \.endCursor)
            keyField("hasNextPage", at: \.hasNextPage)
            keyField("hasPreviousPage", at: \.hasPreviousPage)
            keyField("startCursor", at: \.startCursor)
        }
        connectionType(of: CustomerAddressNode.self, named: "CustomerAddressConnection")
        edgeType(of: CustomerAddressNode.self, named: "CustomerAddressEdge")
        connectionType(of: AccountOrderNode.self, named: "OrderConnection")
        edgeType(of: AccountOrderNode.self, named: "OrderEdge")
        connectionType(of: AccountLineItemNode.self, named: "LineItemConnection")
        edgeType(of: AccountLineItemNode.self, named: "LineItemEdge")
        Input(AddressInput.self, as: "CustomerAddressInput") {
            InputField("address1", at: \.address1)
            InputField("address2", at: \.address2)
            InputField("city", at: \.city)
            InputField("company", at: \.company)
            InputField("firstName", at: \.firstName)
            InputField("lastName", at: \.lastName)
            InputField("phoneNumber", at: \.phoneNumber)
            InputField("territoryCode", at: \.territoryCode)
            InputField("zip", at: \.zip)
            InputField("zoneCode", at: \.zoneCode)
        }
        Input(CustomerUpdateInput.self) {
            InputField("firstName", at: \.firstName)
            InputField("lastName", at: \.lastName)
        }
        Type(AddressUserError.self, as: "UserErrorsCustomerAddressUserErrors", interfaces: [DisplayableErrorValue.self]) {
            keyField("code", at: \.code)
            keyField("field", at: \.field)
            keyField("message", at: \.message)
        }
        Type(CustomerUserError.self, as: "UserErrorsCustomerUserErrors", interfaces: [DisplayableErrorValue.self]) {
            keyField("code", at: \.code)
            keyField("field", at: \.field)
            keyField("message", at: \.message)
        }
        Type(AddressPayload<AddressCreateKind>.self, as: "CustomerAddressCreatePayload") {
            keyField("customerAddress", at: \.customerAddress)
            keyField("userErrors", at: \.userErrors)
        }
        Type(AddressPayload<AddressUpdateKind>.self, as: "CustomerAddressUpdatePayload") {
            keyField("customerAddress", at: \.customerAddress)
            keyField("userErrors", at: \.userErrors)
        }
        Type(AddressDeletePayload.self, as: "CustomerAddressDeletePayload") {
            keyField("deletedAddressId", at: \.deletedAddressId)
            keyField("userErrors", at: \.userErrors)
        }
        Type(CustomerUpdatePayload.self) {
            keyField("customer", at: \.customer)
            keyField("userErrors", at: \.userErrors)
        }
    }
}

/// `customer`, `order(id:)` and the profile and address mutations.
final class CustomerAccountRoots: PartialSchema<StorefrontResolver, RequestContext> {
    @FieldDefinitions
    override var query: Fields {
        Field("customer", at: StorefrontResolver.accountCustomer)
        Field("order", at: StorefrontResolver.accountOrder) {
            Argument("id", at: \.id)
        }
    }

    @FieldDefinitions
    override var mutation: Fields {
        Field("customerAddressCreate", at: StorefrontResolver.customerAddressCreate) {
            Argument("address", at: \.address)
            Argument("defaultAddress", at: \.defaultAddress).defaultValue(false)
        }
        Field("customerAddressDelete", at: StorefrontResolver.customerAddressDelete) {
            Argument("addressId", at: \.addressId)
        }
        Field("customerAddressUpdate", at: StorefrontResolver.customerAddressUpdate) {
            Argument("address", at: \.address)
            Argument("addressId", at: \.addressId)
            Argument("defaultAddress", at: \.defaultAddress)
        }
        Field("customerUpdate", at: StorefrontResolver.customerUpdate) {
            Argument("input", at: \.input)
        }
    }
}
