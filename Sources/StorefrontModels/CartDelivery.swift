import Foundation

/// `CartSelectableAddress`: a delivery address on the cart. At most one is `selected`: the one the
/// cart's delivery group ships to and checkout starts from.
public struct CartSelectableAddress: Hashable, Sendable, Codable, Identifiable {
    public var id: String
    public var address: MailingAddress
    public var selected: Bool
    /// Not saved to the customer's address book after checkout.
    public var oneTimeUse: Bool

    public init(id: String, address: MailingAddress, selected: Bool = false, oneTimeUse: Bool = false) {
        self.id = id; self.address = address; self.selected = selected; self.oneTimeUse = oneTimeUse
    }
}

/// `CartSelectableAddressInput` and `CartSelectableAddressUpdateInput` (the latter names the
/// address by `id`). `strict` is the `STRICT` validation strategy: every field must make an
/// address that can be shipped to, not only the country code. Instead of an address, one of the
/// signed-in customer's can be copied by its id (`copyFromCustomerAddressId`).
public struct CartSelectableAddressInput: Hashable, Sendable, Codable {
    public var id: String?
    public var address: MailingAddress?
    public var copyFromCustomerAddressId: String?
    public var selected: Bool?
    public var oneTimeUse: Bool?
    public var strict: Bool

    public init(id: String? = nil, address: MailingAddress? = nil, copyFromCustomerAddressId: String? = nil, selected: Bool? = nil,
                oneTimeUse: Bool? = nil, strict: Bool = false) {
        self.id = id; self.address = address; self.copyFromCustomerAddressId = copyFromCustomerAddressId
        self.selected = selected; self.oneTimeUse = oneTimeUse; self.strict = strict
    }
}

/// `CartDeliveryOption`: one way the shop delivers, and what it is estimated to cost.
public struct CartDeliveryOption: Hashable, Sendable, Codable {
    public var handle: String
    public var code: String
    public var title: String
    public var description: String?
    /// `DeliveryMethodType`: SHIPPING, PICK_UP, LOCAL, ...
    public var deliveryMethodType: String
    public var estimatedCost: Money

    public init(handle: String, code: String, title: String, description: String? = nil, deliveryMethodType: String, estimatedCost: Money) {
        self.handle = handle; self.code = code; self.title = title; self.description = description
        self.deliveryMethodType = deliveryMethodType; self.estimatedCost = estimatedCost
    }
}

/// `CartDeliveryGroup`: the lines that ship together to one address, the options for them and the
/// one the buyer picked.
public struct CartDeliveryGroup: Hashable, Sendable, Codable, Identifiable {
    public var id: String
    public var lineIds: [String]
    public var deliveryAddress: MailingAddress
    public var deliveryOptions: [CartDeliveryOption]
    public var selectedDeliveryOption: CartDeliveryOption?

    public init(id: String, lineIds: [String], deliveryAddress: MailingAddress, deliveryOptions: [CartDeliveryOption],
                selectedDeliveryOption: CartDeliveryOption? = nil) {
        self.id = id; self.lineIds = lineIds; self.deliveryAddress = deliveryAddress
        self.deliveryOptions = deliveryOptions; self.selectedDeliveryOption = selectedDeliveryOption
    }
}

/// `CartSelectedDeliveryOptionInput`.
public struct CartSelectedDeliveryOptionInput: Hashable, Sendable, Codable {
    public var deliveryGroupId: String
    public var deliveryOptionHandle: String

    public init(deliveryGroupId: String, deliveryOptionHandle: String) {
        self.deliveryGroupId = deliveryGroupId; self.deliveryOptionHandle = deliveryOptionHandle
    }
}
