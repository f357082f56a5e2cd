import AppCore

/// The top row: the shop's name, where the buyer is, and the cart's count and total.
struct HeaderView {
    let state: AppState
    let shopName: String

    func draw(in canvas: Canvas, theme: Theme, grid: inout Grid) {
        let style = theme[.header]
        canvas.fill(style: style, in: &grid)
        var cartText = "cart empty"
        if let cart = state.cart.cart, cart.totalQuantity > 0 {
            let items = cart.totalQuantity == 1 ? "1 item" : "\(cart.totalQuantity) items"
            // On a narrow terminal the count loses its noun before the total is cut.
            cartText = canvas.width >= 60 ? "cart \(items) · \(cart.cost.totalAmount.formatted)"
                : "cart \(cart.totalQuantity) · \(cart.cost.totalAmount.formatted)"
        }
        // A cart shown as last seen is not confirmed: it says so.
        if state.cart.isUnconfirmed && state.cart.cart != nil { cartText = "last seen: " + cartText }
        // The country (where the shop sells in more than one) goes first: it says what the prices mean.
        if let market = marketText, DisplayWidth.of(market + " · " + cartText) + 1 <= max(canvas.width / 2, 22) {
            cartText = market + " · " + cartText
        }
        // The login state goes before the cart's total is cut: the total is what the buyer checks.
        if let account = accountText, DisplayWidth.of(account + " · " + cartText) + 1 <= canvas.width / 2 {
            cartText = account + " · " + cartText
        }
        // Offline, the shown data is saved data: that is said first, and it is never dropped.
        if case .offline(let age, _) = state.connection {
            let long = age.map { "offline, saved \(Self.age($0)) · " } ?? "offline · "
            cartText = (DisplayWidth.of(long + cartText) + 1 <= canvas.width / 2 ? long : "offline · ") + cartText
        }
        let cartStart = canvas.textRight(cartText + " ", y: 0, style: style, in: &grid,
                                         maxWidth: max(canvas.width / 2, canvas.width - 10))
        let crumbs = state.screens.map { $0.presenter.title(state) }
        let room = cartStart - 2
        let shop = " " + shopName
        let trailStyle = style.adding(.dim).subtracting(.bold)
        // The shop's name and the breadcrumbs, cut from the left ("… › Coffee › House Espresso
        // Blend"): where the buyer is now is the part that stays. When both do not fit, the
        // breadcrumbs win, except on the first screen, whose title says little.
        let withShop = HeaderView.trail(crumbs, width: room - DisplayWidth.of(shop) - 2)
        if let withShop, withShop.hasSuffix(crumbs.last ?? "") {
            let x = canvas.text(shop + "  ", y: 0, style: style, in: &grid)
            canvas.text(withShop, x: x, y: 0, style: trailStyle, in: &grid)
        } else if crumbs.count == 1 && DisplayWidth.of(shop) <= room {
            canvas.text(shop, y: 0, style: style, in: &grid)
        } else if let alone = HeaderView.trail(crumbs, width: room - 1) {
            canvas.text(" " + alone, y: 0, style: trailStyle, in: &grid)
        }
    }

    /// The breadcrumbs in `width` columns: whole, else cut from the left behind "… › ", else the
    /// current screen's title cut at its end. Nil when there is no room at all.
    static func trail(_ crumbs: [String], width: Int) -> String? {
        guard width >= 4, let last = crumbs.last else { return nil }
        let whole = crumbs.joined(separator: " › ")
        if DisplayWidth.of(whole) <= width { return whole }
        for start in 1..<crumbs.count {
            let cut = "… › " + crumbs[start...].joined(separator: " › ")
            if DisplayWidth.of(cut) <= width { return cut }
        }
        return TextLayout.truncate(last, to: width)
    }

    /// "just now", "12 min ago", "3 h ago", "2 days ago".
    static func age(_ seconds: Double) -> String {
        let minutes = Int(seconds / 60)
        if minutes < 1 { return "just now" }
        if minutes < 60 { return "\(minutes) min ago" }
        if minutes < 48 * 60 { return "\(minutes / 60) h ago" }
        return "\(minutes / (24 * 60)) days ago"
    }

    /// "JP ¥": the shopper's country and currency, when the shop sells in more than one country.
    private var marketText: String? {
        guard let country = state.marketCountry, (state.localization?.availableCountries.count ?? 0) > 1 else { return nil }
        return "\(country.isoCode) \(country.currencySymbol)"
    }

    /// Who is logged in, shown before the cart when the app has customer accounts.
    private var accountText: String? {
        guard state.account.isAvailable else { return nil }
        switch state.account.status {
        case .unknown: return nil
        case .loggedOut: return "guest"
        case .loggingIn: return "logging in…"
        case .loggedIn(let session):
            // The shop's latest copy once the account screen read it (a name the first order gave).
            let customer = state.account.details ?? session.customer
            return customer.firstName ?? customer.email ?? "signed in"
        case .sessionEnded: return "log in again"
        }
    }
}
