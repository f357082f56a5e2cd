import Foundation
import Graphiti
import Storefront

/// Metafields on a cart: `cartMetafieldsSet`, `cartMetafieldDelete`, their payloads and errors.
/// `Cart.metafield(s)` go through the fields every node with metafields has.
final class CartMetafieldSchema: PartialSchema<StorefrontResolver, RequestContext> {
    @TypeDefinitions
    override var types: Types {
        Enum(MetafieldsSetUserErrorCode.self) {
            Value(.appNotAuthorized)
            Value(.blank)
            Value(.inclusion)
            Value(.invalidOwner)
            Value(.invalidType)
            Value(.invalidValue)
            Value(.lessThanOrEqualTo)
            Value(.present)
            Value(.tooLong)
            Value(.tooShort)
        }
        Enum(MetafieldDeleteErrorCode.self) {
            Value(.appNotAuthorized)
            Value(.invalidOwner)
            Value(.metafieldDoesNotExist)
        }
        Type(MetafieldsSetUserErrorNode.self, as: "MetafieldsSetUserError") {
            keyField("code", at: \.code)
            keyField("elementIndex", at: \.elementIndex)
            keyField("field", at: \.field)
            keyField("message", at: \.message)
        }
        Type(MetafieldDeleteUserErrorNode.self, as: "MetafieldDeleteUserError") {
            keyField("code", at: \.code)
            keyField("field", at: \.field)
            keyField("message", at: \.message)
        }
        Type(CartMetafieldsSetPayloadNode.self, as: "CartMetafieldsSetPayload") {
            keyField("metafields", at: \.metafields)
            keyField("userErrors", at: \.userErrors)
        }
        Type(CartMetafieldDeletePayloadNode.self, as: "CartMetafieldDeletePayload") {
            keyField("deletedId", at: \.deletedId)
            keyField("userErrors", at: \.userErrors)
        }
        Input(CartMetafieldsSetInputArgument.self, as: "CartMetafieldsSetInput") {
            InputField("key", at: \.key)
            InputField("ownerId", at: \.ownerId)
            InputField("type", at: \.type)
            InputField("value", at: \.value)
        }
        Input(CartMetafieldDeleteInputArgument.self, as: "CartMetafieldDeleteInput") {
            InputField("key", at: \.key)
            InputField("ownerId", at: \.ownerId)
        }
        Input(CartInputMetafieldInputArgument.self, as: "CartInputMetafieldInput") {
            InputField("key", at: \.key)
            InputField("type", at: \.type)
            InputField("value", at: \.value)
        }
    }

    @FieldDefinitions
    override var mutation: Fields {
        Field("cartMetafieldsSet", at: StorefrontResolver.cartMetafieldsSet) {
            Argument("metafields", at: \.metafields)
        }
        Field("cartMetafieldDelete", at: StorefrontResolver.cartMetafieldDelete) {
            Argument("input", at: \.input)
        }
    }
}

enum MetafieldsSetUserErrorCode: String, Codable, Sendable, CaseIterable {
    case appNotAuthorized = "APP_NOT_AUTHORIZED", blank = "BLANK", inclusion = "INCLUSION", invalidOwner = "INVALID_OWNER"
    case invalidType = "INVALID_TYPE", invalidValue = "INVALID_VALUE", lessThanOrEqualTo = "LESS_THAN_OR_EQUAL_TO"
    case present = "PRESENT", tooLong = "TOO_LONG", tooShort = "TOO_SHORT"
}

enum MetafieldDeleteErrorCode: String, Codable, Sendable, CaseIterable {
    case appNotAuthorized = "APP_NOT_AUTHORIZED", invalidOwner = "INVALID_OWNER", metafieldDoesNotExist = "METAFIELD_DOES_NOT_EXIST"
}

struct MetafieldsSetUserErrorNode: Sendable {
    var error: MetafieldUserError
    var code: MetafieldsSetUserErrorCode? { error.code.flatMap(MetafieldsSetUserErrorCode.init(rawValue:)) }
    var elementIndex: Int? { error.elementIndex }
    var field: [String]? { error.field }
    var message: String { error.message }
}

struct MetafieldDeleteUserErrorNode: Sendable {
    var error: MetafieldUserError
    var code: MetafieldDeleteErrorCode? { error.code.flatMap(MetafieldDeleteErrorCode.init(rawValue:)) }
    var field: [String]? { error.field }
    var message: String { error.message }
}

struct CartMetafieldsSetPayloadNode: Sendable {
    var payload: CartMetafieldsSetPayload
    /// The cart each metafield was set on, in the inputs' order: their parent resources.
    var owners: [Cart] = []
    var metafields: [MetafieldNode]? {
        guard let set = payload.metafields, set.count == owners.count else { return nil }
        return zip(owners, set).map { $0.metafieldNode($1) }
    }
    var userErrors: [MetafieldsSetUserErrorNode] { payload.userErrors.map(MetafieldsSetUserErrorNode.init) }
}

struct CartMetafieldDeletePayloadNode: Sendable {
    var payload: CartMetafieldDeletePayload
    var deletedId: GraphID? { payload.deletedId.map(GraphID.init(unchecked:)) }
    var userErrors: [MetafieldDeleteUserErrorNode] { payload.userErrors.map(MetafieldDeleteUserErrorNode.init) }
}

struct CartMetafieldsSetInputArgument: Decodable, Sendable {
    var key: String
    var ownerId: GraphID
    var type: String
    var value: String

    var model: CartMetafieldInput { CartMetafieldInput(ownerId: ownerId.text, key: key, type: type, value: value) }
}

struct CartMetafieldDeleteInputArgument: Decodable, Sendable {
    var key: String
    var ownerId: GraphID
}

struct CartInputMetafieldInputArgument: Decodable, Sendable {
    var key: String
    var type: String
    var value: String

    var model: CartMetafieldInput { CartMetafieldInput(key: key, type: type, value: value) }
}

struct CartMetafieldsSetArguments: Decodable, Sendable {
    var metafields: [CartMetafieldsSetInputArgument]
}

struct CartMetafieldDeleteArguments: Decodable, Sendable {
    var input: CartMetafieldDeleteInputArgument
}

/// The cart's own metafields, looked up as every node's are (`HasMetafields`); the cart is their
/// parent resource.
extension Cart: HasMetafields, MetafieldParentValue {
    func metafieldNodes(context: RequestContext) -> [MetafieldNode] { metafields.map(metafieldNode) }

    func metafieldNode(_ field: CartMetafield) -> MetafieldNode {
        MetafieldNode(metafield: Metafield(id: field.id, ownerId: id, namespace: field.namespace, key: field.key, value: field.value,
                                           type: field.type, createdAt: field.createdAt, updatedAt: field.updatedAt),
                      parent: self)
    }
}

extension StorefrontResolver {
    func cartMetafieldsSet(context: RequestContext, arguments: CartMetafieldsSetArguments) async throws -> CartMetafieldsSetPayloadNode? {
        let payload = try await context.storefront.cartMetafieldsSet(arguments.metafields.map(\.model))
        guard payload.metafields != nil else { return CartMetafieldsSetPayloadNode(payload: payload) }
        // Set (all or nothing), each belongs to the cart its input names.
        var carts: [String: Cart] = [:]
        var owners: [Cart] = []
        for owner in arguments.metafields.map(\.ownerId.text) {
            if carts[owner] == nil { carts[owner] = try await context.storefront.cart(id: owner) }
            if let cart = carts[owner] { owners.append(cart) }
        }
        return CartMetafieldsSetPayloadNode(payload: payload, owners: owners)
    }

    func cartMetafieldDelete(context: RequestContext, arguments: CartMetafieldDeleteArguments) async throws -> CartMetafieldDeletePayloadNode? {
        CartMetafieldDeletePayloadNode(payload: try await context.storefront.cartMetafieldDelete(
            ownerId: arguments.input.ownerId.text, key: arguments.input.key))
    }
}
