import Foundation
import GraphQL

/// A list argument longer than the API takes (`nodes(ids:)`, `metafields(identifiers:)`: 250):
/// refused with the API's message and code, naming the argument in the error's path.
struct InputSizeExceeded: Error, Sendable {
    var size: Int
    var maximum: Int
    var argument: String

    static func check(_ size: Int, maximum: Int, argument: String) throws {
        if size > maximum { throw InputSizeExceeded(size: size, maximum: maximum, argument: argument) }
    }

    var message: String { "The input array size of \(size) is greater than the maximum allowed of \(maximum)." }
    var extensions: [String: Map] { ["code": "MAX_INPUT_SIZE_EXCEEDED"] }
}
