import Foundation
import Storefront

/// The orders endpoint's JSON: `{"orders": [...]}`, dates in ISO 8601. The account server writes
/// it with `encoder` and the app reads it with `decoder`, so both sides agree by construction.
public struct CustomerOrdersDocument: Codable, Sendable {
    public var orders: [CustomerOrder]

    public init(orders: [CustomerOrder]) { self.orders = orders }

    public static var encoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = [.sortedKeys]
        return encoder
    }

    public static var decoder: JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }
}
