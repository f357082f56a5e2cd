import Foundation
import Storefront

/// The checkout page's state as a value: the step, what the buyer typed, inline errors, focus,
/// what each step accepted (contact, address, shipping rate, vaulted card) and the totals. It does
/// no I/O: `SimulatedCheckout` drives it and does the vaulting, the payment and the order.
///
/// The card number typed on the payment step lives here only until it is vaulted (or declined);
/// the page it produces shows it masked.
struct CheckoutForm: Sendable {
    /// A field of a step.
    struct FieldSpec: Sendable {
        enum Kind: Sendable { case text, countryCode, cardNumber, expiry, digits }
        var id: String
        var label: String
        var placeholder: String
        var kind: Kind = .text
        var isMasked = false
        var maxLength = 100
    }

    /// A card as typed, on its way to the vault.
    struct CardEntry: Sendable {
        var number: String
        var nameOnCard: String
    }

    let cart: Cart
    let shop: Shop
    let token: String
    private(set) var step: CheckoutPage.Step = .contact
    private(set) var values: [String: String] = [:]
    private(set) var errors: [String: String] = [:]
    private(set) var focusedFieldID: String?
    var notice: String?
    var isBusy = false

    private(set) var email: String?
    private(set) var phone: String?
    private(set) var address: MailingAddress?
    private(set) var rates: [CheckoutPage.ShippingRate] = []
    private(set) var selectedRateID: String?
    private(set) var shippingConfirmed = false
    private(set) var card: VaultedCard?
    private(set) var order: Order?

    init(cart: Cart, shop: Shop, token: String) {
        self.cart = cart
        self.shop = shop
        self.token = token
        let buyer = cart.buyerIdentity
        values["contact"] = buyer.email ?? buyer.phone ?? ""
        // The buyer identity pre-fills the checkout: it is known from the start (checkout_started).
        if let email = buyer.email, CheckoutValidation.isEmail(email) { self.email = email }
        else if let phone = buyer.phone, CheckoutValidation.isPhone(phone) { self.phone = phone }
        values["countryCode"] = (buyer.countryCode ?? shop.countryCode).uppercased()
        // A signed-in customer's default address pre-fills delivery; the buyer can still change it.
        if let address = buyer.customer?.defaultAddress {
            values.merge(Self.deliveryValues(address)) { _, fromAddress in fromAddress }
        }
        enter(.contact)
    }

    var currencyCode: String { cart.cost.subtotalAmount.currencyCode }

    // MARK: Fields

    static func fields(for step: CheckoutPage.Step) -> [FieldSpec] {
        switch step {
        case .contact:
            return [FieldSpec(id: "contact", label: "Email or mobile phone number", placeholder: "you@example.com")]
        case .delivery:
            return [
                FieldSpec(id: "countryCode", label: "Country/Region", placeholder: "US", kind: .countryCode, maxLength: 2),
                FieldSpec(id: "firstName", label: "First name", placeholder: "Jane"),
                FieldSpec(id: "lastName", label: "Last name", placeholder: "Doe"),
                FieldSpec(id: "address1", label: "Address", placeholder: "Street and house number"),
                FieldSpec(id: "address2", label: "Apartment, suite, etc. (optional)", placeholder: ""),
                FieldSpec(id: "city", label: "City", placeholder: "City"),
                FieldSpec(id: "zoneCode", label: "State / province (optional)", placeholder: "", maxLength: 3),
                FieldSpec(id: "postalCode", label: "ZIP / postal code", placeholder: "10001", maxLength: 10),
                FieldSpec(id: "phone", label: "Phone (optional)", placeholder: "+31 20 555 0199", maxLength: 20),
            ]
        case .payment:
            return [
                FieldSpec(id: "cardNumber", label: "Card number", placeholder: "1234 1234 1234 1234", kind: .cardNumber,
                          isMasked: true, maxLength: 19),
                FieldSpec(id: "expiry", label: "Expiration date (MM / YY)", placeholder: "MM / YY", kind: .expiry, maxLength: 7),
                FieldSpec(id: "securityCode", label: "Security code", placeholder: "CVC", kind: .digits, isMasked: true,
                          maxLength: 4),
                FieldSpec(id: "nameOnCard", label: "Name on card", placeholder: "Jane Doe"),
            ]
        case .loading, .shipping, .review, .thankYou, .unavailable:
            return []
        }
    }

    var fields: [FieldSpec] { Self.fields(for: step) }

    func value(_ id: String) -> String { values[id] ?? "" }

    // MARK: Editing

    /// Applies an editing input (typing, deleting, focus, rate choice). Returns false when it changed nothing.
    mutating func edit(_ input: CheckoutPageInput) -> Bool {
        guard !isBusy else { return false }
        switch input {
        case .insert(let text):
            guard let id = focusedFieldID, let spec = fields.first(where: { $0.id == id }) else { return false }
            let accepted = Self.filter(TextSanitizer.cleanLine(text), for: spec.kind)
            var value = self.value(id) + accepted
            if value.count > spec.maxLength { value = String(value.prefix(spec.maxLength)) }
            guard value != self.value(id) else { return false }
            values[id] = value
            errors[id] = nil
            return true
        case .deleteBackward:
            guard let id = focusedFieldID, !value(id).isEmpty else { return false }
            values[id] = String(value(id).dropLast())
            errors[id] = nil
            return true
        case .focusNext, .focusPrevious:
            let ids = fields.map(\.id)
            guard !ids.isEmpty else { return false }
            let current = focusedFieldID.flatMap { ids.firstIndex(of: $0) }
            let offset = input == .focusNext ? 1 : ids.count - 1
            focusedFieldID = ids[current.map { ($0 + offset) % ids.count } ?? 0]
            return true
        case .focus(let id):
            guard fields.contains(where: { $0.id == id }), focusedFieldID != id else { return false }
            focusedFieldID = id
            return true
        case .selectRate(let id):
            guard step == .shipping, rates.contains(where: { $0.id == id }), selectedRateID != id else { return false }
            selectedRateID = id
            return true
        case .submit, .back, .openLink:
            return false
        }
    }

    private static func filter(_ text: String, for kind: FieldSpec.Kind) -> String {
        switch kind {
        case .text: return text
        case .countryCode: return text.filter { $0.isASCII && $0.isLetter }.uppercased()
        case .cardNumber, .digits: return text.filter { $0.isASCII && $0.isNumber }
        case .expiry: return text.filter { ($0.isASCII && $0.isNumber) || $0 == "/" || $0 == " " }
        }
    }

    // MARK: Steps

    /// Moves to `step`, focusing its first empty field.
    mutating func enter(_ step: CheckoutPage.Step) {
        self.step = step
        let specs = fields
        focusedFieldID = (specs.first { value($0.id).isEmpty } ?? specs.first)?.id
    }

    /// The step "back" leads to, if any.
    var previousStep: CheckoutPage.Step? {
        switch step {
        case .delivery: return .contact
        case .shipping: return .delivery
        case .payment: return .shipping
        case .review: return .payment
        default: return nil
        }
    }

    mutating func back() -> Bool {
        guard !isBusy, let previous = previousStep else { return false }
        notice = nil
        enter(previous)
        return true
    }

    /// Validates the contact step; on success moves to delivery.
    mutating func submitContact() -> Bool {
        let contact = value("contact").trimmingCharacters(in: .whitespaces)
        guard check(["contact": CheckoutValidation.contact(contact)]) else { return false }
        if CheckoutValidation.isEmail(contact) { email = contact; phone = nil } else { phone = contact; email = nil }
        enter(.delivery)
        return true
    }

    /// Validates the address; on success offers the shipping rates for its country.
    mutating func submitDelivery() -> Bool {
        let country = value("countryCode")
        let checks: [String: String?] = [
            "countryCode": CheckoutValidation.country(country),
            "firstName": CheckoutValidation.required(value("firstName"), "Enter a first name"),
            "lastName": CheckoutValidation.required(value("lastName"), "Enter a last name"),
            "address1": CheckoutValidation.required(value("address1"), "Enter an address"),
            "city": CheckoutValidation.required(value("city"), "Enter a city"),
            "postalCode": CheckoutValidation.postalCode(value("postalCode"), country: country),
            "phone": CheckoutValidation.optionalPhone(value("phone")),
        ]
        guard check(checks) else { return false }
        func optional(_ id: String) -> String? {
            let v = value(id).trimmingCharacters(in: .whitespaces)
            return v.isEmpty ? nil : v
        }
        address = MailingAddress(firstName: optional("firstName"), lastName: optional("lastName"),
                                 address1: optional("address1"), address2: optional("address2"), city: optional("city"),
                                 zoneCode: optional("zoneCode")?.uppercased(), countryCode: country,
                                 postalCode: optional("postalCode")?.uppercased(), phone: optional("phone"))
        rates = ShippingRateTable.rates(country: country, shopCountry: shop.countryCode, subtotal: merchandiseTotal)
        if !rates.contains(where: { $0.id == selectedRateID }) { selectedRateID = rates.first?.id }
        shippingConfirmed = false
        enter(.shipping)
        return true
    }

    mutating func submitShipping() -> Bool {
        guard selectedRate != nil else { notice = "Choose a shipping method"; return false }
        notice = nil
        shippingConfirmed = true
        enter(.payment)
        return true
    }

    /// Validates the card fields; the entry goes to the vault, the page keeps nothing of it after.
    mutating func validatePayment(now: Date) -> CardEntry? {
        let number = value("cardNumber")
        let brand = PaymentCard.brand(of: number)
        let checks: [String: String?] = [
            "cardNumber": CheckoutValidation.cardNumber(number),
            "expiry": CheckoutValidation.expiry(value("expiry"), now: now),
            "securityCode": CheckoutValidation.securityCode(value("securityCode"), brand: brand),
            "nameOnCard": CheckoutValidation.required(value("nameOnCard"), "Enter your name exactly as it's written on your card"),
        ]
        guard check(checks) else { return nil }
        return CardEntry(number: number, nameOnCard: value("nameOnCard").trimmingCharacters(in: .whitespaces))
    }

    /// The card was vaulted: forget what was typed, go to the review.
    mutating func accept(_ card: VaultedCard) {
        self.card = card
        clearCardFields()
        notice = nil
        enter(.review)
    }

    /// The card was declined: back to payment with an inline error; the buyer enters another card.
    mutating func declined(_ message: String) {
        card = nil
        clearCardFields()
        isBusy = false
        notice = message
        enter(.payment)
        errors["cardNumber"] = message
    }

    mutating func placed(_ order: Order) {
        self.order = order
        isBusy = false
        notice = nil
        enter(.thankYou)
    }

    private mutating func clearCardFields() {
        for id in ["cardNumber", "expiry", "securityCode"] { values[id] = nil; errors[id] = nil }
    }

    /// Records the errors; focuses the first failing field. True when there are none.
    private mutating func check(_ results: [String: String?]) -> Bool {
        for (id, message) in results { errors[id] = message }
        let failing = fields.map(\.id).filter { errors[$0] != nil }
        if let first = failing.first { focusedFieldID = first }
        return failing.isEmpty
    }

    // MARK: Totals

    var selectedRate: CheckoutPage.ShippingRate? { rates.first { $0.id == selectedRateID } }

    var subtotal: Money { cart.cost.subtotalAmount }

    /// Cart-level discounts: what the cart's total takes off its subtotal.
    var discounts: Money {
        let off = cart.cost.subtotalAmount - cart.cost.totalAmount
        return off.amount > 0 ? off : .zero(currencyCode)
    }

    var merchandiseTotal: Money { subtotal - discounts }

    var shipping: Money? { shippingConfirmed ? selectedRate?.price : nil }

    /// Tax on the merchandise after discounts, at the delivery country's rate; unknown before the address.
    var taxes: Money? {
        guard let country = address?.countryCode else { return nil }
        return merchandiseTotal.multiplied(by: ShippingCountry.named(country)?.taxRate ?? 0)
    }

    var total: Money { merchandiseTotal + (shipping ?? .zero(currencyCode)) + (taxes ?? .zero(currencyCode)) }

    var discountTitles: [String] { cart.discountCodes.filter(\.applicable).map(\.code) }

    var summary: CheckoutPage.Summary {
        CheckoutPage.Summary(
            lines: cart.lines.map {
                .init(title: $0.merchandise.productTitle, variantTitle: $0.merchandise.title, quantity: $0.quantity,
                      total: $0.cost.totalAmount)
            },
            subtotal: subtotal, shipping: shipping, taxes: taxes, discounts: discounts, total: total)
    }

    /// The country the checkout is localised for: the delivery address, else the buyer's, else the shop's.
    var countryCode: String { address?.countryCode ?? cart.buyerIdentity.countryCode ?? shop.countryCode }

    // MARK: The page

    static func pathSegment(_ step: CheckoutPage.Step) -> String {
        switch step {
        case .contact: return "information"
        case .delivery: return "delivery"
        case .shipping: return "shipping"
        case .payment: return "payment"
        case .review: return "review"
        case .thankYou: return "thank-you"
        case .loading, .unavailable: return ""
        }
    }

    var pathname: String { "/checkouts/cn/\(token)/\(Self.pathSegment(step))" }

    /// The URL of the current step; the thank-you page carries the order id.
    var url: String {
        let base = "https://\(shop.domain)\(pathname)"
        if step == .thankYou, let order { return "\(base)?order_id=\(order.id)" }
        return base
    }

    func page(links: [CheckoutPage.Link]) -> CheckoutPage {
        let fields = self.fields.map { spec -> CheckoutPage.Field in
            let raw = value(spec.id)
            let display: String
            switch spec.id {
            case "cardNumber": display = PaymentCard.masked(raw)
            case "securityCode": display = String(repeating: "•", count: raw.count)
            default: display = raw
            }
            // The postal code example is the chosen country's ("1012 AB" for the Netherlands).
            let placeholder = spec.id == "postalCode"
                ? ShippingCountry.named(value("countryCode"))?.postalExample ?? spec.placeholder : spec.placeholder
            return CheckoutPage.Field(id: spec.id, label: spec.label, displayValue: display, placeholder: placeholder,
                                      error: errors[spec.id], isMasked: spec.isMasked)
        }
        return CheckoutPage(step: step, progress: 1, fields: fields, focusedFieldID: focusedFieldID,
                            shippingRates: step == .shipping ? rates : [], selectedRateID: selectedRateID,
                            summary: summary, notice: notice, links: links, orderName: order?.name, orderId: order?.id,
                            isBusy: isBusy)
    }
}
