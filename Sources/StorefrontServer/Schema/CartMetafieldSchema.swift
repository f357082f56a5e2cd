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
            Field("code", at: \.code)
            Field("elementIndex", at: \.elementIndex)
            Field("field", at: \.field)
            Field("message", at: \.message)
        }
        Type(MetafieldDeleteUserErrorNode.self, as: "MetafieldDeleteUserError") {
            Field("code", at: \.code)
            Field("field", at: \.field)
            Field("message", at: \.message)
        }
        Type(CartMetafieldsSetPayloadNode.self, as: "CartMetafieldsSetPayload") {
            Field("metafields", at: \.metafields)
            Field("userErrors", at: \.userErrors)
        }
        Type(CartMetafieldDeletePayloadNode.self, as: "CartMetafieldDeletePayload") {
            Field("deletedId", at: \.deletedId)
            Field("userErrors", at: \.userErrors)
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
    var metafields: [MetafieldNode]? { payload.metafields?.map(MetafieldNode.init) }
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

extension MetafieldNode {
    init(_ metafield: CartMetafield) {
        self.init(id: GraphID(unchecked: metafield.id), namespace: metafield.namespace, key: metafield.key,
                  value: metafield.value, type: metafield.type)
    }
}

/// The cart's own metafields, looked up as every node's are (`HasMetafields`).
extension Cart: HasMetafields {
    var metafieldNodes: [MetafieldNode] { metafields.map(MetafieldNode.init) }
}

extension StorefrontResolver {
    func cartMetafieldsSet(context: RequestContext, arguments: CartMetafieldsSetArguments) async throws -> CartMetafieldsSetPayloadNode? {
        CartMetafieldsSetPayloadNode(payload: try await context.storefront.cartMetafieldsSet(arguments.metafields.map(\.model)))
    }

    func cartMetafieldDelete(context: RequestContext, arguments: CartMetafieldDeleteArguments) async throws -> CartMetafieldDeletePayloadNode? {
        CartMetafieldDeletePayloadNode(payload: try await context.storefront.cartMetafieldDelete(
            ownerId: arguments.input.ownerId.text, key: arguments.input.key))
    }
}
