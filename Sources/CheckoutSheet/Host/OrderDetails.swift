import Storefront

/// `orderDetails` of a `completed` message (protocol 8.1). Only `id` is required on the wire.
public struct OrderDetails: Hashable, Sendable {
    public struct Address: Hashable, Sendable {
        public var address1, address2, city, countryCode, firstName, lastName, name, phone, postalCode, zoneCode: String?
        public init(address1: String? = nil, address2: String? = nil, city: String? = nil, countryCode: String? = nil,
                    firstName: String? = nil, lastName: String? = nil, name: String? = nil, phone: String? = nil,
                    postalCode: String? = nil, zoneCode: String? = nil) {
            self.address1 = address1; self.address2 = address2; self.city = city; self.countryCode = countryCode
            self.firstName = firstName; self.lastName = lastName; self.name = name; self.phone = phone
            self.postalCode = postalCode; self.zoneCode = zoneCode
        }
    }
    public struct LineImage: Hashable, Sendable {
        public var sm, md, lg: String?
        public init(sm: String? = nil, md: String? = nil, lg: String? = nil) { self.sm = sm; self.md = md; self.lg = lg }
    }
    public struct Discount: Hashable, Sendable {
        public var title: String?
        public var amount: Money?
        public var applicationType: String?
        public var value: String?
        public init(title: String? = nil, amount: Money? = nil, applicationType: String? = nil, value: String? = nil) {
            self.title = title; self.amount = amount; self.applicationType = applicationType; self.value = value
        }
    }
    public struct Line: Hashable, Sendable {
        public var title: String
        public var quantity: Int
        public var price: Money?
        public var merchandiseId: String?
        public var productId: String?
        public var image: LineImage?
        public var discounts: [Discount]
        public init(title: String, quantity: Int, price: Money?, merchandiseId: String?, productId: String?,
                    image: LineImage? = nil, discounts: [Discount] = []) {
            self.title = title; self.quantity = quantity; self.price = price; self.merchandiseId = merchandiseId
            self.productId = productId; self.image = image; self.discounts = discounts
        }
    }
    public struct Price: Hashable, Sendable {
        public var subtotal, shipping, taxes, total: Money?
        public var discounts: [Discount]
        public init(subtotal: Money? = nil, shipping: Money? = nil, taxes: Money? = nil, total: Money? = nil,
                    discounts: [Discount] = []) {
            self.subtotal = subtotal; self.shipping = shipping; self.taxes = taxes; self.total = total
            self.discounts = discounts
        }
    }
    public struct CartInfo: Hashable, Sendable {
        public var lines: [Line]
        public var price: Price
        public var token: String?
        public init(lines: [Line], price: Price, token: String?) { self.lines = lines; self.price = price; self.token = token }
    }
    public struct Delivery: Hashable, Sendable {
        public var method: String
        public var location: Address?
        public var name: String?
        public init(method: String, location: Address?, name: String?) { self.method = method; self.location = location; self.name = name }
    }
    public struct PaymentMethod: Hashable, Sendable {
        public var type: String
        public var brand, lastFourDigits, name: String?
        public var amount: String?
        public var currency: String?
        public init(type: String, brand: String? = nil, lastFourDigits: String? = nil, name: String? = nil,
                    amount: String? = nil, currency: String? = nil) {
            self.type = type; self.brand = brand; self.lastFourDigits = lastFourDigits; self.name = name
            self.amount = amount; self.currency = currency
        }
    }

    public var id: String
    public var email: String?
    public var phone: String?
    public var cart: CartInfo?
    public var billingAddress: Address?
    public var deliveries: [Delivery]
    public var paymentMethods: [PaymentMethod]

    public init(id: String, email: String? = nil, phone: String? = nil, cart: CartInfo? = nil,
                billingAddress: Address? = nil, deliveries: [Delivery] = [], paymentMethods: [PaymentMethod] = []) {
        self.id = id; self.email = email; self.phone = phone; self.cart = cart; self.billingAddress = billingAddress
        self.deliveries = deliveries; self.paymentMethods = paymentMethods
    }
}
