import Foundation

/// What the host reads from checkout URLs: multipass links (never recovered) and thank-you pages
/// (how a recovery checkout, which has no bridge, learns that an order was placed).
package enum CheckoutURL {
    /// `https://shop.example/account/login/multipass/<token>`.
    package static func isMultipass(_ url: String) -> Bool {
        path(of: url).contains("/account/login/multipass/")
    }

    /// True for `.../thank-you` and `.../thank_you` pages (with or without `order_id`).
    package static func isThankYouPage(_ url: String) -> Bool {
        path(of: url).split(separator: "/").contains { $0 == "thank-you" || $0 == "thank_you" }
    }

    /// The `order_id` query item of a thank-you page, e.g. `.../thank-you?order_id=1001` -> "1001".
    package static func thankYouOrderId(_ url: String) -> String? {
        guard isThankYouPage(url), let items = URLComponents(string: url)?.queryItems else { return nil }
        return items.first { $0.name == "order_id" }?.value.flatMap { $0.isEmpty ? nil : $0 }
    }

    /// The path of a URL, "" when it has none or does not parse.
    package static func path(of url: String) -> String {
        URLComponents(string: url)?.path ?? ""
    }
}
