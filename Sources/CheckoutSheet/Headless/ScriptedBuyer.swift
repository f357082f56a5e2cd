/// A buyer who fills in every step of the checkout page the way a person would (focus a field,
/// type, submit), following a plan: which cards to try, where to close the sheet, which links to
/// open. Used by `checkout-demo` and the tests; it reads only the page, like a person.
package struct ScriptedBuyer: Sendable {
    package struct Plan: Hashable, Sendable {
        /// Card numbers tried in order, the next one after each decline or failure; when they run
        /// out the buyer closes the sheet.
        package var cards: [String]
        /// Close the sheet on reaching this step (instead of filling it in).
        package var closeAt: CheckoutPage.Step?
        /// Close the sheet on the thank-you page (the usual way out); otherwise leave it up.
        package var closeAfterCompletion: Bool
        /// Titles of page links to open on the first step.
        package var openLinks: [String]
        /// Press "Pay now" twice at once, like an impatient double Enter.
        package var doubleSubmit: Bool
        /// Close the sheet when the review shows a notice (Pay now failed) instead of trying again.
        package var closeOnNotice: Bool

        package init(cards: [String] = [TestCards.approved], closeAt: CheckoutPage.Step? = nil,
                    closeAfterCompletion: Bool = false, openLinks: [String] = [], doubleSubmit: Bool = false,
                    closeOnNotice: Bool = false) {
            self.cards = cards; self.closeAt = closeAt; self.closeAfterCompletion = closeAfterCompletion
            self.openLinks = openLinks; self.doubleSubmit = doubleSubmit; self.closeOnNotice = closeOnNotice
        }
    }

    /// What the buyer does next.
    package enum Action: Hashable, Sendable {
        /// Inputs, sent one after the other.
        case inputs([CheckoutPageInput])
        /// Press "Pay now" twice concurrently.
        case doubleSubmit
        /// Close the sheet.
        case close
        /// Nothing left to do.
        case done
    }

    package var plan: Plan
    package var email = "ada.lovelace@example.com"
    package var nameOnCard = "Ada Lovelace"
    package var expiry = "12/30"
    private var cardsUsed = 0
    private var linksOpened = false
    private var lastPage: CheckoutPage?
    private var repeats = 0

    package init(plan: Plan) { self.plan = plan }

    package mutating func next(on page: CheckoutPage) -> Action {
        // The same page twice in a row means the last inputs did not get anywhere: stop trying.
        repeats = page == lastPage ? repeats + 1 : 0
        lastPage = page
        if repeats >= 2 || page.isBusy { return .done }
        if page.step == plan.closeAt && (linksOpened || plan.openLinks.isEmpty) { return .close }
        switch page.step {
        case .loading:
            return .done
        case .unavailable:
            return .close
        case .contact:
            if !linksOpened && !plan.openLinks.isEmpty {
                linksOpened = true
                let urls = plan.openLinks.compactMap { title in page.links.first { $0.title == title }?.url }
                return .inputs(urls.map { .openLink(url: $0) })
            }
            return .inputs(fill(page, ["contact": email]) + [.submit])
        case .delivery:
            let country = page.fields.first { $0.id == "countryCode" }?.displayValue ?? ""
            let address = Self.sampleAddress(country) ?? Self.sampleAddress("US")!
            var inputs: [CheckoutPageInput] = []
            if Self.sampleAddress(country) == nil {
                inputs += [.focus(fieldID: "countryCode")] + Array(repeating: .deleteBackward, count: country.count)
                    + [.insert("US")]
            }
            return .inputs(inputs + fill(page, address) + [.submit])
        case .shipping:
            return .inputs([.submit])
        case .payment:
            // Out of cards: the buyer gives up.
            guard cardsUsed < plan.cards.count else { return .close }
            let card = plan.cards[cardsUsed]
            cardsUsed += 1
            let values = ["cardNumber": card, "expiry": expiry, "securityCode": card.hasPrefix("3") ? "1234" : "123",
                          "nameOnCard": nameOnCard]
            return .inputs(fill(page, values) + [.submit])
        case .review:
            if plan.closeOnNotice && page.notice != nil { return .close }
            return plan.doubleSubmit ? .doubleSubmit : .inputs([.submit])
        case .thankYou:
            return plan.closeAfterCompletion ? .close : .done
        }
    }

    /// Types into the fields that are empty (pre-filled ones are left as they are).
    private func fill(_ page: CheckoutPage, _ values: [String: String]) -> [CheckoutPageInput] {
        page.fields.flatMap { field -> [CheckoutPageInput] in
            guard let value = values[field.id], field.displayValue.isEmpty else { return [] }
            return [.focus(fieldID: field.id), .insert(value)]
        }
    }

    /// A delivery address that passes the page's checks for `country`.
    package static func sampleAddress(_ country: String) -> [String: String]? {
        let base = ["firstName": "Ada", "lastName": "Lovelace"]
        let specific: [String: String]
        switch country {
        case "US": specific = ["address1": "350 Fifth Avenue", "city": "New York", "zoneCode": "NY", "postalCode": "10118"]
        case "CA": specific = ["address1": "290 Bremner Blvd", "city": "Toronto", "zoneCode": "ON", "postalCode": "M5V 3L9"]
        case "GB": specific = ["address1": "10 Downing Street", "city": "London", "postalCode": "SW1A 2AA"]
        case "DE": specific = ["address1": "Pariser Platz 1", "city": "Berlin", "postalCode": "10117"]
        case "FR": specific = ["address1": "5 Avenue Anatole France", "city": "Paris", "postalCode": "75007"]
        case "AU": specific = ["address1": "1 Macquarie Street", "city": "Sydney", "zoneCode": "NSW", "postalCode": "2000"]
        case "JP": specific = ["address1": "1-1 Chiyoda", "city": "Tokyo", "postalCode": "100-8111"]
        case "NL": specific = ["address1": "Prinsengracht 263", "city": "Amsterdam", "postalCode": "1016 GV"]
        case "IE": specific = ["address1": "1 College Green", "city": "Dublin", "postalCode": "D02 X285"]
        case "ES": specific = ["address1": "Calle de Alcalá 1", "city": "Madrid", "postalCode": "28014"]
        case "IT": specific = ["address1": "Via del Corso 1", "city": "Roma", "postalCode": "00186"]
        case "SE": specific = ["address1": "Drottninggatan 1", "city": "Stockholm", "postalCode": "111 51"]
        case "NZ": specific = ["address1": "1 Queen Street", "city": "Auckland", "postalCode": "1010"]
        default: return nil
        }
        return base.merging(specific) { $1 }
    }
}
