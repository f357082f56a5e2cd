import Foundation
import StorefrontModels

// Cart metafields, with the errors of `MetafieldsSetUserError` and `MetafieldDeleteUserError`.
extension CartRules {
    /// The most metafields one request sets.
    static let maximumMetafieldsPerRequest = 25
    /// A metafield's value, in UTF-8 bytes (a character may be many bytes: they are what is kept).
    static let maximumMetafieldValueBytes = 65_536
    /// A metafield key's and namespace's longest, in UTF-8 bytes.
    static let maximumMetafieldKeyBytes = 64
    static let maximumMetafieldNamespaceBytes = 255
    /// The most metafields one cart keeps.
    static let maximumMetafieldsPerCart = 100

    /// Sets each metafield on `cart` (creating it or replacing its type and value). `field` is the
    /// path of the inputs (["metafields"]); errors name the index of the input they are about.
    func setMetafields(_ inputs: [(index: Int, input: CartMetafieldInput)], on original: StoredCart,
                       field: [String]) -> (cart: StoredCart, set: [CartMetafield], errors: [MetafieldUserError]) {
        var cart = original
        var metafields = original.metafields ?? []
        var set: [CartMetafield] = []
        var errors: [MetafieldUserError] = []
        for (index, input) in inputs {
            guard let checked = check(input, at: index, field: field, errors: &errors) else { continue }
            let (namespace, key) = CartMetafield.split(checked.key)
            if let position = metafields.firstIndex(where: { $0.namespace == namespace && $0.key == key }) {
                metafields[position].type = checked.type
                metafields[position].value = checked.value
                metafields[position].updatedAt = now
                set.append(metafields[position])
            } else {
                let added = CartMetafield(id: cart.newMetafieldId(), namespace: namespace, key: key, type: checked.type,
                                          value: checked.value, createdAt: now, updatedAt: now)
                metafields.append(added)
                set.append(added)
            }
        }
        if errors.isEmpty, metafields.count > Self.maximumMetafieldsPerCart, metafields.count > (original.metafields?.count ?? 0) {
            errors.append(MetafieldUserError(code: MetafieldUserError.lessThanOrEqualTo, elementIndex: nil, field: field,
                message: "A cart keeps at most \(Self.maximumMetafieldsPerCart) metafields (\(metafields.count) with these)."))
        }
        guard errors.isEmpty else { return (original, [], errors) }
        cart.metafields = metafields
        if cart != original { cart.updatedAt = now }
        return (cart, set, [])
    }

    /// `cartCreate(input: { metafields })`: the same rules, refused input as cart user errors.
    func setMetafields(_ inputs: [CartMetafieldInput], on original: StoredCart) -> Outcome {
        let outcome = setMetafields(Array(inputs.enumerated()).map { ($0.offset, $0.element) }, on: original, field: ["metafields"])
        let errors = outcome.errors.map { CartUserError(code: .invalidMetafields, field: $0.field, message: $0.message) }
        if inputs.count > Self.maximumMetafieldsPerRequest {
            return Outcome(cart: original, userErrors: [CartUserError(code: .invalidMetafields, field: ["metafields"],
                message: "At most \(Self.maximumMetafieldsPerRequest) metafields are set at once (\(inputs.count) given).")])
        }
        return finish(outcome.cart, original: original, errors: errors, warnings: [])
    }

    /// Deletes the metafield under "namespace.key" (or a key of the app's namespace).
    func deleteMetafield(key composite: String, from original: StoredCart) -> (cart: StoredCart, deletedId: String?, errors: [MetafieldUserError]) {
        let (namespace, key) = CartMetafield.split(composite.trimmedWhitespace)
        guard let position = original.metafields?.firstIndex(where: { $0.namespace == namespace && $0.key == key }) else {
            return (original, nil, [MetafieldUserError(code: MetafieldUserError.metafieldDoesNotExist, field: ["input", "key"],
                                                       message: "The cart has no metafield \(TextSanitizer.cleanLine(composite)).")])
        }
        var cart = original
        let removed = cart.metafields!.remove(at: position)
        cart.updatedAt = now
        return (cart, removed.id, [])
    }

    /// The input cleaned, or nil after recording what is wrong with it.
    private func check(_ input: CartMetafieldInput, at index: Int, field: [String],
                       errors: inout [MetafieldUserError]) -> CartMetafieldInput? {
        let path = field + [String(index)]
        func fail(_ code: String, _ name: String, _ message: String) {
            errors.append(MetafieldUserError(code: code, elementIndex: index, field: path + [name], message: message))
        }
        let before = errors.count
        let composite = TextSanitizer.cleanLine(input.key).trimmedWhitespace
        let (namespace, key) = CartMetafield.split(composite)
        if key.isEmpty {
            fail(MetafieldUserError.blank, "key", "A metafield needs a key.")
        } else if key.count < 2 {
            fail(MetafieldUserError.tooShort, "key", "A metafield key is at least 2 characters long.")
        } else if key.utf8.count > Self.maximumMetafieldKeyBytes {
            fail(MetafieldUserError.tooLong, "key", "A metafield key is at most \(Self.maximumMetafieldKeyBytes) bytes long.")
        } else if namespace != CartMetafield.appNamespace && namespace.count < 3 {
            fail(MetafieldUserError.tooShort, "key", "A metafield namespace is at least 3 characters long.")
        } else if namespace.utf8.count > Self.maximumMetafieldNamespaceBytes {
            fail(MetafieldUserError.tooLong, "key", "A metafield namespace is at most \(Self.maximumMetafieldNamespaceBytes) bytes long.")
        }
        let type = input.type.trimmedWhitespace
        if !MetafieldTypes.isKnown(type) {
            fail(MetafieldUserError.invalidType, "type", "\"\(TextSanitizer.cleanLine(type))\" is not a metafield type a cart takes.")
        }
        let value = TextSanitizer.clean(input.value)
        if value.trimmedWhitespace.isEmpty {
            fail(MetafieldUserError.blank, "value", "A metafield needs a value.")
        } else if value.utf8.count > Self.maximumMetafieldValueBytes {
            fail(MetafieldUserError.tooLong, "value", "A metafield value is at most \(Self.maximumMetafieldValueBytes) bytes long.")
        } else if MetafieldTypes.isKnown(type), let problem = MetafieldTypes.problem(with: value, of: type) {
            fail(MetafieldUserError.invalidValue, "value", problem)
        }
        guard errors.count == before else { return nil }
        return CartMetafieldInput(ownerId: input.ownerId, key: composite, type: type, value: value)
    }
}
