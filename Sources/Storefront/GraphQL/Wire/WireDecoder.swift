import Foundation

/// The JSON decoder for API answers: `DateTime` is ISO 8601, with or without fractional seconds.
enum WireDecoder {
    static func make() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom { decoder in
            let container = try decoder.singleValueContainer()
            let text = try container.decode(String.self)
            if let date = try? Date(text, strategy: .iso8601) { return date }
            if let date = try? Date(text, strategy: Date.ISO8601FormatStyle(includingFractionalSeconds: true)) { return date }
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "\"\(text.prefix(40))\" is not an ISO 8601 date")
        }
        return decoder
    }
}
