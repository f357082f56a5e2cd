import Foundation

/// A metafield on a cart (`Metafield` whose owner is the cart): a typed value a storefront keeps
/// with the cart for itself or for checkout, set by `cartMetafieldsSet` and `cartCreate`.
public struct CartMetafield: Hashable, Sendable, Codable, Identifiable {
    /// The key without a namespace lives in the app-reserved namespace.
    public static let appNamespace = "$app"

    public var id: String
    public var namespace: String
    public var key: String
    /// A metafield type name: "single_line_text_field", "number_integer", "json", ...
    public var type: String
    /// Always text, whatever the type.
    public var value: String
    public var createdAt: Date
    public var updatedAt: Date

    public init(id: String, namespace: String, key: String, type: String, value: String, createdAt: Date, updatedAt: Date) {
        self.id = id; self.namespace = namespace; self.key = key; self.type = type; self.value = value
        self.createdAt = createdAt; self.updatedAt = updatedAt
    }

    /// "namespace.key" split at its last dot; a plain key is the app's.
    public static func split(_ composite: String) -> (namespace: String, key: String) {
        guard let dot = composite.lastIndex(of: "."), dot != composite.startIndex,
              composite.index(after: dot) != composite.endIndex else { return (appNamespace, composite) }
        return (String(composite[..<dot]), String(composite[composite.index(after: dot)...]))
    }
}

/// `CartMetafieldsSetInput` (`ownerId` names the cart) and `CartInputMetafieldInput` (no owner:
/// the cart being created).
public struct CartMetafieldInput: Hashable, Sendable, Codable {
    public var ownerId: String?
    /// "namespace.key", or a key in the app-reserved namespace.
    public var key: String
    public var type: String
    public var value: String

    public init(ownerId: String? = nil, key: String, type: String, value: String) {
        self.ownerId = ownerId; self.key = key; self.type = type; self.value = value
    }
}

/// `MetafieldsSetUserError`, and `MetafieldDeleteUserError` (which has no element index). The
/// codes are the API's (`MetafieldsSetUserErrorCode`, `MetafieldDeleteErrorCode`).
public struct MetafieldUserError: Hashable, Sendable, Codable, Error {
    public var code: String?
    public var elementIndex: Int?
    public var field: [String]?
    public var message: String

    public init(code: String?, elementIndex: Int? = nil, field: [String]?, message: String) {
        self.code = code; self.elementIndex = elementIndex; self.field = field; self.message = message
    }

    public static let blank = "BLANK"
    public static let invalidOwner = "INVALID_OWNER"
    public static let invalidType = "INVALID_TYPE"
    public static let invalidValue = "INVALID_VALUE"
    public static let lessThanOrEqualTo = "LESS_THAN_OR_EQUAL_TO"
    public static let tooLong = "TOO_LONG"
    public static let tooShort = "TOO_SHORT"
    public static let metafieldDoesNotExist = "METAFIELD_DOES_NOT_EXIST"
}

/// `CartMetafieldsSetPayload`: the metafields as set, or null with the errors (nothing is set
/// when any input is refused).
public struct CartMetafieldsSetPayload: Hashable, Sendable, Codable {
    public var metafields: [CartMetafield]?
    public var userErrors: [MetafieldUserError]

    public init(metafields: [CartMetafield]?, userErrors: [MetafieldUserError] = []) {
        self.metafields = metafields; self.userErrors = userErrors
    }
}

/// `CartMetafieldDeletePayload`.
public struct CartMetafieldDeletePayload: Hashable, Sendable, Codable {
    public var deletedId: String?
    public var userErrors: [MetafieldUserError]

    public init(deletedId: String?, userErrors: [MetafieldUserError] = []) {
        self.deletedId = deletedId; self.userErrors = userErrors
    }
}
