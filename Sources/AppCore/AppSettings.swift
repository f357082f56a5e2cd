import CheckoutSheet
import Foundation

/// Page sizes and timings of the app's requests.
public struct AppSettings: Hashable, Sendable {
    /// Rows per page of collections, products and search results.
    public var pageSize: Int
    /// Products fetched with each collection for the preview.
    public var productPreview: Int
    /// The next page loads when the selection is this close to the end of the loaded rows.
    public var prefetchDistance: Int
    /// Typing pause before a search runs.
    public var searchDebounce: Duration
    /// Further pause before a query that does not parse says so: a half-typed `price:` is not
    /// an error while the buyer is still typing.
    public var syntaxErrorPause: Duration

    public init(pageSize: Int = 25, productPreview: Int = 5, prefetchDistance: Int = 5,
                searchDebounce: Duration = .milliseconds(300), syntaxErrorPause: Duration = .milliseconds(700)) {
        self.pageSize = pageSize; self.productPreview = productPreview
        self.prefetchDistance = prefetchDistance; self.searchDebounce = searchDebounce
        self.syntaxErrorPause = syntaxErrorPause
    }
}

extension AppSettings {
    /// The environment variable that picks the checkout protocol when `--checkout-protocol` does not.
    public static let checkoutProtocolVariable = "STOREFRONT_CHECKOUT_PROTOCOL"

    /// The checkout protocol: the option, else the environment's setting, else 8.1. A setting that
    /// names no protocol is an error, not a silent 8.1.
    public static func checkoutProtocol(option: CheckoutProtocol?, environment: [String: String]) throws(AppError) -> CheckoutProtocol {
        if let option { return option }
        guard let value = environment[checkoutProtocolVariable]?.trimmingCharacters(in: .whitespaces), !value.isEmpty else {
            return .bridge81
        }
        guard let chosen = CheckoutProtocol(rawValue: value) else {
            let known = CheckoutProtocol.allCases.map(\.rawValue).joined(separator: " or ")
            throw AppError(message: "\(checkoutProtocolVariable)=\(value) is not a checkout protocol: use \(known).")
        }
        return chosen
    }
}
