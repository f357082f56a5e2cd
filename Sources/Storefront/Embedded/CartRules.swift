import Foundation
import StorefrontCatalog
import StorefrontModels

/// The cart mutations of the Storefront API applied to a `StoredCart`, with the API's user errors
/// and warnings. Pure: the catalog and the time come in, the new cart and the messages go out.
/// A request with any user error leaves the cart as it was.
struct CartRules {
    let catalog: StoreCatalog
    /// Stock as orders left it.
    let stock: StockLedger
    let now: Date
    /// What orders took off each gift card, by id.
    var giftCardsSpent: [String: Decimal] = [:]

    /// The most of one item a line may hold, whatever the stock.
    static let maximumLineQuantity = Order.maximumLineQuantity
    static let maximumNoteLength = 5_000
    static let maximumDiscountCodes = 250
    static let maximumCodeBytes = 255
    /// A whole cart as it is kept (lines, codes, note, attributes, addresses, metafields): a change
    /// that would make it larger than this is refused with `CART_TOO_LARGE`.
    static let maximumCartBytes = 256 * 1024
    /// A buyer's email address, in UTF-8 bytes: the longest path SMTP carries (RFC 5321).
    static let maximumEmailBytes = 254
    /// A buyer's phone number, in UTF-8 bytes: room for E.164's 15 digits with spaces and an extension.
    static let maximumPhoneBytes = 32
    /// Each field of a delivery address, in UTF-8 bytes (as a checkout's fields).
    static let maximumAddressFieldBytes = OrderBuilder.maxFieldLength

    struct Outcome {
        var cart: StoredCart
        var userErrors: [CartUserError] = []
        var warnings: [CartWarning] = []
        /// `cart` as it is kept (`RecordCoding`), when measuring it wrote it already.
        var encoded: Data?
    }

    // MARK: Lines

    func addLines(_ inputs: [CartLineInput], to original: StoredCart) -> Outcome {
        var cart = original
        var warnings: [CartWarning] = []
        var errors: [CartUserError] = []
        for (index, input) in inputs.enumerated() {
            let field = ["lines", String(index)]
            guard let variant = checkMerchandise(input.merchandiseId, field: field + ["merchandiseId"], in: cart, errors: &errors) else { continue }
            guard input.quantity > 0 else {
                errors.append(CartUserError(code: .invalid, field: field + ["quantity"],
                                            message: "The quantity must be at least 1 (was \(input.quantity))."))
                continue
            }
            guard sellingPlanAllowed(input.sellingPlanId, for: input.merchandiseId, field: field + ["sellingPlanId"], errors: &errors) else {
                continue
            }
            let attributes = clean(input.attributes)
            let attributeErrors = Self.attributeErrors(attributes, field: field + ["attributes"])
            guard attributeErrors.isEmpty else { errors += attributeErrors; continue }
            // The same item on another plan (or bought once) is another line.
            if let existing = cart.lines.firstIndex(where: {
                $0.merchandiseId == input.merchandiseId && $0.attributes == attributes && $0.sellingPlanId == input.sellingPlanId
            }) {
                let wanted = cart.lines[existing].quantity.addingReportingOverflow(input.quantity)
                setQuantity(wanted.overflow ? Int.max : wanted.partialValue, ofLine: existing, in: &cart, variant: variant,
                            field: field + ["quantity"], errors: &errors, warnings: &warnings)
            } else {
                let line = StoredCart.Line(id: cart.newLineId(), merchandiseId: input.merchandiseId, quantity: 0, attributes: attributes,
                                           sellingPlanId: input.sellingPlanId)
                cart.lines.append(line)
                setQuantity(input.quantity, ofLine: cart.lines.count - 1, in: &cart, variant: variant,
                            field: field + ["quantity"], errors: &errors, warnings: &warnings)
            }
        }
        return finish(cart, original: original, errors: errors, warnings: warnings)
    }

    func updateLines(_ inputs: [CartLineUpdateInput], in original: StoredCart) -> Outcome {
        var cart = original
        var warnings: [CartWarning] = []
        var errors: [CartUserError] = []
        var removed: Set<String> = []
        for (index, input) in inputs.enumerated() {
            let field = ["lines", String(index)]
            guard let position = cart.lines.firstIndex(where: { $0.id == input.id }), !removed.contains(input.id) else {
                errors.append(CartUserError(code: .invalidMerchandiseLine, field: field + ["id"],
                                            message: "The cart has no line with id \(input.id)."))
                continue
            }
            let replaced = input.merchandiseId.map { $0 != cart.lines[position].merchandiseId } ?? false
            if replaced, let merchandiseId = input.merchandiseId {
                guard checkMerchandise(merchandiseId, field: field + ["merchandiseId"], in: cart, errors: &errors) != nil else { continue }
                cart.lines[position].merchandiseId = merchandiseId
            }
            // A new plan, or the line's plan for the new merchandise, must be the product's.
            if replaced || input.sellingPlanId != nil {
                let planId = input.sellingPlanId ?? cart.lines[position].sellingPlanId
                guard sellingPlanAllowed(planId, for: cart.lines[position].merchandiseId, field: field + ["sellingPlanId"],
                                         errors: &errors) else { continue }
                cart.lines[position].sellingPlanId = planId
            }
            if let attributes = input.attributes.map(clean) {
                let attributeErrors = Self.attributeErrors(attributes, field: field + ["attributes"])
                guard attributeErrors.isEmpty else { errors += attributeErrors; continue }
                cart.lines[position].attributes = attributes
            }
            guard let variant = catalog.variant(id: cart.lines[position].merchandiseId).map({ stock.current($0.variant) }) else { continue }
            let quantity = input.quantity ?? cart.lines[position].quantity
            if quantity < 0 {
                errors.append(CartUserError(code: .invalid, field: field + ["quantity"],
                                            message: "The quantity cannot be negative (was \(quantity))."))
            } else if quantity == 0 {
                removed.insert(input.id)
            } else {
                setQuantity(quantity, ofLine: position, in: &cart, variant: variant, field: field + ["quantity"],
                            errors: &errors, warnings: &warnings)
            }
        }
        cart.lines.removeAll { removed.contains($0.id) }
        return finish(cart, original: original, errors: errors, warnings: warnings)
    }

    func removeLines(_ lineIds: [String], from original: StoredCart) -> Outcome {
        var cart = original
        var errors: [CartUserError] = []
        for (index, id) in lineIds.enumerated() {
            if let position = cart.lines.firstIndex(where: { $0.id == id }) {
                cart.lines.remove(at: position)
            } else {
                errors.append(CartUserError(code: .invalidMerchandiseLine, field: ["lineIds", String(index)],
                                            message: "The cart has no line with id \(id)."))
            }
        }
        return finish(cart, original: original, errors: errors, warnings: [])
    }

    // MARK: Everything else

    func setBuyerIdentity(_ identity: BuyerIdentity, on original: StoredCart) -> Outcome {
        var cart = original
        var errors: [CartUserError] = []
        var cleaned = identity
        cleaned.email = identity.email.map(TextSanitizer.cleanLine).flatMap { $0.isEmpty ? nil : $0 }
        cleaned.phone = identity.phone.map(TextSanitizer.cleanLine).flatMap { $0.isEmpty ? nil : $0 }
        if let email = cleaned.email, email.utf8.count > Self.maximumEmailBytes {
            errors.append(CartUserError(code: .invalid, field: ["buyerIdentity", "email"],
                                        message: "An email address is at most \(Self.maximumEmailBytes) bytes (\(email.utf8.count) given)."))
        } else if let email = cleaned.email, !Self.looksLikeEmail(email) {
            errors.append(CartUserError(code: .invalid, field: ["buyerIdentity", "email"], message: "\"\(email)\" is not an email address."))
        }
        if let phone = cleaned.phone, phone.utf8.count > Self.maximumPhoneBytes {
            errors.append(CartUserError(code: .invalid, field: ["buyerIdentity", "phone"],
                                        message: "A phone number is at most \(Self.maximumPhoneBytes) bytes (\(phone.utf8.count) given)."))
        }
        if let country = identity.countryCode, !(country.count == 2 && country.allSatisfy { $0.isASCII && $0.isUppercase }) {
            errors.append(CartUserError(code: .invalid, field: ["buyerIdentity", "countryCode"],
                                        message: "\"\(TextSanitizer.cleanLine(country))\" is not a country code such as \"NL\"."))
        }
        if let preferences = identity.preferences {
            cleaned.preferences = checkPreferences(preferences, errors: &errors)
        }
        cart.buyerIdentity = cleaned
        return finish(cart, original: original, errors: errors, warnings: [])
    }

    /// The wallets `CartPreferencesInput.wallet` takes.
    static let wallets: Set<String> = ["shop_pay"]

    /// Preferences cleaned; coordinates on the globe and known wallets only.
    private func checkPreferences(_ preferences: CartPreferences, errors: inout [CartUserError]) -> CartPreferences {
        var cleaned = preferences
        let field = ["buyerIdentity", "preferences"]
        if let wallet = preferences.wallet {
            for (index, name) in wallet.enumerated() where !Self.wallets.contains(name) {
                errors.append(CartUserError(code: .invalid, field: field + ["wallet", String(index)],
                                            message: "\"\(TextSanitizer.cleanLine(name))\" is not a wallet; the one accepted is shop_pay."))
            }
        }
        if var delivery = preferences.delivery {
            delivery.pickupHandle = delivery.pickupHandle.map { TextSanitizer.cleanLine($0).trimmedWhitespace }.filter { !$0.isEmpty }
            if let point = delivery.coordinates, !((-90...90).contains(point.latitude) && (-180...180).contains(point.longitude)) {
                errors.append(CartUserError(code: .invalid, field: field + ["delivery", "coordinates"],
                                            message: "Coordinates are a latitude from -90 to 90 and a longitude from -180 to 180."))
            }
            cleaned.delivery = delivery
        }
        return cleaned
    }

    /// Replaces the codes. Unknown or ineligible codes stay on the cart and show as not applicable.
    func setDiscountCodes(_ codes: [String], on original: StoredCart) -> Outcome {
        var cart = original
        var seen = Set<String>()
        cart.discountCodes = codes.map { TextSanitizer.cleanLine($0).trimmedWhitespace }
            .filter { !$0.isEmpty && seen.insert($0.uppercased()).inserted }
        var errors: [CartUserError] = []
        if cart.discountCodes.count > Self.maximumDiscountCodes {
            errors.append(CartUserError(code: .maximumExceeded, field: ["discountCodes"],
                                        message: "At most \(Self.maximumDiscountCodes) discount codes fit on a cart (\(cart.discountCodes.count) given)."))
        }
        for (index, code) in codes.enumerated() where code.utf8.count > Self.maximumCodeBytes {
            errors.append(CartUserError(code: .invalid, field: ["discountCodes", String(index)],
                                        message: "A discount code is at most \(Self.maximumCodeBytes) bytes (\(code.utf8.count) given)."))
        }
        return finish(cart, original: original, errors: errors, warnings: [])
    }

    func setNote(_ note: String, on original: StoredCart) -> Outcome {
        var cart = original
        let cleaned = TextSanitizer.clean(note)
        if cleaned.count > Self.maximumNoteLength {
            return finish(cart, original: original, errors: [CartUserError(code: .noteTooLong, field: ["note"],
                message: "The note is \(cleaned.count) characters long; at most \(Self.maximumNoteLength) fit.")], warnings: [])
        }
        cart.note = cleaned.isEmpty ? nil : cleaned
        return finish(cart, original: original, errors: [], warnings: [])
    }

    // MARK: Pieces

    func finish(_ cart: StoredCart, original: StoredCart, errors: [CartUserError], warnings: [CartWarning]) -> Outcome {
        guard errors.isEmpty else { return Outcome(cart: original, userErrors: errors) }
        let bytes = Self.attributeBytes(of: cart)
        if bytes > Self.maximumAttributeBytesPerCart, bytes > Self.attributeBytes(of: original) {
            return Outcome(cart: original, userErrors: [CartUserError(code: .cartTooLarge, field: ["attributes"],
                message: "The cart's attributes would take \(bytes) bytes; at most \(Self.maximumAttributeBytesPerCart) fit on a cart.")])
        }
        guard cart != original else { return Outcome(cart: cart, warnings: warnings) }
        var changed = cart
        changed.updatedAt = now
        // Measured as it would be kept; those bytes are then what is kept.
        let kept = try? changed.recordJSON()
        if let kept, kept.count > Self.maximumCartBytes, kept.count > ((try? original.recordJSON())?.count ?? 0) {
            return Outcome(cart: original, userErrors: [CartUserError(code: .cartTooLarge, field: nil,
                message: "The cart would take \(kept.count) bytes; at most \(Self.maximumCartBytes) fit.")])
        }
        return Outcome(cart: changed, warnings: warnings, encoded: kept)
    }

    /// The variant behind a merchandise id, or nil after recording why it cannot be bought.
    private func checkMerchandise(_ id: String, field: [String], in cart: StoredCart, errors: inout [CartUserError]) -> ProductVariant? {
        guard let (product, listed) = catalog.variant(id: id) else {
            errors.append(CartUserError(code: .invalid, field: field, message: "The merchandise with id \(id) does not exist."))
            return nil
        }
        let market = catalog.markets.market(for: cart.buyerIdentity.countryCode)
        guard market.sells(product.handle) else {
            errors.append(CartUserError(code: .merchandiseNotApplicable, field: field, message: "\(product.title) is not sold in \(market.name)."))
            return nil
        }
        let variant = stock.current(listed)
        guard variant.availableForSale else {
            let name = product.variants.count > 1 ? "\(product.title) (\(variant.title))" : product.title
            errors.append(CartUserError(code: .merchandiseNotApplicable, field: field, message: "\(name) is sold out."))
            return nil
        }
        return variant
    }

    /// Whether the merchandise may be bought on the plan (nil: once), or nil after recording why
    /// not: a plan must be one of its product's, and a product sold on a plan only needs one.
    private func sellingPlanAllowed(_ planId: String?, for merchandiseId: String, field: [String], errors: inout [CartUserError]) -> Bool {
        guard let (product, _) = catalog.variant(id: merchandiseId) else { return false }
        guard let planId else {
            guard product.requiresSellingPlan else { return true }
            errors.append(CartUserError(code: .variantRequiresSellingPlan, field: field,
                                        message: "\(product.title) is sold on a subscription only: choose a selling plan."))
            return false
        }
        guard product.sellingPlan(id: planId) == nil else { return true }
        let named = TextSanitizer.cleanLine(String(planId.prefix(80)))
        errors.append(CartUserError(code: .sellingPlanNotApplicable, field: field, message: product.sellingPlanGroups.isEmpty
            ? "\(product.title) is not sold on a subscription."
            : "The selling plan \(named) is not one of \(product.title)'s."))
        return false
    }

    /// Sets a line's quantity, clamped to what is in stock (counting other lines of the same
    /// variant) with a warning, and refused above the per-line maximum.
    private func setQuantity(_ wanted: Int, ofLine position: Int, in cart: inout StoredCart, variant: ProductVariant,
                             field: [String], errors: inout [CartUserError], warnings: inout [CartWarning]) {
        guard wanted <= Self.maximumLineQuantity else {
            errors.append(CartUserError(code: .maximumExceeded, field: field,
                                        message: "At most \(Self.maximumLineQuantity) of one item fit on a line."))
            return
        }
        var quantity = wanted
        if let stock = variant.quantityAvailable {
            let elsewhere = cart.lines.enumerated()
                .filter { $0.offset != position && $0.element.merchandiseId == variant.id }
                .reduce(0) { $0 + $1.element.quantity }
            let room = max(0, stock - elsewhere)
            if quantity > room {
                quantity = room
                // A line that ends up empty is gone, so the warning names the merchandise instead.
                warnings.append(CartWarning(code: .merchandiseNotEnoughStock,
                    message: "Only \(stock) in stock; the quantity was set to \(room).",
                    target: room == 0 ? variant.id : cart.lines[position].id))
            }
        }
        if quantity == 0 {
            cart.lines.remove(at: position)
        } else {
            cart.lines[position].quantity = quantity
        }
    }

    func clean(_ attributes: [Attribute]) -> [Attribute] {
        attributes.map { Attribute(key: TextSanitizer.cleanLine($0.key), value: $0.value.map(TextSanitizer.clean)) }
    }

    static func looksLikeEmail(_ text: String) -> Bool {
        let parts = text.split(separator: "@", omittingEmptySubsequences: false)
        return parts.count == 2 && !parts[0].isEmpty && parts[1].contains(".") && !parts[1].hasPrefix(".")
            && !parts[1].hasSuffix(".") && !text.contains(" ")
    }
}
