import Storefront

/// What the checkout page shows right now: the value the terminal draws inside the sheet.
/// The simulated web checkout produces it; the host never edits it directly.
public struct CheckoutPage: Hashable, Sendable {
    public enum Step: String, Hashable, Sendable, CaseIterable {
        case loading, contact, delivery, shipping, payment, review, thankYou
        /// A blocking page shown by the web checkout (password, queue, expired cart) before the sheet fails.
        case unavailable
    }

    /// One form field. `value` is what the buyer typed; for a masked field the page only ever exposes
    /// `displayValue` (the card number shows as "•••• •••• •••• 4242").
    public struct Field: Hashable, Sendable, Identifiable {
        public var id: String
        public var label: String
        public var displayValue: String
        public var placeholder: String
        public var error: String?
        public var isMasked: Bool
        public init(id: String, label: String, displayValue: String, placeholder: String = "", error: String? = nil,
                    isMasked: Bool = false) {
            self.id = id; self.label = label; self.displayValue = displayValue; self.placeholder = placeholder
            self.error = error; self.isMasked = isMasked
        }
    }

    public struct ShippingRate: Hashable, Sendable, Identifiable {
        public var id: String
        public var title: String
        public var price: Money
        public var estimate: String
        public init(id: String, title: String, price: Money, estimate: String) {
            self.id = id; self.title = title; self.price = price; self.estimate = estimate
        }
    }

    public struct Summary: Hashable, Sendable {
        public struct Line: Hashable, Sendable {
            public var title: String
            public var variantTitle: String
            public var quantity: Int
            public var total: Money
            /// The subscription the line is bought on ("Every 2 weeks"); nil when bought once.
            public var recurring: String?
            public init(title: String, variantTitle: String, quantity: Int, total: Money, recurring: String? = nil) {
                self.title = title; self.variantTitle = variantTitle; self.quantity = quantity; self.total = total
                self.recurring = recurring
            }

            /// " · Variant · ↻ Every 2 weeks", or "" for a single-variant product bought once.
            public var terms: String {
                let variant = variantTitle.isEmpty || variantTitle == "Default Title" ? "" : " · " + variantTitle
                return variant + (recurring.map { " · ↻ " + $0 } ?? "")
            }
        }
        public var lines: [Line]
        public var subtotal: Money
        public var shipping: Money?
        public var taxes: Money?
        public var discounts: Money
        public var total: Money
        /// True when the prices already contain the taxes (a Dutch shop's prices include VAT): the
        /// total does not grow by `taxes`, which only says how much of it is tax.
        public var taxesIncluded: Bool
        /// What the taxes are called where the order goes ("VAT", "sales tax").
        public var taxName: String
        /// The label of the tax inside the total, mid-phrase: "Incl. VAT", "Incl. consumption tax"
        /// (an acronym keeps its capitals, a name is lowered as in a sentence).
        public var includedTaxLabel: String {
            let chars = Array(taxName)
            guard chars.count > 1, !chars[1].isUppercase, let first = chars.first else { return "Incl. \(taxName)" }
            return "Incl. " + first.lowercased() + String(chars.dropFirst())
        }
        public init(lines: [Line], subtotal: Money, shipping: Money?, taxes: Money?, discounts: Money, total: Money,
                    taxesIncluded: Bool = false, taxName: String = "Taxes") {
            self.lines = lines; self.subtotal = subtotal; self.shipping = shipping; self.taxes = taxes
            self.discounts = discounts; self.total = total; self.taxesIncluded = taxesIncluded; self.taxName = taxName
        }
    }

    /// What the buyer gave on an earlier step, repeated on the review and thank-you pages
    /// ("Contact", "ada@example.com").
    public struct Detail: Hashable, Sendable {
        public var label: String
        public var value: String
        public init(_ label: String, _ value: String) { self.label = label; self.value = value }
    }

    /// A link the page shows (refund policy, contact e-mail, phone): opening one is a link-click event.
    public struct Link: Hashable, Sendable {
        public var title: String
        public var url: String
        public init(title: String, url: String) { self.title = title; self.url = url }
    }

    public var step: Step
    /// Loading progress, 0...1, while `step == .loading`.
    public var progress: Double
    public var fields: [Field]
    public var focusedFieldID: String?
    public var shippingRates: [ShippingRate]
    public var selectedRateID: String?
    public var summary: Summary?
    /// A message about the whole step (a declined card, for example), shown above the fields.
    public var notice: String?
    public var links: [Link]
    /// Set on the thank-you page.
    public var orderName: String?
    public var orderId: String?
    /// True while the page is busy (submitting a payment); input is ignored meanwhile.
    public var isBusy: Bool
    /// Set when this shop takes payment only in its web checkout: the address to pay at, in a
    /// browser. The page waits for the order there (`unavailable` step), then shows it placed
    /// (`thankYou`).
    public var webCheckoutURL: String?
    /// Contact, delivery address, shipping method and card, on the review and thank-you pages.
    public var details: [Detail]

    public init(step: Step, progress: Double = 0, fields: [Field] = [], focusedFieldID: String? = nil,
                shippingRates: [ShippingRate] = [], selectedRateID: String? = nil, summary: Summary? = nil,
                notice: String? = nil, links: [Link] = [], orderName: String? = nil, orderId: String? = nil,
                isBusy: Bool = false, webCheckoutURL: String? = nil, details: [Detail] = []) {
        self.step = step; self.progress = progress; self.fields = fields; self.focusedFieldID = focusedFieldID
        self.shippingRates = shippingRates; self.selectedRateID = selectedRateID; self.summary = summary
        self.notice = notice; self.links = links; self.orderName = orderName; self.orderId = orderId
        self.isBusy = isBusy; self.webCheckoutURL = webCheckoutURL; self.details = details
    }

    public static let loading = CheckoutPage(step: .loading)
}

/// What the buyer does on the page.
public enum CheckoutPageInput: Hashable, Sendable {
    /// Types text into the focused field (appended at the end).
    case insert(String)
    /// Deletes the last character of the focused field.
    case deleteBackward
    /// Empties the focused field (ctrl-u).
    case clearField
    case focusNext
    case focusPrevious
    case focus(fieldID: String)
    /// Chooses a shipping rate (shipping step), by id.
    case selectRate(id: String)
    /// Continue / Pay now.
    case submit
    /// Back to the previous step.
    case back
    /// Opens one of the page's links.
    case openLink(url: String)
}

extension CheckoutPage.ShippingRate {
    /// A delivery option of the shop's rates, as the shipping step offers it: its id is the handle.
    init(_ option: CartDeliveryOption) {
        self.init(id: option.handle, title: option.title, price: option.estimatedCost, estimate: option.description ?? "")
    }
}
