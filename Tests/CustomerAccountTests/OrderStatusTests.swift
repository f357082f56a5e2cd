import Foundation
import CustomerAccount
import Storefront
import Testing

/// An order's financial and fulfilment status as the Customer Account API names them.
struct OrderStatusTests {

    @Test func theyReadAsTheAPIDisplaysThem() {
        #expect(OrderStatus.summary(financial: "PAID", fulfillment: "UNFULFILLED") == "Paid · Unfulfilled")
        #expect(OrderStatus.summary(financial: "PARTIALLY_REFUNDED", fulfillment: nil) == "Partially refunded")
        #expect(OrderStatus.summary(financial: nil, fulfillment: "PENDING_FULFILLMENT") == "Pending fulfillment")
        #expect(OrderStatus.summary(financial: nil, fulfillment: nil) == nil)
    }
}
