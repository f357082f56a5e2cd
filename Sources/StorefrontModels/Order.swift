import Foundation

/// A postal address, with the fields both checkout and the customer account use (`MailingAddress`).
public struct MailingAddress: Hashable, Sendable, Codable {
    public var firstName: String?
    public var lastName: String?
    public var address1: String?
    public var address2: String?
    public var city: String?
    public var zoneCode: String?
    public var countryCode: String?
    public var postalCode: String?
    public var phone: String?
    public var company: String?

    public init(firstName: String? = nil, lastName: String? = nil, address1: String? = nil, address2: String? = nil,
                city: String? = nil, zoneCode: String? = nil, countryCode: String? = nil, postalCode: String? = nil,
                phone: String? = nil, company: String? = nil) {
        self.firstName = firstName; self.lastName = lastName; self.address1 = address1; self.address2 = address2
        self.city = city; self.zoneCode = zoneCode; self.countryCode = countryCode; self.postalCode = postalCode
        self.phone = phone; self.company = company
    }

    /// "First Last", or nil when neither is known.
    public var name: String? {
        let parts = [firstName, lastName].compactMap { $0 }.filter { !$0.isEmpty }
        return parts.isEmpty ? nil : parts.joined(separator: " ")
    }
}

/// One line of a placed order.
public struct OrderLineItem: Hashable, Sendable, Codable {
    public var title: String
    public var variantTitle: String
    public var quantity: Int
    public var price: Money
    public var merchandiseId: String
    public var productId: String
    /// The selling plan the line was bought on (its price is the plan's); nil bought once.
    public var sellingPlanId: String?
    public var sellingPlanName: String?

    public init(title: String, variantTitle: String, quantity: Int, price: Money, merchandiseId: String, productId: String,
                sellingPlanId: String? = nil, sellingPlanName: String? = nil) {
        self.title = title; self.variantTitle = variantTitle; self.quantity = quantity; self.price = price
        self.merchandiseId = merchandiseId; self.productId = productId
        self.sellingPlanId = sellingPlanId; self.sellingPlanName = sellingPlanName
    }
}

/// The payment that settled an order. Only what may be stored: brand, last four digits and the vault token.
public struct OrderPayment: Hashable, Sendable, Codable {
    public var type: String
    public var brand: String?
    public var lastFourDigits: String?
    public var vaultToken: String?
    public var amount: Money

    public init(type: String, brand: String?, lastFourDigits: String?, vaultToken: String?, amount: Money) {
        self.type = type; self.brand = brand; self.lastFourDigits = lastFourDigits; self.vaultToken = vaultToken
        self.amount = amount
    }
}

/// What a checkout sends the shop when the buyer pays: which cart, who buys it, where it goes,
/// how it ships and the vaulted card. Nothing in it is a price, a total, a currency or a quantity:
/// the shop builds the order from the cart it keeps and prices it itself.
public struct CheckoutCompletion: Hashable, Sendable, Codable {
    /// Completing twice with the same session creates one order: this key makes it idempotent.
    public var checkoutSessionId: String
    public var cartId: String
    public var email: String?
    public var phone: String?
    public var shippingAddress: MailingAddress?
    public var billingAddress: MailingAddress?
    /// The delivery option's handle (`standard`, `express`, `international`, …) for the address's
    /// country; nil takes the one selected on the cart, else the first.
    public var deliveryOptionHandle: String?
    public var payment: PaymentToken?

    public init(checkoutSessionId: String, cartId: String, email: String? = nil, phone: String? = nil,
                shippingAddress: MailingAddress? = nil, billingAddress: MailingAddress? = nil,
                deliveryOptionHandle: String? = nil, payment: PaymentToken? = nil) {
        self.checkoutSessionId = checkoutSessionId; self.cartId = cartId; self.email = email; self.phone = phone
        self.shippingAddress = shippingAddress; self.billingAddress = billingAddress
        self.deliveryOptionHandle = deliveryOptionHandle; self.payment = payment
    }

    /// The JSON keys a completion may carry; a body with any other key (an amount, a currency, a
    /// line) is refused before anything is read.
    public static let acceptedKeys: Set<String> = ["checkoutSessionId", "cartId", "email", "phone", "shippingAddress",
                                                   "billingAddress", "deliveryOptionHandle", "payment"]
}

/// A card the checkout's vault already took: what the order may keep of it, and no amount (the
/// shop charges what it priced).
public struct PaymentToken: Hashable, Sendable, Codable {
    public var vaultToken: String
    public var brand: String?
    public var lastFourDigits: String?

    public init(vaultToken: String, brand: String?, lastFourDigits: String?) {
        self.vaultToken = vaultToken; self.brand = brand; self.lastFourDigits = lastFourDigits
    }

    public static let acceptedKeys: Set<String> = ["vaultToken", "brand", "lastFourDigits"]
}

/// An order as the shop records it: built by the shop from the stored cart and priced by it.
public struct OrderDraft: Hashable, Sendable, Codable {
    /// Completing twice with the same session creates one order: this key makes it idempotent.
    public var checkoutSessionId: String
    public var cartId: String
    public var email: String?
    public var phone: String?
    public var lineItems: [OrderLineItem]
    public var subtotal: Money
    public var shipping: Money
    public var taxes: Money
    public var discounts: Money
    public var total: Money
    public var shippingAddress: MailingAddress?
    public var billingAddress: MailingAddress?
    public var shippingMethod: String?
    public var payment: OrderPayment?

    public init(checkoutSessionId: String, cartId: String, email: String?, phone: String?, lineItems: [OrderLineItem],
                subtotal: Money, shipping: Money, taxes: Money, discounts: Money, total: Money,
                shippingAddress: MailingAddress?, billingAddress: MailingAddress?, shippingMethod: String?,
                payment: OrderPayment?) {
        self.checkoutSessionId = checkoutSessionId; self.cartId = cartId; self.email = email; self.phone = phone
        self.lineItems = lineItems; self.subtotal = subtotal; self.shipping = shipping; self.taxes = taxes
        self.discounts = discounts; self.total = total; self.shippingAddress = shippingAddress
        self.billingAddress = billingAddress; self.shippingMethod = shippingMethod; self.payment = payment
    }
}

/// A placed order.
public struct Order: Hashable, Sendable, Codable, Identifiable {
    /// A numeric id, as the thank-you page's `order_id`.
    public var id: String
    /// The buyer-facing name, e.g. "#1001".
    public var name: String
    public var processedAt: Date
    public var draft: OrderDraft
    /// The customer the cart carried when the order was placed (their orders list it).
    public var customerId: String?
    /// What the cart's gift cards paid of the total, in order; the payment in `draft` paid the rest.
    /// Absent in orders placed before gift cards could pay.
    public var giftCardPayments: [GiftCardPayment]?
    /// The Customer Account API's `OrderFinancialStatus` ("PAID") and `OrderFulfillmentStatus`
    /// ("UNFULFILLED"); nil in an order kept before they were recorded.
    public var financialStatus: String?
    public var fulfillmentStatus: String?

    /// A checkout places an order once the payment is taken, and nothing ships it here: paid and
    /// unfulfilled, until something records otherwise.
    public init(id: String, name: String, processedAt: Date, draft: OrderDraft, customerId: String? = nil,
                giftCardPayments: [GiftCardPayment]? = nil,
                financialStatus: String? = OrderStatus.paid, fulfillmentStatus: String? = OrderStatus.unfulfilled) {
        self.id = id; self.name = name; self.processedAt = processedAt; self.draft = draft; self.customerId = customerId
        self.giftCardPayments = giftCardPayments
        self.financialStatus = financialStatus; self.fulfillmentStatus = fulfillmentStatus
    }
}

/// An order's status values as the Customer Account API names them, and how a shopper reads them.
public enum OrderStatus {
    public static let paid = "PAID"
    public static let unfulfilled = "UNFULFILLED"

    /// "PARTIALLY_PAID" as the API displays it: "Partially paid".
    public static func displayed(_ value: String) -> String {
        let words = value.lowercased().split(separator: "_").joined(separator: " ")
        return words.prefix(1).uppercased() + words.dropFirst()
    }

    /// "Paid · Unfulfilled", or nil when neither is known.
    public static func summary(financial: String?, fulfillment: String?) -> String? {
        let known = [financial, fulfillment].compactMap { $0 }.filter { !$0.isEmpty }
        return known.isEmpty ? nil : known.map(displayed).joined(separator: " · ")
    }
}

/// A gift card's part in paying an order: it comes off the card's balance.
public struct GiftCardPayment: Hashable, Sendable, Codable {
    /// The catalog's gift card (`AppliedGiftCard` id).
    public var giftCardId: String
    public var lastCharacters: String
    /// In the order's currency.
    public var amount: Money
    /// What left the card, in its own currency (the shop's), when the order was in another.
    public var cardAmount: Money?

    public init(giftCardId: String, lastCharacters: String, amount: Money, cardAmount: Money? = nil) {
        self.giftCardId = giftCardId; self.lastCharacters = lastCharacters; self.amount = amount; self.cardAmount = cardAmount
    }

    /// What left the card, in its own currency.
    public var spent: Money { cardAmount ?? amount }
}

/// Where a cart stands for checkout purposes.
public enum CartCheckoutState: String, Hashable, Sendable, Codable {
    case open, completed, expired
}

extension Order {
    /// Whether `customer`'s account lists this order: the shop recorded it for them, or it was
    /// placed as a guest with their e-mail address. The one rule for whose orders are whose, read
    /// by the Customer Account API, the account's orders and the simulator's books alike.
    public func isListed(for customer: Customer) -> Bool {
        if customerId == customer.id { return true }
        guard let email = customer.email, let placedWith = draft.email else { return false }
        return placedWith.caseInsensitiveCompare(email) == .orderedSame
    }
}
