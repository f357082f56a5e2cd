import Foundation
import CustomerAccount
import Storefront
import Testing

/// An order's financial and fulfilment status as the Customer Account API names them, through the
/// account server's orders document; documents and kept orders without them still read.
struct OrderStatusTests {
    @Test func theStatusesTravelInTheOrdersDocument() throws {
        let order = CustomerOrder(id: "1001", name: "#1001", processedAt: Date(timeIntervalSince1970: 1_800_000_000),
                                  totalPrice: Money(amount: 12, currencyCode: "EUR"), lineItems: [.init(title: "Tote", quantity: 1)],
                                  financialStatus: "PAID", fulfillmentStatus: "UNFULFILLED")
        let data = try CustomerOrdersDocument.encoder.encode(CustomerOrdersDocument(orders: [order]))
        #expect(String(decoding: data, as: UTF8.self).contains(#""financialStatus":"PAID","fulfillmentStatus":"UNFULFILLED""#))
        #expect(try CustomerOrdersDocument.decoder.decode(CustomerOrdersDocument.self, from: data).orders == [order])
    }

    @Test func aDocumentWithoutThemReadsAsNotSaid() throws {
        let old = ##"{"orders":[{"id":"1","name":"#1","processedAt":"2027-01-15T08:00:00Z","totalPrice":{"amount":"5.00","currencyCode":"EUR"},"lineItems":[]}]}"##
        let orders = try CustomerOrdersDocument.decoder.decode(CustomerOrdersDocument.self, from: Data(old.utf8)).orders
        #expect(orders.count == 1 && orders[0].financialStatus == nil && orders[0].fulfillmentStatus == nil)
    }

    @Test func theyReadAsTheAPIDisplaysThem() {
        #expect(OrderStatus.summary(financial: "PAID", fulfillment: "UNFULFILLED") == "Paid · Unfulfilled")
        #expect(OrderStatus.summary(financial: "PARTIALLY_REFUNDED", fulfillment: nil) == "Partially refunded")
        #expect(OrderStatus.summary(financial: nil, fulfillment: "PENDING_FULFILLMENT") == "Pending fulfillment")
        #expect(OrderStatus.summary(financial: nil, fulfillment: nil) == nil)
    }
}
