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
    /// The name a saved card put in "Name on card" (protocol 2025-10): it belongs to that card,
    /// and goes with it when the card is declined or another card number is typed.
    private(set) var savedCardName: String?

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
        // The cart's selected delivery address pre-fills delivery, else a signed-in customer's
        // default address; the buyer can still change it.
        if let address = cart.deliveryAddresses.first(where: \.selected)?.address ?? buyer.customer?.defaultAddress {
            values.merge(Self.deliveryValues(address)) { _, fromAddress in fromAddress }
        }
        // A signed-in customer's name stands in "Name on card" (embedded and over the Storefront
        // API alike: both carry the customer on the cart); the buyer can change it.
        if let name = customerName { values["nameOnCard"] = name }
        // The option picked on the cart is the method preselected here (the rates share their
        // handles), so checkout charges what the cart showed.
        selectedRateID = cart.deliveryGroups.first?.selectedDeliveryOption?.handle
        enter(.contact)
    }

    var currencyCode: String { cart.cost.subtotalAmount.currencyCode }

    /// The signed-in customer's full name, when the cart carries one.
    var customerName: String? { Self.fullName(cart.buyerIdentity.customer?.firstName, cart.buyerIdentity.customer?.lastName) }

    /// The name that stands in "Name on card" until the buyer types one: the signed-in customer's,
    /// else, for a customer the shop knows no name for yet, the one their delivery address gave.
    /// A guest's stays empty.
    var suggestedCardName: String? {
        guard cart.buyerIdentity.customer != nil else { return nil }
        return customerName ?? Self.fullName(address?.firstName, address?.lastName)
    }

    private static func fullName(_ first: String?, _ last: String?) -> String? {
        let parts = [first, last].compactMap { $0?.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        return parts.isEmpty ? nil : parts.joined(separator: " ")
    }

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
                FieldSpec(id: "address2", label: "Apartment, suite (optional)", placeholder: ""),
                FieldSpec(id: "city", label: "City", placeholder: "City"),
                // A code ("NY") or a name ("Tokyo"): kept as typed, never cut to a code's length.
                FieldSpec(id: "zoneCode", label: "State / province (optional)", placeholder: "", maxLength: 40),
                FieldSpec(id: "postalCode", label: "ZIP / postal code", placeholder: "10001", maxLength: 10),
                FieldSpec(id: "phone", label: "Phone (optional)", placeholder: "+31 20 555 0199", maxLength: 20),
            ]
        case .payment:
            return [
                FieldSpec(id: "cardNumber", label: "Card number", placeholder: "1234 1234 1234 1234", kind: .cardNumber,
                          isMasked: true, maxLength: 19),
                // The digits only ("1229"); the page shows them as "12 / 29".
                FieldSpec(id: "expiry", label: "Expiration date (MM / YY)", placeholder: "MM / YY", kind: .expiry, maxLength: 4),
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
            let clean = TextSanitizer.cleanLine(text)
            let value = spec.kind == .expiry ? String(Self.typeExpiry(clean, after: self.value(id)).prefix(spec.maxLength))
                : FieldText.appending(Self.filter(clean, for: spec.kind), to: self.value(id), maximumCharacters: spec.maxLength)
            guard value != self.value(id) else { return false }
            return setFocused(value)
        case .deleteBackward:
            guard let id = focusedFieldID, !value(id).isEmpty else { return false }
            return setFocused(String(value(id).dropLast()))
        case .clearField:
            guard let id = focusedFieldID, !value(id).isEmpty else { return false }
            return setFocused("")
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

    /// Writes the focused field; its error goes, and so does a declined card's banner once the
    /// buyer changes the card.
    private mutating func setFocused(_ value: String) -> Bool {
        guard let id = focusedFieldID else { return false }
        if id == "cardNumber" { forgetSavedCardName() }
        if id == "nameOnCard" { savedCardName = nil }
        values[id] = value
        errors[id] = nil
        if step == .payment { notice = nil }
        return true
    }

    private static func filter(_ text: String, for kind: FieldSpec.Kind) -> String {
        switch kind {
        case .text: return text
        case .countryCode: return text.filter { $0.isASCII && $0.isLetter }.uppercased()
        case .cardNumber, .digits, .expiry: return text.filter { $0.isASCII && $0.isNumber }
        }
    }

    /// The expiry's digits after typing `text`: a month typed as one digit gets its leading zero
    /// ("4" is April, so is "1/"), the way card forms complete it.
    static func typeExpiry(_ text: String, after digits: String) -> String {
        var digits = digits
        for character in text {
            if character.isASCII && character.isNumber {
                if digits.isEmpty && character > "1" { digits = "0" }
                digits.append(character)
            } else if character == "/" && digits.count == 1 {
                digits = "0" + digits
            }
        }
        return digits
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
        // "Name on card" follows the address's name while it still holds the name suggested
        // before (or nothing): a name the buyer typed there, or a saved card's, stays.
        let suggested = suggestedCardName
        let followsAddress = savedCardName == nil && (value("nameOnCard").isEmpty || value("nameOnCard") == suggested)
        func optional(_ id: String) -> String? {
            let v = value(id).trimmingCharacters(in: .whitespaces)
            return v.isEmpty ? nil : v
        }
        address = MailingAddress(firstName: optional("firstName"), lastName: optional("lastName"),
                                 address1: optional("address1"), address2: optional("address2"), city: optional("city"),
                                 zoneCode: optional("zoneCode").map { $0.count <= 3 ? $0.uppercased() : $0 }, countryCode: country,
                                 postalCode: optional("postalCode")?.uppercased(), phone: optional("phone"))
        if followsAddress { values["nameOnCard"] = suggestedCardName ?? "" }
        rates = DeliveryRates.options(country: country, shopCountry: shop.countryCode, merchandise: merchandiseTotal)
            .map(CheckoutPage.ShippingRate.init)
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

    // MARK: Across loads

    /// What the buyer gave so far, as the store keeps it for the checkout session: contact,
    /// address and shipping choice, and the step reached. Never the card.
    struct Progress: Sendable {
        var values: [String: String]
        var selectedRateID: String?
        var step: CheckoutPage.Step
    }

    /// The fields that belong to one country's address (the names and the phone do not).
    static let placeFieldIDs = ["countryCode", "address1", "address2", "city", "zoneCode", "postalCode"]

    var progress: Progress {
        Progress(values: values.filter { !Self.cardFieldIDs.contains($0.key) }, selectedRateID: selectedRateID,
                 step: step)
    }

    /// Takes up a session loaded again (a recovery, the sheet reopened): the values come back and
    /// the steps already passed are passed again, so the buyer lands where they were (at most at
    /// payment: the card is typed again). A step that no longer passes stops there, with its errors.
    mutating func resume(_ saved: Progress) {
        var kept = saved.values
        // The cart moved to another country since (the shopper picked another market): the delivery
        // country is the cart's, and an address written for the old one does not come back.
        if let market = cart.buyerIdentity.countryCode?.uppercased(), let old = kept["countryCode"], old != market {
            for id in Self.placeFieldIDs { kept[id] = nil }
        }
        values.merge(kept) { _, kept in kept }
        selectedRateID = saved.selectedRateID
        let order: [CheckoutPage.Step] = [.contact, .delivery, .shipping, .payment]
        let reached = order.firstIndex(of: saved.step == .review ? .payment : saved.step) ?? 0
        if reached >= 1, !submitContact() { return }
        if reached >= 2, !submitDelivery() { return }
        if reached >= 3 {
            selectedRateID = rates.contains { $0.id == saved.selectedRateID } ? saved.selectedRateID : selectedRateID
            _ = submitShipping()
        }
    }

    /// The host picked the delivery address (protocol 2025-10): it fills the delivery fields.
    mutating func fillDelivery(_ address: MailingAddress) {
        values.merge(Self.deliveryValues(address)) { _, given in given }
        for id in Self.deliveryValues(address).keys { errors[id] = nil }
        notice = nil
    }

    /// The host picked a saved card (protocol 2025-10): it fills the card fields, to be vaulted on submit.
    mutating func fillCard(_ card: CheckoutPaymentCard) {
        let given = ["cardNumber": card.number.filter(\.isNumber), "expiry": Self.typeExpiry(card.expiry, after: ""),
                     "securityCode": card.securityCode, "nameOnCard": card.nameOnCard]
        for (id, value) in given { values[id] = value; errors[id] = nil }
        savedCardName = card.nameOnCard
        notice = nil
        focusedFieldID = nil
    }

    /// The saved card is no longer the one paying: its name leaves "Name on card" (a name the
    /// buyer typed over it stays); the suggested name comes back.
    private mutating func forgetSavedCardName() {
        guard let saved = savedCardName else { return }
        savedCardName = nil
        if value("nameOnCard") == saved { values["nameOnCard"] = suggestedCardName }
    }

    /// The card's secret parts: never kept beyond the page, never resumed.
    static let cardFieldIDs: Set<String> = ["cardNumber", "expiry", "securityCode"]

    /// The card was vaulted: forget what was typed, go to the review. A saved card's name stays
    /// its own: declined at the review, the card takes it along.
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
        forgetSavedCardName()
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
        for id in Self.cardFieldIDs { values[id] = nil; errors[id] = nil }
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

    /// A shop whose prices include taxes (the Netherlands: VAT) charges what the cart said; the
    /// taxes are the part of it that is tax. Otherwise taxes are added once the address is known.
    var taxesIncluded: Bool { ShippingCountry.named(shop.countryCode)?.pricesIncludeTaxes ?? false }

    var subtotal: Money { cart.cost.subtotalAmount }

    /// Cart-level discounts: what the cart's total takes off its subtotal.
    var discounts: Money {
        let off = cart.cost.subtotalAmount - cart.cost.totalAmount
        return off.amount > 0 ? off : .zero(currencyCode)
    }

    var merchandiseTotal: Money { subtotal - discounts }

    var shipping: Money? { shippingConfirmed ? selectedRate?.price : nil }

    /// What the page shows while the buyer chooses, by the shop's own rule (`CheckoutTotals`);
    /// once the order is placed, the order's own figures.
    private func totals(shipping: Money?) -> CheckoutTotals? {
        try? CheckoutTotals(subtotal: subtotal, discounts: discounts, shipping: shipping, shopCountry: shop.countryCode,
                            taxCountry: countryCode, addressKnown: address != nil)
    }

    var taxes: Money? { totals(shipping: shipping)?.taxes }

    var total: Money { totals(shipping: shipping)?.total ?? merchandiseTotal }

    /// The shipping the page shows: on the shipping step, the rate being chosen counts already.
    private var shownShipping: Money? { shipping ?? (step == .shipping ? selectedRate?.price : nil) }

    var discountTitles: [String] { cart.discountCodes.filter(\.applicable).map(\.code) }

    var summary: CheckoutPage.Summary {
        let taxName = taxesIncluded || address != nil ? ShippingCountry.named(countryCode)?.taxName ?? "Taxes" : "Taxes"
        // The thank-you page shows the order the shop recorded: its lines and its amounts.
        if let placed = order?.draft {
            return CheckoutPage.Summary(
                lines: placed.lineItems.map {
                    .init(title: $0.title, variantTitle: $0.variantTitle, quantity: $0.quantity, total: ($0.price * $0.quantity).rounded(),
                          recurring: $0.sellingPlanName)
                },
                subtotal: placed.subtotal, shipping: placed.shipping, taxes: placed.taxes, discounts: placed.discounts,
                total: placed.total, taxesIncluded: taxesIncluded, taxName: taxName)
        }
        let shown = totals(shipping: shownShipping)
        return CheckoutPage.Summary(
            lines: cart.lines.map {
                .init(title: $0.merchandise.productTitle, variantTitle: $0.merchandise.title, quantity: $0.quantity,
                      total: $0.cost.totalAmount, recurring: $0.sellingPlanAllocation?.sellingPlan.name)
            },
            subtotal: subtotal, shipping: shownShipping, taxes: shown?.taxes, discounts: discounts,
            total: shown?.total ?? merchandiseTotal, taxesIncluded: taxesIncluded, taxName: taxName)
    }

    /// What the buyer gave, for the review and the thank-you page.
    var details: [CheckoutPage.Detail] {
        var details: [CheckoutPage.Detail] = []
        if let contact = email ?? phone { details.append(.init("Contact", contact)) }
        if let address {
            let name = [address.firstName, address.lastName].compactMap { $0 }.joined(separator: " ")
            // "New York NY 10118" in North America, "1016 GV Amsterdam" elsewhere.
            let american = ["US", "CA"].contains(address.countryCode ?? "")
            let city = (american ? [address.city, address.zoneCode, address.postalCode] : [address.postalCode, address.city, address.zoneCode])
                .compactMap { $0 }.joined(separator: " ")
            let parts = [name, address.address1 ?? "", address.address2 ?? "", city, address.countryCode ?? ""]
            details.append(.init("Ship to", parts.filter { !$0.isEmpty }.joined(separator: ", ")))
        }
        if shippingConfirmed, let rate = selectedRate {
            details.append(.init("Method", "\(rate.title) · \(rate.price.amount == 0 ? "Free" : rate.price.formatted)"))
        }
        if let card { details.append(.init("Payment", "\(card.brand.rawValue) •••• \(card.lastFour)")) }
        return details
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
            // The buyer sees what they type; the number is hidden once they leave the field.
            case "cardNumber": display = focusedFieldID == spec.id ? PaymentCard.grouped(raw) : PaymentCard.masked(raw)
            case "expiry": display = PaymentCard.formattedExpiry(raw)
            case "securityCode": display = String(repeating: "•", count: raw.count)
            default: display = raw
            }
            // The postal code and phone examples are the chosen country's ("1012 AB" for the Netherlands).
            let country = ShippingCountry.named(value("countryCode"))
            let placeholder = switch spec.id {
            case "postalCode": country?.postalExample ?? spec.placeholder
            case "phone": country?.phoneExample ?? spec.placeholder
            default: spec.placeholder
            }
            return CheckoutPage.Field(id: spec.id, label: spec.label, displayValue: display, placeholder: placeholder,
                                      error: errors[spec.id], isMasked: spec.isMasked)
        }
        return CheckoutPage(step: step, progress: 1, fields: fields, focusedFieldID: focusedFieldID,
                            shippingRates: step == .shipping ? rates : [], selectedRateID: selectedRateID,
                            summary: summary, notice: notice, links: links, orderName: order?.name, orderId: order?.id,
                            isBusy: isBusy, details: [.review, .thankYou].contains(step) ? details : [])
    }
}
