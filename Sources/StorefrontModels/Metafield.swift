import Foundation

/// A custom field the shop keeps on a product or a variant (`Metafield`): its value is always
/// text, to be read by its `type` ("single_line_text_field", "number_integer", "json", ...).
public struct Metafield: Hashable, Sendable, Codable {
    public var id: String
    /// The id of the product or variant that has it.
    public var ownerId: String
    public var namespace: String
    public var key: String
    public var value: String
    public var type: String
    public var description: String?
    public var createdAt: Date
    public var updatedAt: Date

    public init(id: String, ownerId: String, namespace: String, key: String, value: String, type: String, description: String? = nil,
                createdAt: Date, updatedAt: Date) {
        self.id = id; self.ownerId = ownerId; self.namespace = namespace; self.key = key; self.value = value; self.type = type
        self.description = description; self.createdAt = createdAt; self.updatedAt = updatedAt
    }
}
