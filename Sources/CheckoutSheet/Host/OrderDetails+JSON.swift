import Storefront

/// `orderDetails` in the wire shape of protocol 8.1, both ways. Encoding leaves out absent optional
/// fields and writes members in one fixed order; decoding tolerates anything but a missing id and
/// lists what it could not read, so a partly understood completion is still delivered, marked partial.
extension OrderDetails {
    /// The outcome of decoding: nil details when there is no usable `id`.
    package struct Decoding: Hashable, Sendable {
        package var details: OrderDetails?
        /// "path: problem" for every field that was malformed (or `cart` missing).
        package var issues: [String]
        package var isComplete: Bool { details != nil && issues.isEmpty }
    }

    package var jsonValue: JSONValue {
        .compactObject([
            ("id", .string(id)),
            ("email", email.map(JSONValue.string)),
            ("phone", phone.map(JSONValue.string)),
            ("cart", cart.map(\.jsonValue)),
            ("billingAddress", billingAddress.map(\.jsonValue)),
            ("deliveries", .array(deliveries.map(\.jsonValue))),
            ("paymentMethods", .array(paymentMethods.map(\.jsonValue))),
        ])
    }

    package static func decode(_ json: JSONValue) -> Decoding {
        var reader = JSONFieldReader()
        let path = "orderDetails"
        guard json.objectMembers != nil else { return Decoding(details: nil, issues: ["\(path): expected an object"]) }
        guard let id = reader.text(json, "id", at: path), !id.isEmpty else {
            return Decoding(details: nil, issues: reader.issues + ["\(path).id: missing"])
        }
        var details = OrderDetails(id: id)
        details.email = reader.string(json, "email", at: path)
        details.phone = reader.string(json, "phone", at: path)
        if let cart = reader.object(json, "cart", at: path) {
            details.cart = CartInfo.decode(cart, at: "\(path).cart", &reader)
        } else if json["cart"] == nil || json["cart"]?.isNull == true {
            reader.note("\(path).cart", "missing")
        }
        if let billing = reader.object(json, "billingAddress", at: path) {
            details.billingAddress = Address.decode(billing, at: "\(path).billingAddress", &reader)
        }
        for (i, element) in reader.array(json, "deliveries", at: path).enumerated() {
            if let delivery = Delivery.decode(element, at: "\(path).deliveries[\(i)]", &reader) {
                details.deliveries.append(delivery)
            }
        }
        for (i, element) in reader.array(json, "paymentMethods", at: path).enumerated() {
            if let method = PaymentMethod.decode(element, at: "\(path).paymentMethods[\(i)]", &reader) {
                details.paymentMethods.append(method)
            }
        }
        return Decoding(details: details, issues: reader.issues)
    }
}

extension OrderDetails.Address {
    package var jsonValue: JSONValue {
        .compactObject([
            ("address1", address1.map(JSONValue.string)), ("address2", address2.map(JSONValue.string)),
            ("city", city.map(JSONValue.string)), ("countryCode", countryCode.map(JSONValue.string)),
            ("firstName", firstName.map(JSONValue.string)), ("lastName", lastName.map(JSONValue.string)),
            ("name", name.map(JSONValue.string)), ("phone", phone.map(JSONValue.string)),
            ("postalCode", postalCode.map(JSONValue.string)), ("zoneCode", zoneCode.map(JSONValue.string)),
        ])
    }

    static func decode(_ json: JSONValue, at path: String, _ r: inout JSONFieldReader) -> Self {
        Self(address1: r.string(json, "address1", at: path), address2: r.string(json, "address2", at: path),
             city: r.string(json, "city", at: path), countryCode: r.string(json, "countryCode", at: path),
             firstName: r.string(json, "firstName", at: path), lastName: r.string(json, "lastName", at: path),
             name: r.string(json, "name", at: path), phone: r.string(json, "phone", at: path),
             postalCode: r.string(json, "postalCode", at: path), zoneCode: r.string(json, "zoneCode", at: path))
    }
}

extension OrderDetails.Discount {
    package var jsonValue: JSONValue {
        .compactObject([
            ("title", title.map(JSONValue.string)), ("amount", amount?.jsonValue),
            ("applicationType", applicationType.map(JSONValue.string)), ("value", value.map(JSONValue.string)),
        ])
    }

    static func decodeList(_ elements: [JSONValue], at path: String, _ r: inout JSONFieldReader) -> [Self] {
        elements.enumerated().compactMap { i, element in
            let here = "\(path)[\(i)]"
            guard element.objectMembers != nil else { r.note(here, "expected an object"); return nil }
            return Self(title: r.string(element, "title", at: here), amount: r.money(element, "amount", at: here),
                        applicationType: r.string(element, "applicationType", at: here),
                        value: r.text(element, "value", at: here))
        }
    }
}

extension OrderDetails.CartInfo {
    package var jsonValue: JSONValue {
        .compactObject([
            ("lines", .array(lines.map(\.jsonValue))),
            ("price", price.jsonValue),
            ("token", token.map(JSONValue.string)),
        ])
    }

    static func decode(_ json: JSONValue, at path: String, _ r: inout JSONFieldReader) -> Self {
        var lines: [OrderDetails.Line] = []
        for (i, element) in r.array(json, "lines", at: path).enumerated() {
            if let line = OrderDetails.Line.decode(element, at: "\(path).lines[\(i)]", &r) { lines.append(line) }
        }
        let price = r.object(json, "price", at: path).map { OrderDetails.Price.decode($0, at: "\(path).price", &r) }
        return Self(lines: lines, price: price ?? OrderDetails.Price(), token: r.string(json, "token", at: path))
    }
}

extension OrderDetails.Line {
    package var jsonValue: JSONValue {
        .compactObject([
            ("title", .string(title)), ("quantity", .number(String(quantity))), ("price", price?.jsonValue),
            ("merchandiseId", merchandiseId.map(JSONValue.string)), ("productId", productId.map(JSONValue.string)),
            ("image", image.map { image in
                .compactObject([("sm", image.sm.map(JSONValue.string)), ("md", image.md.map(JSONValue.string)),
                                ("lg", image.lg.map(JSONValue.string))])
            }),
            ("discounts", .array(discounts.map(\.jsonValue))),
        ])
    }

    /// A line needs a title and a quantity; without them it is left out (and noted).
    static func decode(_ json: JSONValue, at path: String, _ r: inout JSONFieldReader) -> Self? {
        guard json.objectMembers != nil else { r.note(path, "expected an object"); return nil }
        guard let title = r.string(json, "title", at: path), let quantity = r.int(json, "quantity", at: path) else {
            r.note(path, "a line needs title and quantity")
            return nil
        }
        let image = r.object(json, "image", at: path).map { json in
            OrderDetails.LineImage(sm: r.string(json, "sm", at: "\(path).image"), md: r.string(json, "md", at: "\(path).image"),
                                   lg: r.string(json, "lg", at: "\(path).image"))
        }
        return Self(title: title, quantity: quantity, price: r.money(json, "price", at: path),
                    merchandiseId: r.text(json, "merchandiseId", at: path), productId: r.text(json, "productId", at: path),
                    image: image,
                    discounts: OrderDetails.Discount.decodeList(r.array(json, "discounts", at: path), at: "\(path).discounts", &r))
    }
}

extension OrderDetails.Price {
    package var jsonValue: JSONValue {
        .compactObject([
            ("subtotal", subtotal?.jsonValue), ("shipping", shipping?.jsonValue), ("taxes", taxes?.jsonValue),
            ("total", total?.jsonValue), ("discounts", .array(discounts.map(\.jsonValue))),
        ])
    }

    static func decode(_ json: JSONValue, at path: String, _ r: inout JSONFieldReader) -> Self {
        Self(subtotal: r.money(json, "subtotal", at: path), shipping: r.money(json, "shipping", at: path),
             taxes: r.money(json, "taxes", at: path), total: r.money(json, "total", at: path),
             discounts: OrderDetails.Discount.decodeList(r.array(json, "discounts", at: path), at: "\(path).discounts", &r))
    }
}

extension OrderDetails.Delivery {
    package var jsonValue: JSONValue {
        .object([
            ("method", .string(method)),
            ("details", .compactObject([("location", location?.jsonValue), ("name", name.map(JSONValue.string))])),
        ])
    }

    static func decode(_ json: JSONValue, at path: String, _ r: inout JSONFieldReader) -> Self? {
        guard json.objectMembers != nil else { r.note(path, "expected an object"); return nil }
        guard let method = r.string(json, "method", at: path) else { r.note("\(path).method", "missing"); return nil }
        let details = r.object(json, "details", at: path)
        let location = r.object(details, "location", at: "\(path).details")
            .map { OrderDetails.Address.decode($0, at: "\(path).details.location", &r) }
        return Self(method: method, location: location, name: r.string(details, "name", at: "\(path).details"))
    }
}

extension OrderDetails.PaymentMethod {
    package var jsonValue: JSONValue {
        .object([
            ("type", .string(type)),
            ("details", .compactObject([
                ("brand", brand.map(JSONValue.string)), ("lastFourDigits", lastFourDigits.map(JSONValue.string)),
                ("amount", amount.map(JSONValue.string)), ("currency", currency.map(JSONValue.string)),
                ("name", name.map(JSONValue.string)),
            ])),
        ])
    }

    static func decode(_ json: JSONValue, at path: String, _ r: inout JSONFieldReader) -> Self? {
        guard json.objectMembers != nil else { r.note(path, "expected an object"); return nil }
        guard let type = r.string(json, "type", at: path) else { r.note("\(path).type", "missing"); return nil }
        let details = r.object(json, "details", at: path)
        let here = "\(path).details"
        return Self(type: type, brand: r.string(details, "brand", at: here),
                    lastFourDigits: r.text(details, "lastFourDigits", at: here), name: r.string(details, "name", at: here),
                    amount: r.text(details, "amount", at: here), currency: r.string(details, "currency", at: here))
    }
}
