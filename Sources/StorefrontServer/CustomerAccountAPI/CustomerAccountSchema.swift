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
            Field("id", at: \.idValue)
        }
        Interface(DisplayableErrorValue.self, as: "DisplayableError") {
            Field("field", at: \.field)
            Field("message", at: \.message)
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
            Field("defaultAddress", at: \.defaultAddress)
            Field("displayName", at: \.displayName)
            Field("emailAddress", at: \.emailAddress)
            Field("firstName", at: \.firstName)
            Field("id", at: \.idValue)
            Field("lastName", at: \.lastName)
            Field("orders", at: AccountCustomerNode.orders) {
                Argument("after", at: \.after)
                Argument("before", at: \.before)
                Argument("first", at: \.first)
                Argument("last", at: \.last)
                Argument("query", at: \.query)
                Argument("reverse", at: \.reverse).defaultValue(false)
                Argument("sortKey", at: \.sortKey).defaultValue(.id)
            }
            Field("phoneNumber", at: \.phoneNumber)
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
            Field("emailAddress", at: \.emailAddress)
        }
        Type(CustomerPhoneNumberNode.self, as: "CustomerPhoneNumber") {
            Field("phoneNumber", at: \.phoneNumber)
        }
        Type(CustomerAddressNode.self, as: "CustomerAddress", interfaces: [NodeValue.self]) {
            Field("address1", at: \.address1)
            Field("address2", at: \.address2)
            Field("city", at: \.city)
            Field("company", at: \.company)
            Field("country", at: \.country)
            Field("firstName", at: \.firstName)
            Field("formatted", at: CustomerAddressNode.formatted) {
                Argument("withCompany", at: \.withCompany).defaultValue(true)
                Argument("withName", at: \.withName).defaultValue(false)
            }
            Field("formattedArea", at: \.formattedArea)
            Field("id", at: \.idValue)
            Field("lastName", at: \.lastName)
            Field("name", at: \.name)
            Field("phoneNumber", at: \.phoneNumber)
            Field("province", at: \.zoneCode)
            Field("territoryCode", at: \.territoryCode)
            Field("zip", at: \.zip)
            Field("zoneCode", at: \.zoneCode)
        }
        Type(AccountOrderNode.self, as: "Order", interfaces: [NodeValue.self]) {
            Field("billingAddress", at: \.billingAddress)
            Field("createdAt", at: \.processedAtValue)
            Field("currencyCode", at: \.currencyCode)
            Field("email", at: \.email)
            Field("financialStatus", at: \.financialStatus)
            Field("fulfillmentStatus", at: \.fulfillmentStatus)
            Field("id", at: \.idValue)
            Field("lineItems", at: AccountOrderNode.lineItems) {
                Argument("after", at: \.after)
                Argument("before", at: \.before)
                Argument("first", at: \.first)
                Argument("last", at: \.last)
                Argument("reverse", at: \.reverse).defaultValue(false)
            }
            Field("name", at: \.name)
            Field("number", at: \.number)
            Field("phone", at: \.phone)
            Field("processedAt", at: \.processedAtValue)
            Field("shippingAddress", at: \.shippingAddress)
            Field("subtotal", at: \.subtotal)
            Field("totalPrice", at: \.totalPrice)
            Field("totalShipping", at: \.totalShipping)
            Field("totalTax", at: \.totalTax)
        }
        Type(AccountLineItemNode.self, as: "LineItem", interfaces: [NodeValue.self]) {
            Field("id", at: \.idValue)
            Field("image", at: AccountLineItemNode.image)
            Field("name", at: \.name)
            Field("price", at: \.price)
            Field("productId", at: \.productId)
            Field("quantity", at: \.quantity)
            Field("title", at: \.title)
            Field("totalPrice", at: \.totalPrice)
            Field("variantId", at: \.variantId)
            Field("variantTitle", at: \.variantTitle)
        }
        Type(ProductImage.self, as: "Image") {
            Field("altText", at: \.altText)
            Field("height", at: \.height)
            Field("id", at: \.idValue)
            Field("url", at: ProductImage.url(context:arguments:)) {
                Argument("transform", at: \.transform)
            }
            Field("width", at: \.width)
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
            Field("amount", at: \.amountValue)
            Field("currencyCode", at: \.currencyCodeValue)
        }
        Type(Storefront.PageInfo.self) {
            Field("endCursor", at: \.endCursor)
            Field("hasNextPage", at: \.hasNextPage)
            Field("hasPreviousPage", at: \.hasPreviousPage)
            Field("startCursor", at: \.startCursor)
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
            Field("code", at: \.code)
            Field("field", at: \.field)
            Field("message", at: \.message)
        }
        Type(CustomerUserError.self, as: "UserErrorsCustomerUserErrors", interfaces: [DisplayableErrorValue.self]) {
            Field("code", at: \.code)
            Field("field", at: \.field)
            Field("message", at: \.message)
        }
        Type(AddressPayload<AddressCreateKind>.self, as: "CustomerAddressCreatePayload") {
            Field("customerAddress", at: \.customerAddress)
            Field("userErrors", at: \.userErrors)
        }
        Type(AddressPayload<AddressUpdateKind>.self, as: "CustomerAddressUpdatePayload") {
            Field("customerAddress", at: \.customerAddress)
            Field("userErrors", at: \.userErrors)
        }
        Type(AddressDeletePayload.self, as: "CustomerAddressDeletePayload") {
            Field("deletedAddressId", at: \.deletedAddressId)
            Field("userErrors", at: \.userErrors)
        }
        Type(CustomerUpdatePayload.self) {
            Field("customer", at: \.customer)
            Field("userErrors", at: \.userErrors)
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
