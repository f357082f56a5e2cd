import Foundation
import Storefront

/// The app's side of the Customer Account API: where it is (the shop's
/// `/.well-known/customer-account-api` document, beside the OpenID configuration) and the
/// operations of `CustomerAccountOperation`, sent with the customer's access token.
extension AccountServerClient {
    /// The most orders "Your orders" reads (pages of `ordersPageSize`).
    public static let maximumOrders = 250
    static let ordersPageSize = 50

    /// `graphql_api` of `{issuer}/.well-known/customer-account-api`.
    public func customerAccountAPI(issuer: URL) async throws -> URL {
        var text = issuer.absoluteString
        while text.hasSuffix("/") { text.removeLast() }
        guard let url = URL(string: text + "/.well-known/customer-account-api") else { throw AccountError.invalidSetting("\(text) is not a URL.") }
        let response = try await send(TransportRequest(url: url, method: "GET", headers: Self.acceptJSON, body: Data()))
        let document: CustomerAccountAPIDocument = try decode(response, from: url)
        guard AccountServerMetadata.isSecure(document.graphqlAPI) else { throw AccountError.insecureEndpoint(document.graphqlAPI.absoluteString) }
        return document.graphqlAPI
    }

    /// The customer's orders, newest first (`CustomerOrders`, page after page up to `maximumOrders`).
    public func orders(accessToken: SecretToken, api: URL) async throws -> [CustomerOrder] {
        var orders: [CustomerOrder] = []
        var cursor: String?
        repeat {
            var variables: [String: Any] = ["first": Self.ordersPageSize]
            if let cursor { variables["endCursor"] = cursor }
            let data: OrdersData = try await run(.customerOrders, variables, accessToken: accessToken, api: api)
            let page = data.customer.orders
            orders += try page.nodes.map { try $0.order.sanitized() }
            cursor = page.pageInfo.hasNextPage ? page.pageInfo.endCursor : nil
        } while cursor != nil && orders.count < Self.maximumOrders
        return Array(orders.prefix(Self.maximumOrders))
    }

    /// Who the customer is, as the shop keeps them now (`CustomerDetails`): names, e-mail, phone and
    /// the default address, whatever the login's ID token said when it was issued.
    public func customerDetails(accessToken: SecretToken, api: URL) async throws -> Customer {
        let data: CustomerDetailsData = try await run(.customerDetails, [:], accessToken: accessToken, api: api)
        return data.customer.customer
    }

    /// Sends an operation with the customer's token (bare in `Authorization`, as the API takes it)
    /// and decodes its `data`; GraphQL errors, a refused token or an answer of another shape are errors.
    func run<Answer: Decodable>(_ operation: CustomerAccountOperation, _ variables: [String: Any], accessToken: SecretToken,
                                api: URL) async throws -> Answer {
        let body = try JSONSerialization.data(withJSONObject: ["query": operation.document, "operationName": operation.name,
                                                              "variables": variables])
        let response = try await send(TransportRequest(url: api, method: "POST",
                                                  headers: Self.acceptJSON + [("Content-Type", "application/json"),
                                                                              ("Authorization", accessToken.rawValue)],
                                                  body: body))
        if response.status == 401 { throw AccountError.loginRequired(reason: "the Customer Account API refused the access token") }
        let answer: GraphQLAnswer<Answer> = try decode(response, from: api)
        if let error = answer.errors?.first {
            throw AccountError.invalidResponse(endpoint: api.absoluteString, message: TextSanitizer.cleanLine(error.message))
        }
        guard let data = answer.data else { throw AccountError.invalidResponse(endpoint: api.absoluteString, message: "no data") }
        return data
    }
}

/// `/.well-known/customer-account-api`.
struct CustomerAccountAPIDocument: Decodable {
    var graphqlAPI: URL
    enum CodingKeys: String, CodingKey { case graphqlAPI = "graphql_api" }
}

struct GraphQLAnswer<Answer: Decodable>: Decodable {
    struct Problem: Decodable { var message: String }
    var data: Answer?
    var errors: [Problem]?
}

/// `CustomerDetails`' answer.
struct CustomerDetailsData: Decodable {
    struct Email: Decodable { var emailAddress: String? }
    struct Phone: Decodable { var phoneNumber: String? }
    struct Address: Decodable {
        var firstName: String?
        var lastName: String?
        var address1: String?
        var address2: String?
        var city: String?
        var zoneCode: String?
        var territoryCode: String?
        var zip: String?
        var phoneNumber: String?
    }
    struct Details: Decodable {
        var id: String
        var firstName: String?
        var lastName: String?
        var emailAddress: Email?
        var phoneNumber: Phone?
        var defaultAddress: Address?

        /// Sanitised here, where the data enters the app.
        var customer: Storefront.Customer {
            let address = defaultAddress.map {
                MailingAddress(firstName: $0.firstName, lastName: $0.lastName, address1: $0.address1, address2: $0.address2,
                               city: $0.city, zoneCode: $0.zoneCode, countryCode: $0.territoryCode, postalCode: $0.zip,
                               phone: $0.phoneNumber)
            }
            return Storefront.Customer(id: id, email: emailAddress?.emailAddress, firstName: firstName, lastName: lastName,
                                       phone: phoneNumber?.phoneNumber, defaultAddress: address).sanitized()
        }
    }
    var customer: Details
}

/// `CustomerOrders`' answer.
struct OrdersData: Decodable {
    struct Customer: Decodable { var orders: Connection }
    struct Connection: Decodable {
        var nodes: [Node]
        var pageInfo: PageInfo
    }
    struct PageInfo: Decodable {
        var hasNextPage: Bool
        var endCursor: String?
    }
    struct Money: Decodable {
        var amount: String
        var currencyCode: String
    }
    struct Line: Decodable {
        var title: String
        var quantity: Int
    }
    struct Lines: Decodable { var nodes: [Line] }
    struct Node: Decodable {
        var id: String
        var name: String
        var processedAt: String
        var financialStatus: String?
        var fulfillmentStatus: String?
        var totalPrice: Money
        var lineItems: Lines

        var order: CustomerOrder {
            get throws {
                guard let date = try? Date(processedAt, strategy: .iso8601) else {
                    throw AccountError.invalidResponse(endpoint: "orders", message: "processedAt \(processedAt) is not a date")
                }
                guard let total = Storefront.Money(totalPrice.amount, currencyCode: totalPrice.currencyCode) else {
                    throw AccountError.invalidResponse(endpoint: "orders", message: "totalPrice \(totalPrice.amount) is not an amount")
                }
                return CustomerOrder(id: id, name: name, processedAt: date, totalPrice: total,
                                     lineItems: lineItems.nodes.map { CustomerOrder.LineItem(title: $0.title, quantity: $0.quantity) },
                                     financialStatus: financialStatus, fulfillmentStatus: fulfillmentStatus)
            }
        }
    }
    var customer: Customer
}
