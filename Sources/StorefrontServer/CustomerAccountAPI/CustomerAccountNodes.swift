import Foundation
import Graphiti
import Storefront

// The Customer Account API's objects over the shop's books: the customer from the directory, their
// addresses from its address book, their orders from the ledger.

/// `DisplayableError`: a user error with the input field it concerns.
protocol DisplayableErrorValue: Sendable {
    var field: [String]? { get }
    var message: String { get }
}

/// Who a Customer Account API request is for: the access token it came with, and the directory
/// that resolves it (asked again by each field, so a mutation's changes are read back).
struct CustomerAccountSession: Sendable {
    let authority: AccountAuthority
    let accessToken: String

    func customer() async throws -> Customer {
        guard let customer = await authority.customer(for: accessToken) else { throw CustomerAccountUnauthorized() }
        return customer
    }
}

/// The token stopped being valid during the request (revoked, or expired).
struct CustomerAccountUnauthorized: Error, CustomStringConvertible {
    var description: String { "The access token is not valid (expired or revoked)." }
}

enum OrderSortKeys: String, Codable, Sendable, CaseIterable {
    case createdAt = "CREATED_AT", id = "ID", orderNumber = "ORDER_NUMBER", processedAt = "PROCESSED_AT", totalPrice = "TOTAL_PRICE", updatedAt = "UPDATED_AT"
}

enum OrderFinancialStatus: String, Codable, Sendable, CaseIterable {
    case authorized = "AUTHORIZED", expired = "EXPIRED", paid = "PAID", partiallyPaid = "PARTIALLY_PAID", partiallyRefunded = "PARTIALLY_REFUNDED", pending = "PENDING", refunded = "REFUNDED", voided = "VOIDED"
}

enum OrderFulfillmentStatus: String, Codable, Sendable, CaseIterable {
    case fulfilled = "FULFILLED", inProgress = "IN_PROGRESS", onHold = "ON_HOLD", open = "OPEN", partiallyFulfilled = "PARTIALLY_FULFILLED", pendingFulfillment = "PENDING_FULFILLMENT", readyForDelivery = "READY_FOR_DELIVERY", readyForPickup = "READY_FOR_PICKUP", restocked = "RESTOCKED", scheduled = "SCHEDULED", unfulfilled = "UNFULFILLED"
}

enum CustomerAddressErrorCode: String, Codable, Sendable, CaseIterable {
    case address1Missing = "ADDRESS1_MISSING", addressArgumentEmpty = "ADDRESS_ARGUMENT_EMPTY", addressIdDoesNotExist = "ADDRESS_ID_DOES_NOT_EXIST", containsHtmlTags = "CONTAINS_HTML_TAGS", countryNotExist = "COUNTRY_NOT_EXIST", customerAddressAlreadyExists = "CUSTOMER_ADDRESS_ALREADY_EXISTS", deletingCustomerDefaultAddressNotAllowed = "DELETING_CUSTOMER_DEFAULT_ADDRESS_NOT_ALLOWED", demotingCustomerDefaultAddressNotAllowed = "DEMOTING_CUSTOMER_DEFAULT_ADDRESS_NOT_ALLOWED", invalid = "INVALID", invalidForCountry = "INVALID_FOR_COUNTRY", invalidForCountryAndProvince = "INVALID_FOR_COUNTRY_AND_PROVINCE", invalidTerritoryCode = "INVALID_TERRITORY_CODE", phoneNumberNotValid = "PHONE_NUMBER_NOT_VALID", required = "REQUIRED", territoryCodeMissing = "TERRITORY_CODE_MISSING", tooLong = "TOO_LONG", zoneCodeMissing = "ZONE_CODE_MISSING"
}

enum CustomerErrorCode: String, Codable, Sendable, CaseIterable {
    case containsHtmlTags = "CONTAINS_HTML_TAGS", containsUrl = "CONTAINS_URL", customerDoesNotExist = "CUSTOMER_DOES_NOT_EXIST", customerInputArgumentEmpty = "CUSTOMER_INPUT_ARGUMENT_EMPTY", invalid = "INVALID", tooLong = "TOO_LONG"
}

/// `Customer`.
struct AccountCustomerNode: NodeValue {
    var customer: Customer
    var book: CustomerAddressBook

    var idValue: GraphID { GraphID(unchecked: customer.id) }
    var firstName: String? { customer.firstName }
    var lastName: String? { customer.lastName }
    var displayName: String { customer.displayName }
    var emailAddress: CustomerEmailAddressNode? { customer.email.map(CustomerEmailAddressNode.init) }
    var phoneNumber: CustomerPhoneNumberNode? { customer.phone.map(CustomerPhoneNumberNode.init) }
    var defaultAddress: CustomerAddressNode? { book.defaultEntry.map(CustomerAddressNode.init) }

    func addresses(context: RequestContext, arguments: AddressesArguments) throws -> Page<CustomerAddressNode> {
        let entries = arguments.skipDefault == true ? book.entries.filter { $0.id != book.defaultId } : book.entries
        return try ListPager.page(entries.map(CustomerAddressNode.init), arguments, reverse: arguments.reverse ?? false,
                                  listing: "addresses")
    }

    /// The customer's orders in the ledger, by `sortKey` (`ID` by default, as in the API), those
    /// matching `query` only.
    func orders(context: RequestContext, arguments: OrdersArguments) async throws -> Page<AccountOrderNode> {
        guard let session = context.customer else { throw CustomerAccountUnauthorized() }
        let query = try OrderQuery(arguments.query)
        let orders = try await session.authority.orders(of: customer).filter(query.matches)
        let sorted = orders.sorted(by: (arguments.sortKey ?? .id).ordersInIncreasingOrder)
        return try ListPager.page(sorted.map(AccountOrderNode.init), arguments, reverse: arguments.reverse ?? false,
                                  listing: "orders.\((arguments.sortKey ?? .id).rawValue)")
    }
}

struct CustomerEmailAddressNode: Sendable {
    var emailAddress: String?
}

struct CustomerPhoneNumberNode: Sendable {
    var phoneNumber: String
}

struct AddressesArguments: PagingArguments {
    var first: Int?
    var after: String?
    var last: Int?
    var before: String?
    var reverse: Bool?
    var skipDefault: Bool?
}

struct OrdersArguments: PagingArguments {
    var first: Int?
    var after: String?
    var last: Int?
    var before: String?
    var query: String?
    var reverse: Bool?
    var sortKey: OrderSortKeys?
}

extension OrderSortKeys {
    /// Oldest, lowest or cheapest first; ties by number.
    func ordersInIncreasingOrder(_ a: Order, _ b: Order) -> Bool {
        switch self {
        case .createdAt, .processedAt, .updatedAt:
            if a.processedAt != b.processedAt { return a.processedAt < b.processedAt }
        case .totalPrice:
            if a.draft.total.amount != b.draft.total.amount { return a.draft.total.amount < b.draft.total.amount }
        case .id, .orderNumber: break
        }
        return AccountOrderNode.number(of: a) < AccountOrderNode.number(of: b)
    }
}

/// `Customer.orders(query:)`: terms that all must match; `name:`, `order_number:` and
/// `confirmation_number:` match the order's name or number, a bare term also a line's title.
struct OrderQuery {
    static let maximumLength = 1_000
    private var terms: [(key: String?, value: String)] = []

    init(_ text: String?) throws {
        guard let text else { return }
        guard text.utf8.count <= Self.maximumLength else {
            throw StorefrontError.invalidArgument("The query is longer than \(Self.maximumLength) bytes.")
        }
        for word in text.split(whereSeparator: \.isWhitespace) {
            let parts = word.split(separator: ":", maxSplits: 1).map(String.init)
            if parts.count == 2 {
                guard ["name", "order_number", "confirmation_number"].contains(parts[0].lowercased()) else {
                    throw StorefrontError.invalidArgument("Orders are searched by name, order_number or confirmation_number, not \(parts[0]).")
                }
                terms.append((parts[0].lowercased(), parts[1]))
            } else {
                terms.append((nil, String(word)))
            }
        }
    }

    func matches(_ order: Order) -> Bool {
        terms.allSatisfy { term in
            let value = term.value.hasPrefix("#") ? String(term.value.dropFirst()) : term.value
            let number = String(AccountOrderNode.number(of: order))
            if number == value || order.name.caseInsensitiveCompare(term.value) == .orderedSame { return true }
            guard term.key == nil else { return false }
            return order.draft.lineItems.contains { $0.title.localizedCaseInsensitiveContains(term.value) }
        }
    }
}

/// `CustomerAddress`: an address of the customer's book (or an order's, numbered after the order).
struct CustomerAddressNode: NodeValue, Hashable, Codable {
    var id: String
    var address: MailingAddress

    init(_ entry: CustomerAddressBook.Entry) { id = entry.id; address = entry.address }
    init(id: String, address: MailingAddress) { self.id = id; self.address = address }

    private var label: CartDeliveryAddressNode { CartDeliveryAddressNode(address: address) }
    var idValue: GraphID { GraphID(unchecked: id) }
    var address1: String? { address.address1 }
    var address2: String? { address.address2 }
    var city: String? { address.city }
    var company: String? { address.company }
    var country: String? { label.country }
    var firstName: String? { address.firstName }
    var lastName: String? { address.lastName }
    var name: String? { address.name }
    var phoneNumber: String? { address.phone }
    var territoryCode: CountryCode? { address.countryCode.map(CountryCode.init(unchecked:)) }
    var zip: String? { address.postalCode }
    var zoneCode: String? { address.zoneCode }
    var formattedArea: String? { label.formattedArea }

    func formatted(context: RequestContext, arguments: FormattedArguments) -> [String] {
        label.formatted(context: context, arguments: arguments)
    }
}

/// `Order`: an order of the shop's ledger.
struct AccountOrderNode: NodeValue, Hashable, Codable {
    static let idPrefix = "gid://shopify/Order/"
    var order: Order

    /// The order's number: its id, which the ledger gives in sequence ("1001").
    static func number(of order: Order) -> Int { Int(order.id) ?? Int(order.name.filter(\.isNumber)) ?? 0 }

    var idValue: GraphID { GraphID(unchecked: Self.idPrefix + order.id) }
    var name: String { order.name }
    var number: Int { Self.number(of: order) }
    var processedAtValue: DateTimeValue { DateTimeValue(order.processedAt) }
    var currencyCode: CurrencyCode { order.draft.total.currencyCodeValue }
    var email: String? { order.draft.email }
    var phone: String? { order.draft.phone }
    var financialStatus: OrderFinancialStatus? { order.financialStatus.flatMap(OrderFinancialStatus.init(rawValue:)) }
    /// Nothing ships an order here unless the ledger says so.
    var fulfillmentStatus: OrderFulfillmentStatus {
        order.fulfillmentStatus.flatMap(OrderFulfillmentStatus.init(rawValue:)) ?? .unfulfilled
    }
    var subtotal: Money? { order.draft.subtotal }
    var totalShipping: Money { order.draft.shipping }
    var totalTax: Money? { order.draft.taxes }
    var totalPrice: Money { order.draft.total }
    var shippingAddress: CustomerAddressNode? {
        order.draft.shippingAddress.map { CustomerAddressNode(id: CustomerAddressBook.idPrefix + "order-\(order.id)-shipping", address: $0) }
    }
    var billingAddress: CustomerAddressNode? {
        order.draft.billingAddress.map { CustomerAddressNode(id: CustomerAddressBook.idPrefix + "order-\(order.id)-billing", address: $0) }
    }

    func lineItems(context: RequestContext, arguments: ConnectionArguments) throws -> Page<AccountLineItemNode> {
        let lines = order.draft.lineItems.enumerated().map { AccountLineItemNode(orderId: order.id, position: $0.offset + 1, line: $0.element) }
        return try ListPager.page(lines, arguments, reverse: arguments.reverse ?? false, listing: "line-items")
    }
}

/// `LineItem`: a line of an order, with the picture of what was bought.
struct AccountLineItemNode: NodeValue, Hashable, Codable {
    var orderId: String
    var position: Int
    var line: OrderLineItem

    var idValue: GraphID { GraphID(unchecked: "gid://shopify/LineItem/\(orderId)-\(position)") }
    var title: String { line.title }
    var variantTitle: String? { line.variantTitle.isEmpty || line.variantTitle == "Default Title" ? nil : line.variantTitle }
    /// The title and the variant's, as the API names a line ("Tea - 250 g").
    var name: String { variantTitle.map { "\(line.title) - \($0)" } ?? line.title }
    var quantity: Int { line.quantity }
    var price: Money? { line.price }
    var totalPrice: Money? { line.price * line.quantity }
    var productId: GraphID? { line.productId.isEmpty ? nil : GraphID(unchecked: line.productId) }
    var variantId: GraphID? { line.merchandiseId.isEmpty ? nil : GraphID(unchecked: line.merchandiseId) }

    /// The variant's picture, else the product's; nil for a product no longer in the catalog.
    func image(context: RequestContext, arguments: NoArguments) async throws -> ProductImage? {
        guard !line.productId.isEmpty, let product = try await context.storefront.product(id: line.productId) else { return nil }
        return product.variants.first { $0.id == line.merchandiseId }?.image ?? product.images.first
    }
}

/// `CustomerAddressInput` of the update, the create and the delete.
struct AddressCreateArguments: Decodable, Sendable {
    var address: AddressInput
    var defaultAddress: Bool?
}

struct AddressUpdateArguments: Decodable, Sendable {
    var address: AddressInput?
    var addressId: GraphID
    var defaultAddress: Bool?
}

struct AddressDeleteArguments: Decodable, Sendable {
    var addressId: GraphID
}

struct CustomerUpdateInput: Decodable, Sendable {
    var firstName: String?
    var lastName: String?
}

struct CustomerUpdateArguments: Decodable, Sendable {
    var input: CustomerUpdateInput
}

struct AddressUserError: DisplayableErrorValue {
    var code: CustomerAddressErrorCode?
    var field: [String]?
    var message: String
}

struct CustomerUserError: DisplayableErrorValue {
    var code: CustomerErrorCode?
    var field: [String]?
    var message: String
}

enum AddressCreateKind {}
enum AddressUpdateKind {}

struct AddressPayload<Kind>: Sendable {
    var customerAddress: CustomerAddressNode?
    var userErrors: [AddressUserError]
}

struct AddressDeletePayload: Sendable {
    var deletedAddressId: GraphID?
    var userErrors: [AddressUserError]
}

struct CustomerUpdatePayload: Sendable {
    var customer: AccountCustomerNode?
    var userErrors: [CustomerUserError]
}

extension StorefrontResolver {
    private func session(_ context: RequestContext) throws -> CustomerAccountSession {
        guard let session = context.customer else { throw CustomerAccountUnauthorized() }
        return session
    }

    private func node(of customer: Customer, in session: CustomerAccountSession) async -> AccountCustomerNode {
        AccountCustomerNode(customer: customer, book: await session.authority.addressBook(of: customer))
    }

    func accountCustomer(context: RequestContext, arguments: NoArguments) async throws -> AccountCustomerNode {
        let session = try session(context)
        return await node(of: try await session.customer(), in: session)
    }

    /// One of the customer's orders; null for an id of anything else.
    func accountOrder(context: RequestContext, arguments: IDArguments) async throws -> AccountOrderNode? {
        let session = try session(context)
        let id = arguments.id.text
        guard id.hasPrefix(AccountOrderNode.idPrefix) else { return nil }
        let orders = try await session.authority.orders(of: try await session.customer())
        return orders.first { AccountOrderNode.idPrefix + $0.id == id }.map(AccountOrderNode.init)
    }

    func customerAddressCreate(context: RequestContext, arguments: AddressCreateArguments) async throws -> AddressPayload<AddressCreateKind>? {
        let session = try session(context)
        switch await session.authority.createAddress(for: try await session.customer(), arguments.address,
                                                     makeDefault: arguments.defaultAddress ?? false) {
        case .done(let entry): return AddressPayload(customerAddress: CustomerAddressNode(entry), userErrors: [])
        case .refused(let code, let field, let message):
            return AddressPayload(customerAddress: nil, userErrors: [AddressUserError(code: CustomerAddressErrorCode(rawValue: code),
                                                                                      field: field, message: message)])
        }
    }

    func customerAddressUpdate(context: RequestContext, arguments: AddressUpdateArguments) async throws -> AddressPayload<AddressUpdateKind>? {
        let session = try session(context)
        switch await session.authority.updateAddress(of: try await session.customer(), id: arguments.addressId.text, arguments.address,
                                                     makeDefault: arguments.defaultAddress) {
        case .done(let entry): return AddressPayload(customerAddress: CustomerAddressNode(entry), userErrors: [])
        case .refused(let code, let field, let message):
            return AddressPayload(customerAddress: nil, userErrors: [AddressUserError(code: CustomerAddressErrorCode(rawValue: code),
                                                                                      field: field, message: message)])
        }
    }

    func customerAddressDelete(context: RequestContext, arguments: AddressDeleteArguments) async throws -> AddressDeletePayload? {
        let session = try session(context)
        switch await session.authority.deleteAddress(of: try await session.customer(), id: arguments.addressId.text) {
        case .done(let id): return AddressDeletePayload(deletedAddressId: GraphID(unchecked: id), userErrors: [])
        case .refused(let code, let field, let message):
            return AddressDeletePayload(deletedAddressId: nil, userErrors: [AddressUserError(code: CustomerAddressErrorCode(rawValue: code),
                                                                                             field: field, message: message)])
        }
    }

    func customerUpdate(context: RequestContext, arguments: CustomerUpdateArguments) async throws -> CustomerUpdatePayload? {
        let session = try session(context)
        switch await session.authority.updateName(of: try await session.customer(), firstName: arguments.input.firstName,
                                                  lastName: arguments.input.lastName) {
        case .done(let customer): return CustomerUpdatePayload(customer: await node(of: customer, in: session), userErrors: [])
        case .refused(let code, let field, let message):
            return CustomerUpdatePayload(customer: nil, userErrors: [CustomerUserError(code: CustomerErrorCode(rawValue: code),
                                                                                       field: field, message: message)])
        }
    }
}
