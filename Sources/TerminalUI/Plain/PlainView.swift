import AppCore
import CheckoutSheet
import Foundation
import Storefront

/// The plain mode's view of the state: what a screen says, as lines of text with numbered items.
/// Like `Renderer`, a pure function of the state; unlike it, no positions, colours or redraws: the
/// session prints a screen's text when it differs from what it printed last.
public enum PlainView {
    /// The current screen (the checkout sheet when it is up).
    public static func screen(_ state: AppState) -> String {
        if state.checkout.isPresented, let page = state.checkout.page { return checkout(page) }
        return state.screen.presenter.plain(state)
    }

    /// What decides whether a screen is printed again, when not its whole text: a checkout form is
    /// printed when it arrives and when it comes back with errors (the session asks for that), not after each field typed (the
    /// buyer typed it).
    public static func identity(_ state: AppState) -> String? {
        guard state.checkout.isPresented, let page = state.checkout.page,
              [.contact, .delivery, .payment].contains(page.step) else { return nil }
        return ["checkout", page.step.rawValue, page.notice ?? ""].joined(separator: "\n")
    }

    /// One line about the cart, printed when it changes.
    public static func status(_ state: AppState) -> String {
        guard let cart = state.cart.cart, !cart.isEmpty else { return "Cart: empty" }
        let count = cart.totalQuantity
        return "Cart: \(count) \(count == 1 ? "item" : "items") · \(cart.cost.totalAmount.formatted)"
    }

    /// A checkout lifecycle event as it happens: `event: pixel event=checkout_completed type=standard`.
    public static func event(_ entry: EventLogEntry) -> String {
        (["event: \(entry.name)"] + entry.fields.map { "\($0.name)=\($0.value)" }).joined(separator: " ")
    }

    /// The countries the shop sells in, each with its currency, the shopper's marked.
    static func countries(_ state: AppState) -> String {
        let countries = state.localization?.availableCountries ?? []
        guard !countries.isEmpty else { return "Countries: loading…" }
        let current = state.marketCountry?.isoCode
        var lines = ["Countries (prices follow the one you shop from)"]
        lines += countries.map { country in
            "  \(country.isoCode)  \(country.name) · \(MarketsPresenter.currency(country))" + (country.isoCode == current ? "  (current)" : "")
        }
        lines.append(countries.count > 1 ? "country CODE shops from another, like country \(countries[1].isoCode)." : "The shop sells in one country only.")
        return lines.joined(separator: "\n")
    }

    static func collections(_ state: AppState) -> String {
        let list = state.collections
        guard list.hasLoadedFirstPage else { return "Collections: loading…" }
        var lines = ["Collections"]
        lines += numbered(list.items.map(\.title))
        if list.hasNextPage { lines.append("  more: the next page") }
        lines.append("open N to see a collection's products.")
        return lines.joined(separator: "\n")
    }

    static func products(_ state: AppState, handle: String) -> String {
        let title = state.collections.items.first { $0.handle == handle }?.title ?? handle
        guard let list = state.collectionProducts[handle], list.hasLoadedFirstPage else { return "\(title): loading…" }
        return productList(list, title: title)
    }

    /// "Title: 12 products", the numbered products, and what to do with them.
    static func productList(_ list: PagedList<Product>, title: String) -> String {
        var lines = ["\(title): \(list.items.count)\(list.hasNextPage ? "+" : "") products"]
        lines += numbered(list.items.map(productLine))
        if list.hasNextPage { lines.append("  more: the next page") }
        lines.append("open N to see a product, add N to put it in the cart.")
        return lines.joined(separator: "\n")
    }

    static func productLine(_ product: Product) -> String {
        let status = ProductTable.status(of: product).0
        return ([product.title, ProductTable.price(of: product)] + (status.isEmpty ? [] : [status])).joined(separator: " · ")
    }

    static func product(_ detail: ProductDetailState?) -> String {
        guard let detail else { return "Product: loading…" }
        if detail.notFound { return ProductDetailView.notFoundMessage(detail) }
        guard let product = detail.product else { return "Product: loading…" }
        var lines = [product.vendor.isEmpty ? product.title : "\(product.title) · \(product.vendor)"]
        if !product.description.isEmpty { lines.append(product.description) }
        for (index, option) in product.options.enumerated() where detail.selectedOptions.indices.contains(index) {
            let chosen = detail.selectedOptions[index].value
            let values = option.optionValues.map { $0.name == chosen ? "[\($0.name)]" : $0.name }
            lines.append("\(option.name): \(values.joined(separator: ", "))")
        }
        if let variant = detail.selectedVariant, !detail.sellingPlans.isEmpty {
            let choices = ["One-time"] + detail.sellingPlans.map { ProductDetailView.planLabel($0, price: variant.price) }
            let shown = choices.enumerated().map { $0.offset == detail.selectedPlanIndex ? "[\($0.element)]" : $0.element }
            lines.append("Purchase: \(shown.joined(separator: ", "))")
        }
        if let country = detail.notSoldIn {
            lines.append("Not sold in \(country).")
        } else if let variant = detail.selectedVariant {
            var price = (detail.unitPrice ?? variant.price).formatted
            if let plan = detail.selectedSellingPlan {
                price += " \(plan.cadence)"
            } else if variant.isOnSale, let was = variant.compareAtPrice {
                price += " (was \(was.formatted))"
            }
            let stock = detail.canAddToCart ? "available"
                : ProductDetailView.isSoldOutInEveryChoice(product) ? "sold out in every choice" : "sold out"
            lines.append("Selected: \(variant.title == "Default Title" ? product.title : variant.title) · \(price) · \(stock)")
        } else {
            lines.append("Selected: not available with these choices")
        }
        lines.append("Quantity: \(detail.quantity)")
        let setHint = product.options.isEmpty && detail.sellingPlans.isEmpty ? ""
            : detail.sellingPlans.isEmpty ? "set OPTION VALUE picks a choice, " : "set OPTION VALUE (or set Purchase PLAN) picks a choice, "
        lines.append("\(setHint)add (or add QUANTITY) puts it in the cart.")
        return lines.joined(separator: "\n")
    }

    static func search(_ search: SearchState) -> String {
        if let error = search.errorText {
            var lines = [error, "  " + search.query]
            if let position = search.errorPosition { lines.append(String(repeating: " ", count: 1 + position) + "^") }
            return lines.joined(separator: "\n")
        }
        guard let query = search.resultsQuery else { return "Search: type search QUERY (Shopify search syntax)." }
        let results = search.results
        guard !results.items.isEmpty else { return "Search \"\(query)\": no products." }
        return productList(results, title: "Search \"\(query)\"")
    }

    /// `taxNote`: the cart screen's line under the total ("Prices include VAT. Shipping is …").
    static func cart(_ state: CartState, taxNote: String) -> String {
        guard let cart = state.cart, !cart.isEmpty else { return "Your cart is empty." }
        var lines = ["Cart"]
        lines += numbered(cart.lines.map { line in
            let variant = line.merchandise.title.isEmpty || line.merchandise.title == "Default Title" ? "" : " · " + line.merchandise.title
            let plan = line.sellingPlanAllocation.map { " · \($0.sellingPlan.name) (subscription)" } ?? ""
            return "\(line.merchandise.productTitle)\(variant)\(plan) · \(line.quantity) × \(line.cost.amountPerQuantity.formatted)"
                + " = \(line.cost.totalAmount.formatted)" + (state.notSoldReason(line) == nil ? "" : " · not sold here")
        })
        let codes = cart.discountCodes.map { $0.code + ($0.applicable ? "" : " (not applicable)") }
        lines.append("Discount: \(codes.isEmpty ? "none" : codes.joined(separator: ", "))")
        // A code the shop refused says why, as on the cart screen.
        if let notice = state.discountNotice { lines.append("  ✗ \(notice)") }
        lines.append("Note: \(cart.note.flatMap { $0.isEmpty ? nil : $0 } ?? "none")")
        for warning in state.notSoldHere + state.warnings { lines.append("Warning: \(warning.message)") }
        lines.append("Subtotal: \(cart.cost.subtotalAmount.formatted)")
        lines.append("Total: \(cart.cost.totalAmount.formatted)")
        lines.append(taxNote)
        lines.append("qty N Q, remove N, discount CODE, note TEXT, checkout.")
        return lines.joined(separator: "\n")
    }

    static func account(_ account: AccountState) -> String {
        var lines: [String]
        switch account.status {
        case .unknown: lines = [account.isAvailable ? "Account: reading the session…" : "Accounts are not available here."]
        case .loggedOut: lines = ["Account: not logged in. login logs in."]
        case .loggingIn(let url):
            lines = ["Account: logging in."]
            if let url { lines.append("Open this address to log in: \(url.absoluteString)") }
            lines.append("cancel stops waiting.")
        case .loggedIn(let session):
            let customer = account.details ?? session.customer
            let name = [customer.firstName, customer.lastName].compactMap { $0 }.joined(separator: " ")
            let who = [name.isEmpty ? nil : name, customer.email].compactMap { $0 }.joined(separator: " · ")
            lines = [who.isEmpty ? "Account: logged in; the shop has no name or e-mail for you yet (your first checkout asks). logout logs out."
                                 : "Account: logged in as \(who). logout logs out."]
        case .sessionEnded(let reason): lines = ["Account: your session has ended (\(reason)). login logs in again."]
        }
        if account.isLoggedIn {
            if let orders = account.orders {
                lines.append(orders.isEmpty ? "No orders yet." : "Orders")
                lines += numbered(orders.map { order in
                    let items = order.lineItems.reduce(0) { $0 + $1.quantity }
                    return "\(order.name) · \(order.processedAt.ISO8601Format(.iso8601.year().month().day())) · "
                        + "\(order.totalPrice.formatted) · \(items) \(items == 1 ? "item" : "items")"
                })
            } else if account.isLoadingOrders {
                lines.append("Orders: loading…")
            }
        }
        return lines.joined(separator: "\n")
    }

    /// A secret field as plain mode prints it, whether or not the page shows its digits (a page shows
    /// a card number while its field has focus; a transcript must never hold one): every digit a
    /// dot, but the last four of a card number.
    static func masked(_ value: String) -> String {
        let digits = value.filter(\.isNumber).count
        var seen = 0
        return String(value.map { character -> Character in
            guard character.isNumber else { return character }
            seen += 1
            return digits > 8 && seen > digits - 4 ? character : "•"
        })
    }

    static func checkout(_ page: CheckoutPage) -> String {
        var lines = ["Checkout · \(stepTitle(page.step))"]
        if let notice = page.notice { lines.append("Notice: \(notice)") }
        switch page.step {
        case .loading:
            lines.append("Loading…")
        case .contact, .delivery, .payment:
            for field in page.fields {
                let shown = field.isMasked ? masked(field.displayValue) : field.displayValue
                let value = shown.isEmpty ? "(empty)" : shown
                lines.append("  \(field.label): \(value)" + (field.error.map { " (\($0))" } ?? ""))
            }
        case .shipping:
            lines += numbered(page.shippingRates.map { rate in
                "\(rate.title) · \(rate.price.formatted) · \(rate.estimate)" + (rate.id == page.selectedRateID ? " (chosen)" : "")
            })
        case .review:
            if let summary = page.summary { lines += summaryLines(summary) }
        case .thankYou:
            lines.append("Thank you for your order! Order \(page.orderName ?? "") (id \(page.orderId ?? "?")).")
        case .unavailable:
            break
        }
        return lines.joined(separator: "\n")
    }

    static func summaryLines(_ summary: CheckoutPage.Summary) -> [String] {
        var lines = summary.lines.map { line in
            "  \(line.title)\(line.terms) × \(line.quantity) = \(line.total.formatted)"
        }
        lines.append("  Subtotal: \(summary.subtotal.formatted)")
        if let shipping = summary.shipping { lines.append("  Shipping: \(shipping.formatted)") }
        if let taxes = summary.taxes {
            lines.append("  \(summary.taxesIncluded ? "\(summary.taxName) included" : summary.taxName): \(taxes.formatted)")
        }
        if summary.discounts.amount > 0 { lines.append("  Discounts: -\(summary.discounts.formatted)") }
        lines.append("  Total: \(summary.total.formatted)")
        return lines
    }

    static func stepTitle(_ step: CheckoutPage.Step) -> String {
        switch step {
        case .loading: "loading"
        case .contact: "Contact"
        case .delivery: "Delivery"
        case .shipping: "Shipping method"
        case .payment: "Payment"
        case .review: "Review your order"
        case .thankYou: "Thank you"
        case .unavailable: "Unavailable"
        }
    }

    /// "  1. text" lines, numbered from 1.
    static func numbered(_ items: [String]) -> [String] {
        items.enumerated().map { "  \($0.offset + 1). \($0.element)" }
    }
}
