import Foundation
import Storefront

// The cart mutations' input objects and arguments, as the Storefront API names them.

struct AttributeInput: Decodable, Sendable {
    var key: String
    var value: String

    var model: Attribute { Attribute(key: key, value: value) }
}

struct CartLineInputArgument: Decodable, Sendable {
    var merchandiseId: GraphID
    var quantity: Int?
    var attributes: [AttributeInput]?
    var sellingPlanId: GraphID?

    var model: CartLineInput {
        CartLineInput(merchandiseId: merchandiseId.text, quantity: quantity ?? 1, attributes: attributes?.map(\.model) ?? [],
                      sellingPlanId: sellingPlanId?.text)
    }
}

struct CartLineUpdateInputArgument: Decodable, Sendable {
    var id: GraphID
    var quantity: Int?
    var merchandiseId: GraphID?
    var attributes: [AttributeInput]?
    var sellingPlanId: GraphID?

    var model: CartLineUpdateInput {
        CartLineUpdateInput(id: id.text, quantity: quantity, merchandiseId: merchandiseId?.text, attributes: attributes?.map(\.model),
                            sellingPlanId: sellingPlanId?.text)
    }
}

struct CartBuyerIdentityInput: Decodable, Sendable {
    var email: String?
    var phone: String?
    var countryCode: CountryCode?
    var customerAccessToken: String?
    var preferences: CartPreferencesInputArgument?

    var model: BuyerIdentity {
        BuyerIdentity(email: email, phone: phone, countryCode: countryCode?.text, customerAccessToken: customerAccessToken,
                      preferences: preferences?.model)
    }
}

/// `CartPreferencesInput`.
struct CartPreferencesInputArgument: Decodable, Sendable {
    var delivery: CartDeliveryPreferenceInputArgument?
    var wallet: [String]?

    var model: CartPreferences { CartPreferences(delivery: delivery?.model, wallet: wallet) }
}

struct CartDeliveryPreferenceInputArgument: Decodable, Sendable {
    var coordinates: CartDeliveryCoordinatesPreferenceInputArgument?
    var deliveryMethod: [PreferenceDeliveryMethodType]?
    var pickupHandle: [String]?

    var model: CartDeliveryPreference {
        CartDeliveryPreference(coordinates: coordinates?.model, deliveryMethod: deliveryMethod?.map(\.rawValue) ?? [],
                               pickupHandle: pickupHandle ?? [])
    }
}

struct CartDeliveryCoordinatesPreferenceInputArgument: Decodable, Sendable {
    var countryCode: CountryCode
    var latitude: Double
    var longitude: Double

    var model: CartDeliveryCoordinates { CartDeliveryCoordinates(countryCode: countryCode.text, latitude: latitude, longitude: longitude) }
}

struct CartInputArgument: Decodable, Sendable {
    var lines: [CartLineInputArgument]?
    var buyerIdentity: CartBuyerIdentityInput?
    var discountCodes: [String]?
    var note: String?
    var attributes: [AttributeInput]?
    var giftCardCodes: [String]?
    var delivery: CartDeliveryInputArgument?
    var metafields: [CartInputMetafieldInputArgument]?

    var model: CartInput {
        CartInput(lines: lines?.map(\.model) ?? [], buyerIdentity: buyerIdentity?.model, discountCodes: discountCodes ?? [],
                  note: note, attributes: attributes?.map(\.model) ?? [], giftCardCodes: giftCardCodes ?? [],
                  deliveryAddresses: delivery?.addresses?.map(\.model) ?? [], metafields: metafields?.map(\.model) ?? [])
    }
}

/// `CartDeliveryInput`.
struct CartDeliveryInputArgument: Decodable, Sendable {
    var addresses: [CartSelectableAddressInputArgument]?
}

struct CartCreateArguments: Decodable, Sendable {
    var input: CartInputArgument?
}

struct CartLinesAddArguments: Decodable, Sendable {
    var cartId: GraphID
    var lines: [CartLineInputArgument]
}

struct CartLinesUpdateArguments: Decodable, Sendable {
    var cartId: GraphID
    var lines: [CartLineUpdateInputArgument]
}

struct CartLinesRemoveArguments: Decodable, Sendable {
    var cartId: GraphID
    var lineIds: [GraphID]
}

struct CartBuyerIdentityUpdateArguments: Decodable, Sendable {
    var cartId: GraphID
    var buyerIdentity: CartBuyerIdentityInput
}

struct CartDiscountCodesUpdateArguments: Decodable, Sendable {
    var cartId: GraphID
    var discountCodes: [String]
}

struct CartNoteUpdateArguments: Decodable, Sendable {
    var cartId: GraphID
    var note: String
}

// Attributes and delivery.

struct CartAttributesUpdateArguments: Decodable, Sendable {
    var attributes: [AttributeInput]
    var cartId: GraphID
}

struct CartDeliveryAddressInputArgument: Decodable, Sendable {
    var address1: String?
    var address2: String?
    var city: String?
    var company: String?
    var countryCode: CountryCode?
    var firstName: String?
    var lastName: String?
    var phone: String?
    var provinceCode: String?
    var zip: String?

    var model: MailingAddress {
        MailingAddress(firstName: firstName, lastName: lastName, address1: address1, address2: address2, city: city,
                       zoneCode: provinceCode, countryCode: countryCode?.text, postalCode: zip, phone: phone, company: company)
    }
}

struct CartAddressInputArgument: Decodable, Sendable {
    var copyFromCustomerAddressId: GraphID?
    var deliveryAddress: CartDeliveryAddressInputArgument?
}

struct CartSelectableAddressInputArgument: Decodable, Sendable {
    var address: CartAddressInputArgument
    var oneTimeUse: Bool?
    var selected: Bool?
    var validationStrategy: DeliveryAddressValidationStrategy?

    var model: CartSelectableAddressInput {
        CartSelectableAddressInput(address: address.deliveryAddress?.model, copyFromCustomerAddressId: address.copyFromCustomerAddressId?.text,
                                   selected: selected, oneTimeUse: oneTimeUse, strict: validationStrategy == .strict)
    }
}

struct CartSelectableAddressUpdateInputArgument: Decodable, Sendable {
    var address: CartAddressInputArgument?
    var id: GraphID
    var oneTimeUse: Bool?
    var selected: Bool?
    var validationStrategy: DeliveryAddressValidationStrategy?

    var model: CartSelectableAddressInput {
        CartSelectableAddressInput(id: id.text, address: address?.deliveryAddress?.model,
                                   copyFromCustomerAddressId: address?.copyFromCustomerAddressId?.text, selected: selected,
                                   oneTimeUse: oneTimeUse, strict: validationStrategy == .strict)
    }
}

struct CartSelectedDeliveryOptionInputArgument: Decodable, Sendable {
    var deliveryGroupId: GraphID
    var deliveryOptionHandle: String

    var model: CartSelectedDeliveryOptionInput {
        CartSelectedDeliveryOptionInput(deliveryGroupId: deliveryGroupId.text, deliveryOptionHandle: deliveryOptionHandle)
    }
}

struct CartDeliveryAddressesArguments: Decodable, Sendable {
    var addresses: [CartSelectableAddressInputArgument]
    var cartId: GraphID
}

struct CartDeliveryAddressesUpdateArguments: Decodable, Sendable {
    var addresses: [CartSelectableAddressUpdateInputArgument]
    var cartId: GraphID
}

struct CartDeliveryAddressesRemoveArguments: Decodable, Sendable {
    var addressIds: [GraphID]
    var cartId: GraphID
}

struct CartSelectedDeliveryOptionsUpdateArguments: Decodable, Sendable {
    var cartId: GraphID
    var selectedDeliveryOptions: [CartSelectedDeliveryOptionInputArgument]
}
