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

    var model: CartLineInput {
        CartLineInput(merchandiseId: merchandiseId.text, quantity: quantity ?? 1, attributes: attributes?.map(\.model) ?? [])
    }
}

struct CartLineUpdateInputArgument: Decodable, Sendable {
    var id: GraphID
    var quantity: Int?
    var merchandiseId: GraphID?
    var attributes: [AttributeInput]?

    var model: CartLineUpdateInput {
        CartLineUpdateInput(id: id.text, quantity: quantity, merchandiseId: merchandiseId?.text, attributes: attributes?.map(\.model))
    }
}

struct CartBuyerIdentityInput: Decodable, Sendable {
    var email: String?
    var phone: String?
    var countryCode: CountryCode?
    var customerAccessToken: String?

    var model: BuyerIdentity {
        BuyerIdentity(email: email, phone: phone, countryCode: countryCode?.text, customerAccessToken: customerAccessToken)
    }
}

struct CartInputArgument: Decodable, Sendable {
    var lines: [CartLineInputArgument]?
    var buyerIdentity: CartBuyerIdentityInput?
    var discountCodes: [String]?
    var note: String?
    var attributes: [AttributeInput]?

    var model: CartInput {
        CartInput(lines: lines?.map(\.model) ?? [], buyerIdentity: buyerIdentity?.model, discountCodes: discountCodes ?? [],
                  note: note, attributes: attributes?.map(\.model) ?? [])
    }
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
