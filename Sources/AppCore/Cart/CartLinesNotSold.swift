import Storefront

/// Which lines of a cart its country does not sell. A market leaves out a product it does not sell
/// (the Storefront API answers null for it there), but a cart keeps such a line when it moves to
/// that country: it is looked up in the cart's country, and again in the shop's own to tell "not
/// sold there" from "gone". One warning per line, as the API's `PRODUCT_UNAVAILABLE_IN_BUYER_LOCATION`
/// (2026-07) gives it, targeted at the line, so the line stays and moving back loses nothing.
enum CartLinesNotSold {
    static func warnings(for cart: Cart?, _ storefront: any StorefrontClient, countries: [Localization.Country]) async -> [CartWarning] {
        guard let cart, let country = cart.buyerIdentity.countryCode, !cart.lines.isEmpty else { return [] }
        let here = storefront.inContext(BuyerContext(country: country))
        let shop = storefront.inContext(.shop)
        var missing: [String: Bool] = [:]  // handle → the shop still has it
        for handle in Set(cart.lines.map(\.merchandise.productHandle)).sorted() {
            // An answer that did not come says nothing: the line is not marked.
            guard case .some(.none) = try? await here.product(handle: handle) else { continue }
            missing[handle] = (try? await shop.product(handle: handle)) != nil
        }
        let name = countries.first { $0.isoCode == country }?.name ?? country
        return cart.lines.compactMap { line in
            guard let elsewhere = missing[line.merchandise.productHandle] else { return nil }
            let title = line.merchandise.productTitle
            return CartWarning(code: .productUnavailableInBuyerLocation,
                               message: elsewhere ? "\(title) is not sold in \(name)." : "\(title) is no longer sold.", target: line.id)
        }
    }

    /// What the error bar says when lines just became unavailable: the lines stay in the cart.
    static func notice(_ fresh: [CartWarning]) -> String? {
        guard !fresh.isEmpty else { return nil }
        let them = fresh.count == 1 ? "It stays" : "They stay"
        return fresh.map(\.message).joined(separator: " ") + " \(them) in your cart; checkout needs \(fresh.count == 1 ? "it" : "them") removed or another country."
    }
}
