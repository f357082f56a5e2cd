import Foundation
import StorefrontCatalog
import StorefrontModels

// Cart attributes, delivery addresses and delivery options, with the Storefront API's user errors.
extension CartRules {
    /// As the API: at most 250 attributes in one input.
    static let maximumAttributes = 250
    static let maximumDeliveryAddresses = 20
    /// An attribute's key, in UTF-8 bytes.
    static let maximumAttributeKeyBytes = 255
    /// An attribute's value, in UTF-8 bytes (as long as a note may be).
    static let maximumAttributeValueBytes = 5_000
    /// Every attribute of a cart and its lines together, in UTF-8 bytes: beyond it the cart is
    /// too large to save (`CART_TOO_LARGE`).
    static let maximumAttributeBytesPerCart = 64 * 1024

    /// Replaces the cart's attributes with the given list.
    func setAttributes(_ attributes: [Attribute], on original: StoredCart) -> Outcome {
        let cleaned = clean(attributes)
        var errors = Self.attributeErrors(cleaned, field: ["attributes"])
        for (index, attribute) in cleaned.enumerated() where attribute.key.trimmedWhitespace.isEmpty {
            errors.append(CartUserError(code: .invalid, field: ["attributes", String(index), "key"], message: "An attribute needs a key."))
        }
        var cart = original
        cart.attributes = cleaned
        return finish(cart, original: original, errors: errors, warnings: [])
    }

    /// What is wrong with a list of attributes, of a cart or a line: too many, a key or a value too long.
    static func attributeErrors(_ attributes: [Attribute], field: [String]) -> [CartUserError] {
        var errors: [CartUserError] = []
        if attributes.count > maximumAttributes {
            errors.append(CartUserError(code: .maximumExceeded, field: field,
                                        message: "At most \(maximumAttributes) attributes fit (\(attributes.count) given)."))
            return errors
        }
        for (index, attribute) in attributes.enumerated() {
            if attribute.key.utf8.count > maximumAttributeKeyBytes {
                errors.append(CartUserError(code: .invalid, field: field + [String(index), "key"],
                                            message: "An attribute's key is at most \(maximumAttributeKeyBytes) bytes (\(attribute.key.utf8.count) given)."))
            }
            if let value = attribute.value, value.utf8.count > maximumAttributeValueBytes {
                errors.append(CartUserError(code: .invalid, field: field + [String(index), "value"],
                                            message: "An attribute's value is at most \(maximumAttributeValueBytes) bytes (\(value.utf8.count) given)."))
            }
        }
        return errors
    }

    /// Bytes of every attribute of the cart and its lines.
    static func attributeBytes(of cart: StoredCart) -> Int {
        func bytes(_ list: [Attribute]) -> Int { list.reduce(0) { $0 + $1.key.utf8.count + ($1.value?.utf8.count ?? 0) } }
        return cart.lines.reduce(bytes(cart.attributes)) { $0 + bytes($1.attributes) }
    }

    // MARK: Delivery addresses

    func addDeliveryAddresses(_ inputs: [CartSelectableAddressInput], to original: StoredCart) -> Outcome {
        var cart = original
        var errors: [CartUserError] = []
        var addresses = original.deliveryAddresses ?? []
        var newlySelected: Set<String> = []
        for (index, input) in inputs.enumerated() {
            let field = ["addresses", String(index)]
            guard let given = givenAddress(input, on: cart, field: field + ["address"], errors: &errors),
                  let address = checkAddress(given, strict: input.strict, field: field + ["address"], errors: &errors) else { continue }
            let added = CartSelectableAddress(id: cart.newAddressId(), address: address, selected: input.selected ?? false,
                                              oneTimeUse: input.oneTimeUse ?? false)
            if added.selected { newlySelected.insert(added.id) }
            addresses.append(added)
        }
        return finishAddresses(addresses, on: cart, original: original, errors: errors, newlySelected: newlySelected)
    }

    func updateDeliveryAddresses(_ inputs: [CartSelectableAddressInput], in original: StoredCart) -> Outcome {
        var errors: [CartUserError] = []
        var addresses = original.deliveryAddresses ?? []
        var newlySelected: Set<String> = []
        for (index, input) in inputs.enumerated() {
            let field = ["addresses", String(index)]
            guard let position = addresses.firstIndex(where: { $0.id == input.id }) else {
                errors.append(CartUserError(code: .invalidDeliveryAddressId, field: field + ["id"],
                                            message: "The cart has no delivery address with id \(input.id ?? "")."))
                continue
            }
            if input.address != nil || input.copyFromCustomerAddressId != nil {
                guard let given = givenAddress(input, on: original, field: field + ["address"], errors: &errors),
                      let address = checkAddress(given, strict: input.strict, field: field + ["address"], errors: &errors) else { continue }
                addresses[position].address = address
            }
            if let selected = input.selected {
                addresses[position].selected = selected
                if selected { newlySelected.insert(addresses[position].id) }
            }
            if let oneTimeUse = input.oneTimeUse { addresses[position].oneTimeUse = oneTimeUse }
        }
        return finishAddresses(addresses, on: original, original: original, errors: errors, newlySelected: newlySelected)
    }

    func removeDeliveryAddresses(_ ids: [String], from original: StoredCart) -> Outcome {
        var errors: [CartUserError] = []
        let addresses = removing(ids, from: original.deliveryAddresses ?? [], id: \.id, field: "addressIds",
                                 code: .invalidDeliveryAddressId, noun: "delivery address", errors: &errors)
        return finishAddresses(addresses, on: original, original: original, errors: errors, newlySelected: [])
    }

    func replaceDeliveryAddresses(_ inputs: [CartSelectableAddressInput], on original: StoredCart) -> Outcome {
        replacing(\.deliveryAddresses, of: original) { addDeliveryAddresses(inputs, to: $0) }
    }

    // MARK: Delivery options

    /// Picks an option of a delivery group; the group must exist now (an address is selected and
    /// the cart has lines).
    func selectDeliveryOptions(_ inputs: [CartSelectedDeliveryOptionInput], on original: StoredCart) -> Outcome {
        var cart = original
        var errors: [CartUserError] = []
        var chosen = original.selectedDeliveryOptions ?? [:]
        let groups = Set(original.deliveryGroupIds)
        // The options depend on the selected address's country, not on the amounts.
        let country = original.deliveryAddresses?.first(where: \.selected)?.address.countryCode ?? catalog.shop.countryCode
        let handles = Set(DeliveryRates.options(country: country, shopCountry: catalog.shop.countryCode,
                                                merchandise: .zero(catalog.shop.currencyCode)).map(\.handle))
        for (index, input) in inputs.enumerated() {
            let field = ["selectedDeliveryOptions", String(index)]
            guard groups.contains(input.deliveryGroupId) else {
                errors.append(CartUserError(code: .invalidDeliveryGroup, field: field + ["deliveryGroupId"],
                                            message: "The cart has no delivery group with id \(input.deliveryGroupId)."))
                continue
            }
            guard handles.contains(input.deliveryOptionHandle) else {
                errors.append(CartUserError(code: .invalidDeliveryOption, field: field + ["deliveryOptionHandle"],
                                            message: "The delivery group has no option \"\(TextSanitizer.cleanLine(input.deliveryOptionHandle))\"."))
                continue
            }
            chosen[input.deliveryGroupId] = input.deliveryOptionHandle
        }
        cart.selectedDeliveryOptions = chosen
        return finish(cart, original: original, errors: errors, warnings: [])
    }

    // MARK: Pieces

    /// Empties a list and adds to it: refused input leaves the original list.
    func replacing<Item>(_ list: WritableKeyPath<StoredCart, [Item]?>, of original: StoredCart,
                         adding: (StoredCart) -> Outcome) -> Outcome {
        var emptied = original
        emptied[keyPath: list] = []
        let outcome = adding(emptied)
        guard outcome.userErrors.isEmpty else { return Outcome(cart: original, userErrors: outcome.userErrors) }
        return finish(outcome.cart, original: original, errors: [], warnings: [])
    }

    /// The items without those named by `ids`; an id the list does not hold is an error at its place.
    func removing<Item>(_ ids: [String], from items: [Item], id: (Item) -> String, field: String, code: CartErrorCode,
                        noun: String, errors: inout [CartUserError]) -> [Item] {
        var items = items
        for (index, wanted) in ids.enumerated() {
            if let position = items.firstIndex(where: { id($0) == wanted }) {
                items.remove(at: position)
            } else {
                errors.append(CartUserError(code: code, field: [field, String(index)], message: "The cart has no \(noun) with id \(wanted)."))
            }
        }
        return items
    }

    /// At most one address stays selected (one just selected wins); too many addresses are refused;
    /// a choice of option for a group that is gone is forgotten.
    private func finishAddresses(_ addresses: [CartSelectableAddress], on changed: StoredCart, original: StoredCart,
                                 errors: [CartUserError], newlySelected: Set<String>) -> Outcome {
        var errors = errors
        var addresses = addresses
        if newlySelected.count > 1 {
            errors.append(CartUserError(code: .onlyOneDeliveryAddressCanBeSelected, field: ["addresses"],
                                        message: "Only one delivery address can be selected."))
        }
        if addresses.count > Self.maximumDeliveryAddresses {
            errors.append(CartUserError(code: .tooManyDeliveryAddresses, field: ["addresses"],
                                        message: "At most \(Self.maximumDeliveryAddresses) delivery addresses fit on a cart."))
        }
        if let winner = newlySelected.first {
            for index in addresses.indices where addresses[index].id != winner { addresses[index].selected = false }
        }
        var cart = changed
        cart.deliveryAddresses = addresses
        let groups = Set(cart.deliveryGroupIds)
        if let chosen = cart.selectedDeliveryOptions {
            cart.selectedDeliveryOptions = chosen.filter { groups.contains($0.key) }
        }
        return finish(cart, original: original, errors: errors, warnings: [])
    }

    /// The address an input gives, or a copy of the signed-in customer's address it names; nil
    /// after recording why it cannot be copied. An input with neither is checked (and refused) later.
    private func givenAddress(_ input: CartSelectableAddressInput, on cart: StoredCart, field: [String],
                              errors: inout [CartUserError]) -> MailingAddress?? {
        guard let wanted = input.copyFromCustomerAddressId else { return .some(input.address) }
        let copyField = field + ["copyFromCustomerAddressId"]
        guard input.address == nil else {
            errors.append(CartUserError(code: .invalid, field: field,
                                        message: "Give either a delivery address or copyFromCustomerAddressId, not both."))
            return nil
        }
        guard cart.buyerIdentity.customerAccessToken != nil, let customer = cart.buyerIdentity.customer else {
            errors.append(CartUserError(code: .missingCustomerAccessToken, field: copyField,
                                        message: "Copying a customer's address needs a cart with the customer's access token."))
            return nil
        }
        guard var address = [customer.defaultAddress].compactMap({ $0 }).first(where: { $0.stableId == wanted }) else {
            errors.append(CartUserError(code: .invalidDeliveryAddressId, field: copyField,
                                        message: "The customer has no address with id \(TextSanitizer.cleanLine(wanted))."))
            return nil
        }
        // Account servers may write the country in lower case; the cart keeps the API's codes.
        address.countryCode = address.countryCode?.uppercased()
        return .some(address)
    }

    /// The address, cleaned, or nil after recording what is missing. Every address needs a
    /// country; the `STRICT` strategy also wants a street, a city, a postal code and a last name.
    private func checkAddress(_ input: MailingAddress?, strict: Bool, field: [String], errors: inout [CartUserError]) -> MailingAddress? {
        guard let input else {
            errors.append(CartUserError(code: .addressFieldIsRequired, field: field + ["deliveryAddress"],
                                        message: "A delivery address is needed."))
            return nil
        }
        let address = input.sanitized()
        let given: [(String, String?)] = [("firstName", address.firstName), ("lastName", address.lastName), ("company", address.company),
                                          ("address1", address.address1), ("address2", address.address2), ("city", address.city),
                                          ("provinceCode", address.zoneCode), ("countryCode", address.countryCode),
                                          ("zip", address.postalCode), ("phone", address.phone)]
        let tooLong = given.filter { ($0.1?.utf8.count ?? 0) > Self.maximumAddressFieldBytes }
        for (name, value) in tooLong {
            errors.append(CartUserError(code: .addressFieldIsTooLong, field: field + ["deliveryAddress", name],
                message: "The delivery address's \(name) is at most \(Self.maximumAddressFieldBytes) bytes (\(value?.utf8.count ?? 0) given)."))
        }
        guard tooLong.isEmpty else { return nil }
        var missing: [(String, String?)] = [("countryCode", address.countryCode)]
        if strict { missing += [("address1", address.address1), ("city", address.city), ("zip", address.postalCode), ("lastName", address.lastName)] }
        var complete = true
        for (name, value) in missing where (value ?? "").trimmedWhitespace.isEmpty {
            errors.append(CartUserError(code: .addressFieldIsRequired, field: field + ["deliveryAddress", name],
                                        message: "The delivery address needs \(name)."))
            complete = false
        }
        if let country = address.countryCode, !country.isEmpty, !(country.count == 2 && country.allSatisfy { $0.isASCII && $0.isUppercase }) {
            errors.append(CartUserError(code: .invalid, field: field + ["deliveryAddress", "countryCode"],
                                        message: "\"\(country)\" is not a country code such as \"NL\"."))
            complete = false
        }
        return complete ? address : nil
    }
}

// Gift cards.
extension CartRules {
    /// Adds gift cards by code, keeping those already applied (a code applied twice counts once).
    func addGiftCardCodes(_ codes: [String], to original: StoredCart) -> Outcome {
        var errors: [CartUserError] = []
        var ids = original.giftCardIds ?? []
        for (index, code) in codes.enumerated() {
            guard let card = usableGiftCard(code, field: ["giftCardCodes", String(index)], errors: &errors) else { continue }
            if !ids.contains(card.id) { ids.append(card.id) }
        }
        var cart = original
        cart.giftCardIds = ids
        return finish(cart, original: original, errors: errors, warnings: [])
    }

    /// Sets the gift cards to exactly these codes.
    func setGiftCardCodes(_ codes: [String], on original: StoredCart) -> Outcome {
        replacing(\.giftCardIds, of: original) { addGiftCardCodes(codes, to: $0) }
    }

    func removeGiftCards(_ ids: [String], from original: StoredCart) -> Outcome {
        var errors: [CartUserError] = []
        var cart = original
        cart.giftCardIds = removing(ids, from: original.giftCardIds ?? [], id: { $0 }, field: "appliedGiftCardIds",
                                    code: .invalid, noun: "gift card", errors: &errors)
        return finish(cart, original: original, errors: errors, warnings: [])
    }

    /// The gift card behind a code, or nil after recording why it cannot pay.
    private func usableGiftCard(_ code: String, field: [String], errors: inout [CartUserError]) -> GiftCard? {
        guard let card = catalog.giftCard(code: code) else {
            errors.append(CartUserError(code: .invalid, field: field, message: "The gift card code is not valid."))
            return nil
        }
        guard card.balance.amount - (giftCardsSpent[card.id] ?? 0) > 0 else {
            errors.append(CartUserError(code: .invalid, field: field, message: "The gift card ending in \(card.lastCharacters) has no balance left."))
            return nil
        }
        return card
    }
}
