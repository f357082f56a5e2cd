import Foundation

/// A cart (`Cart`): lines, buyer identity, discount codes, note, attributes and costs.
/// `checkoutUrl` is what the checkout sheet opens.
public struct Cart: Hashable, Sendable, Codable, Identifiable {
    public var id: String
    public var checkoutUrl: String
    public var createdAt: Date
    public var updatedAt: Date
    public var lines: [CartLine]
    public var buyerIdentity: BuyerIdentity
    public var discountCodes: [CartDiscountCode]
    public var note: String?
    public var attributes: [Attribute]
    public var cost: CartCost
    /// `delivery { addresses }`.
    public var deliveryAddresses: [CartSelectableAddress]
    /// `deliveryGroups`: one group once an address is selected and the cart has lines.
    public var deliveryGroups: [CartDeliveryGroup]
    /// Gift cards paying part of the total, in the order they were applied.
    public var appliedGiftCards: [AppliedGiftCard]
    /// `metafield(s)`, in the order they were first set.
    public var metafields: [CartMetafield]

    public init(id: String, checkoutUrl: String, createdAt: Date, updatedAt: Date, lines: [CartLine],
                buyerIdentity: BuyerIdentity = BuyerIdentity(), discountCodes: [CartDiscountCode] = [],
                note: String? = nil, attributes: [Attribute] = [], cost: CartCost,
                deliveryAddresses: [CartSelectableAddress] = [], deliveryGroups: [CartDeliveryGroup] = [],
                appliedGiftCards: [AppliedGiftCard] = [], metafields: [CartMetafield] = []) {
        self.id = id; self.checkoutUrl = checkoutUrl; self.createdAt = createdAt; self.updatedAt = updatedAt
        self.lines = lines; self.buyerIdentity = buyerIdentity; self.discountCodes = discountCodes
        self.note = note; self.attributes = attributes; self.cost = cost
        self.deliveryAddresses = deliveryAddresses; self.deliveryGroups = deliveryGroups; self.appliedGiftCards = appliedGiftCards
        self.metafields = metafields
    }

    /// The metafield under a namespace (the app's when nil) and key.
    public func metafield(namespace: String?, key: String) -> CartMetafield? {
        let namespace = namespace ?? CartMetafield.appNamespace
        return metafields.first { $0.namespace == namespace && $0.key == key }
    }

    /// `totalQuantity`: the sum of line quantities.
    public var totalQuantity: Int { lines.reduce(0) { $0 + $1.quantity } }
    public var isEmpty: Bool { lines.isEmpty }
}

/// The merchandise on a cart line: a snapshot of the variant and its product.
public struct CartMerchandise: Hashable, Sendable, Codable {
    public var id: String
    public var title: String
    public var productId: String
    public var productHandle: String
    public var productTitle: String
    public var selectedOptions: [SelectedOption]
    public var price: Money
    public var compareAtPrice: Money?
    public var image: ProductImage?
    public var quantityAvailable: Int?

    public init(id: String, title: String, productId: String, productHandle: String, productTitle: String,
                selectedOptions: [SelectedOption], price: Money, compareAtPrice: Money? = nil,
                image: ProductImage? = nil, quantityAvailable: Int? = nil) {
        self.id = id; self.title = title; self.productId = productId; self.productHandle = productHandle
        self.productTitle = productTitle; self.selectedOptions = selectedOptions; self.price = price
        self.compareAtPrice = compareAtPrice; self.image = image; self.quantityAvailable = quantityAvailable
    }

    public init(variant: ProductVariant, of product: Product) {
        self.init(id: variant.id, title: variant.title, productId: product.id, productHandle: product.handle,
                  productTitle: product.title, selectedOptions: variant.selectedOptions, price: variant.price,
                  compareAtPrice: variant.compareAtPrice, image: variant.image ?? product.images.first,
                  quantityAvailable: variant.quantityAvailable)
    }
}

/// A cart line (`CartLine`).
public struct CartLine: Hashable, Sendable, Codable, Identifiable {
    public var id: String
    public var quantity: Int
    public var merchandise: CartMerchandise
    public var attributes: [Attribute]
    public var cost: CartLineCost
    /// The subscription the line is bought on, priced by the shop; nil for a one-time purchase.
    public var sellingPlanAllocation: SellingPlanAllocation?

    public init(id: String, quantity: Int, merchandise: CartMerchandise, attributes: [Attribute] = [], cost: CartLineCost,
                sellingPlanAllocation: SellingPlanAllocation? = nil) {
        self.id = id; self.quantity = quantity; self.merchandise = merchandise
        self.attributes = attributes; self.cost = cost; self.sellingPlanAllocation = sellingPlanAllocation
    }
}

/// `CartLineCost`.
public struct CartLineCost: Hashable, Sendable, Codable {
    public var amountPerQuantity: Money
    public var compareAtAmountPerQuantity: Money?
    public var subtotalAmount: Money
    public var totalAmount: Money

    public init(amountPerQuantity: Money, compareAtAmountPerQuantity: Money? = nil, subtotalAmount: Money, totalAmount: Money) {
        self.amountPerQuantity = amountPerQuantity; self.compareAtAmountPerQuantity = compareAtAmountPerQuantity
        self.subtotalAmount = subtotalAmount; self.totalAmount = totalAmount
    }
}

/// `CartCost`: `subtotalAmount` before cart-level discounts, `totalAmount` after them.
/// Taxes and shipping are decided in checkout.
public struct CartCost: Hashable, Sendable, Codable {
    public var subtotalAmount: Money
    public var totalAmount: Money
    public var checkoutChargeAmount: Money

    public init(subtotalAmount: Money, totalAmount: Money, checkoutChargeAmount: Money? = nil) {
        self.subtotalAmount = subtotalAmount; self.totalAmount = totalAmount
        self.checkoutChargeAmount = checkoutChargeAmount ?? totalAmount
    }
}

/// `CartBuyerIdentity` (what the cart knows about the buyer). The customer access token is
/// write-only in the API; it is kept here so an authenticated cart can be recreated. It is never
/// shown: `description`, `debugDescription` and the mirror redact it.
public struct BuyerIdentity: Hashable, Sendable, Codable {
    public var email: String?
    public var phone: String?
    public var countryCode: String?
    public var customerAccessToken: String?
    /// The customer the access token resolved to (read-only in the API: the store sets it).
    public var customer: Customer?
    /// How the buyer would like checkout to start (delivery method, pickup place, wallet).
    public var preferences: CartPreferences?

    public init(email: String? = nil, phone: String? = nil, countryCode: String? = nil, customerAccessToken: String? = nil,
                customer: Customer? = nil, preferences: CartPreferences? = nil) {
        self.email = email; self.phone = phone; self.countryCode = countryCode; self.customerAccessToken = customerAccessToken
        self.customer = customer; self.preferences = preferences
    }

    /// A customer's cart: it carries their token (the API keeps it write-only) or names them.
    public var isCustomers: Bool { customerAccessToken != nil || customer != nil }
}

/// A discount code's share of the cart's reduction (`CartCodeDiscountAllocation`), with the
/// code's value: a percentage of the subtotal or a fixed amount.
public struct CodeDiscountAllocation: Hashable, Sendable, Codable {
    public var code: String
    public var discountedAmount: Money
    public var percentage: Decimal?
    public var fixedAmount: Money?

    public init(code: String, discountedAmount: Money, percentage: Decimal? = nil, fixedAmount: Money? = nil) {
        self.code = code; self.discountedAmount = discountedAmount; self.percentage = percentage; self.fixedAmount = fixedAmount
    }
}

/// `AppliedGiftCard`: what a gift card pays of this cart and what is left on it after that.
public struct AppliedGiftCard: Hashable, Sendable, Codable, Identifiable {
    public var id: String
    public var lastCharacters: String
    public var amountUsed: Money
    public var balance: Money

    public init(id: String, lastCharacters: String, amountUsed: Money, balance: Money) {
        self.id = id; self.lastCharacters = lastCharacters; self.amountUsed = amountUsed; self.balance = balance
    }
}

/// `CartDiscountCode`: an unknown or ineligible code comes back with `applicable: false`, not an error.
public struct CartDiscountCode: Hashable, Sendable, Codable {
    public var code: String
    public var applicable: Bool
    public init(code: String, applicable: Bool) { self.code = code; self.applicable = applicable }
}

/// A key/value attribute on a cart or line (`Attribute`).
public struct Attribute: Hashable, Sendable, Codable {
    public var key: String
    public var value: String?
    public init(key: String, value: String?) { self.key = key; self.value = value }
}

// MARK: - Inputs

/// `CartLineInput`.
public struct CartLineInput: Hashable, Sendable, Codable {
    public var merchandiseId: String
    public var quantity: Int
    public var attributes: [Attribute]
    /// The selling plan (subscription) to buy it on; nil buys it once.
    public var sellingPlanId: String?
    public init(merchandiseId: String, quantity: Int = 1, attributes: [Attribute] = [], sellingPlanId: String? = nil) {
        self.merchandiseId = merchandiseId; self.quantity = quantity; self.attributes = attributes
        self.sellingPlanId = sellingPlanId
    }
}

/// `CartLineUpdateInput`: quantity 0 removes the line.
public struct CartLineUpdateInput: Hashable, Sendable, Codable {
    public var id: String
    public var quantity: Int?
    public var merchandiseId: String?
    public var attributes: [Attribute]?
    /// Puts the line on this selling plan.
    public var sellingPlanId: String?
    public init(id: String, quantity: Int? = nil, merchandiseId: String? = nil, attributes: [Attribute]? = nil,
                sellingPlanId: String? = nil) {
        self.id = id; self.quantity = quantity; self.merchandiseId = merchandiseId; self.attributes = attributes
        self.sellingPlanId = sellingPlanId
    }
}

/// `CartInput` for `cartCreate`.
public struct CartInput: Hashable, Sendable, Codable {
    public var lines: [CartLineInput]
    public var buyerIdentity: BuyerIdentity?
    public var discountCodes: [String]
    public var note: String?
    public var attributes: [Attribute]
    public var giftCardCodes: [String]
    /// `delivery { addresses }`.
    public var deliveryAddresses: [CartSelectableAddressInput]
    public var metafields: [CartMetafieldInput]
    public init(lines: [CartLineInput] = [], buyerIdentity: BuyerIdentity? = nil, discountCodes: [String] = [],
                note: String? = nil, attributes: [Attribute] = [], giftCardCodes: [String] = [],
                deliveryAddresses: [CartSelectableAddressInput] = [], metafields: [CartMetafieldInput] = []) {
        self.lines = lines; self.buyerIdentity = buyerIdentity; self.discountCodes = discountCodes
        self.note = note; self.attributes = attributes; self.giftCardCodes = giftCardCodes; self.deliveryAddresses = deliveryAddresses
        self.metafields = metafields
    }
}

// MARK: - Payload, user errors, warnings

/// `CartErrorCode`. The set grows between API versions, so unknown codes are kept as strings.
public struct CartErrorCode: RawRepresentable, Hashable, Sendable, Codable, CustomStringConvertible {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public var description: String { rawValue }

    public static let invalid = CartErrorCode(rawValue: "INVALID")
    public static let lessThan = CartErrorCode(rawValue: "LESS_THAN")
    public static let invalidMerchandiseLine = CartErrorCode(rawValue: "INVALID_MERCHANDISE_LINE")
    public static let missingDiscountCode = CartErrorCode(rawValue: "MISSING_DISCOUNT_CODE")
    public static let missingNote = CartErrorCode(rawValue: "MISSING_NOTE")
    public static let noteTooLong = CartErrorCode(rawValue: "NOTE_TOO_LONG")
    public static let invalidDeliveryGroup = CartErrorCode(rawValue: "INVALID_DELIVERY_GROUP")
    public static let merchandiseNotApplicable = CartErrorCode(rawValue: "MERCHANDISE_NOT_APPLICABLE")
    public static let invalidCompanyLocation = CartErrorCode(rawValue: "INVALID_COMPANY_LOCATION")
    public static let buyerCannotPurchaseForCompanyLocation = CartErrorCode(rawValue: "BUYER_CANNOT_PURCHASE_FOR_COMPANY_LOCATION")
    public static let maximumExceeded = CartErrorCode(rawValue: "MAXIMUM_EXCEEDED")
    public static let cartTooLarge = CartErrorCode(rawValue: "CART_TOO_LARGE")
    public static let invalidDeliveryAddressId = CartErrorCode(rawValue: "INVALID_DELIVERY_ADDRESS_ID")
    public static let invalidDeliveryOption = CartErrorCode(rawValue: "INVALID_DELIVERY_OPTION")
    public static let addressFieldIsRequired = CartErrorCode(rawValue: "ADDRESS_FIELD_IS_REQUIRED")
    public static let addressFieldIsTooLong = CartErrorCode(rawValue: "ADDRESS_FIELD_IS_TOO_LONG")
    public static let tooManyDeliveryAddresses = CartErrorCode(rawValue: "TOO_MANY_DELIVERY_ADDRESSES")
    public static let onlyOneDeliveryAddressCanBeSelected = CartErrorCode(rawValue: "ONLY_ONE_DELIVERY_ADDRESS_CAN_BE_SELECTED")
    public static let invalidMetafields = CartErrorCode(rawValue: "INVALID_METAFIELDS")
    public static let missingCustomerAccessToken = CartErrorCode(rawValue: "MISSING_CUSTOMER_ACCESS_TOKEN")
    public static let sellingPlanNotApplicable = CartErrorCode(rawValue: "SELLING_PLAN_NOT_APPLICABLE")
    public static let variantRequiresSellingPlan = CartErrorCode(rawValue: "VARIANT_REQUIRES_SELLING_PLAN")
}

/// `CartUserError`: `field` is the path to the input that was wrong, e.g. ["lines", "0", "merchandiseId"].
public struct CartUserError: Hashable, Sendable, Codable, Error {
    public var code: CartErrorCode?
    public var field: [String]?
    public var message: String
    public init(code: CartErrorCode?, field: [String]?, message: String) {
        self.code = code; self.field = field; self.message = message
    }
}

/// `CartWarningCode`, kept open like the error codes.
public struct CartWarningCode: RawRepresentable, Hashable, Sendable, Codable, CustomStringConvertible {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public var description: String { rawValue }

    public static let merchandiseNotEnoughStock = CartWarningCode(rawValue: "MERCHANDISE_NOT_ENOUGH_STOCK")
    public static let merchandiseOutOfStock = CartWarningCode(rawValue: "MERCHANDISE_OUT_OF_STOCK")
    public static let paymentsGiftCardsUnavailable = CartWarningCode(rawValue: "PAYMENTS_GIFT_CARDS_UNAVAILABLE")
    public static let discountNotFound = CartWarningCode(rawValue: "DISCOUNT_NOT_FOUND")
    public static let discountCurrentlyInactive = CartWarningCode(rawValue: "DISCOUNT_CURRENTLY_INACTIVE")
    public static let discountPurchaseNotInRange = CartWarningCode(rawValue: "DISCOUNT_PURCHASE_NOT_IN_RANGE")
    public static let discountCustomerNotEligible = CartWarningCode(rawValue: "DISCOUNT_CUSTOMER_NOT_ELIGIBLE")
    public static let discountEligibleCustomerMissing = CartWarningCode(rawValue: "DISCOUNT_ELIGIBLE_CUSTOMER_MISSING")
    public static let discountCodeNotHonoured = CartWarningCode(rawValue: "DISCOUNT_CODE_NOT_HONOURED")
    /// A line's product is not sold in the buyer's country (the API's code from 2026-07; the line stays).
    public static let productUnavailableInBuyerLocation = CartWarningCode(rawValue: "PRODUCT_UNAVAILABLE_IN_BUYER_LOCATION")

    /// A warning about a discount code (the API's codes for them all start with DISCOUNT_).
    public var isAboutADiscount: Bool { rawValue.hasPrefix("DISCOUNT_") }
}

/// `CartWarning`: the cart changed, but not entirely as asked (stock was short, for example).
/// `target` is the id of the line or merchandise concerned.
public struct CartWarning: Hashable, Sendable, Codable {
    public var code: CartWarningCode
    public var message: String
    public var target: String
    public init(code: CartWarningCode, message: String, target: String) {
        self.code = code; self.message = message; self.target = target
    }
}

/// What every cart mutation returns: the cart (nil when nothing could be done), user errors and warnings.
/// Both are values to show the buyer, never thrown.
public struct CartPayload: Hashable, Sendable, Codable {
    public var cart: Cart?
    public var userErrors: [CartUserError]
    public var warnings: [CartWarning]
    /// For an add (`cartLinesAdd`, `cartCreate` with lines): the units of each merchandise id the
    /// stored cart gained in this very call, as the store counted them against the cart it held
    /// just before. Nil when the store does not say (then only the lines it answers are known).
    public var unitsAdded: [String: Int]?
    public init(cart: Cart?, userErrors: [CartUserError] = [], warnings: [CartWarning] = [], unitsAdded: [String: Int]? = nil) {
        self.cart = cart; self.userErrors = userErrors; self.warnings = warnings; self.unitsAdded = unitsAdded
    }

    /// Units by merchandise id in `lines` given as (merchandise id, quantity).
    public static func units(_ lines: some Sequence<(String, Int)>) -> [String: Int] {
        var units: [String: Int] = [:]
        for (id, quantity) in lines { units[id, default: 0] += quantity }
        return units
    }

    /// What `after` holds beyond `before`, for each merchandise id of `requested` (never below 0).
    public static func gained(before: [String: Int], after: [String: Int], requested: some Sequence<String>) -> [String: Int] {
        var gained: [String: Int] = [:]
        for id in requested { gained[id] = max((after[id] ?? 0) - (before[id] ?? 0), 0) }
        return gained
    }

    /// What `after` holds of the merchandise of `lines` beyond `before` (nil: a cart that did not exist).
    public static func gained(by lines: [CartLineInput], before: Cart?, after: Cart) -> [String: Int] {
        func units(_ cart: Cart?) -> [String: Int] { Self.units((cart?.lines ?? []).map { ($0.merchandise.id, $0.quantity) }) }
        return gained(before: units(before), after: units(after), requested: lines.map(\.merchandiseId))
    }
}
