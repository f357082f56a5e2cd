import Foundation
import StorefrontModels

extension StoredCart {
    /// The cart as it is kept: the bytes `RecordCoding.encoder` writes for it. A cart of lines,
    /// attributes, codes and a plain buyer identity is written here, keys sorted as the encoder
    /// sorts them, without the encoder's tree of values (most of what a new cart cost to keep);
    /// one with a customer, preferences, delivery addresses or metafields goes to the encoder.
    func recordJSON() throws -> Data {
        guard buyerIdentity.customer == nil, buyerIdentity.preferences == nil, deliveryAddresses == nil,
              selectedDeliveryOptions == nil, metafields == nil else { return try RecordCoding.encoder.encode(self) }
        var out: [UInt8] = []
        out.reserveCapacity(256 + 160 * lines.count)
        var object = JSONObject.open(&out)
        object.key("attributes", &out); Self.append(attributes, into: &out)
        object.key("buyerIdentity", &out); Self.append(buyerIdentity, into: &out)
        object.key("createdAt", &out); JSONText.appendNumber(createdAt.timeIntervalSinceReferenceDate, into: &out)
        object.key("discountCodes", &out); Self.append(discountCodes, into: &out)
        if let giftCardIds { object.key("giftCardIds", &out); Self.append(giftCardIds, into: &out) }
        object.key("key", &out); JSONText.appendString(key, into: &out)
        object.key("lines", &out)
        out.append(UInt8(ascii: "["))
        for (index, line) in lines.enumerated() {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            var fields = JSONObject.open(&out)
            fields.key("attributes", &out); Self.append(line.attributes, into: &out)
            fields.key("id", &out); JSONText.appendString(line.id, into: &out)
            fields.key("merchandiseId", &out); JSONText.appendString(line.merchandiseId, into: &out)
            fields.key("quantity", &out); out.append(contentsOf: String(line.quantity).utf8)
            if let plan = line.sellingPlanId { fields.key("sellingPlanId", &out); JSONText.appendString(plan, into: &out) }
            fields.close(&out)
        }
        out.append(UInt8(ascii: "]"))
        if let nextAddressNumber { object.key("nextAddressNumber", &out); out.append(contentsOf: String(nextAddressNumber).utf8) }
        object.key("nextLineNumber", &out); out.append(contentsOf: String(nextLineNumber).utf8)
        if let nextMetafieldNumber { object.key("nextMetafieldNumber", &out); out.append(contentsOf: String(nextMetafieldNumber).utf8) }
        if let note { object.key("note", &out); JSONText.appendString(note, into: &out) }
        object.key("state", &out); JSONText.appendString(state.rawValue, into: &out)
        object.key("token", &out); JSONText.appendString(token, into: &out)
        object.key("updatedAt", &out); JSONText.appendNumber(updatedAt.timeIntervalSinceReferenceDate, into: &out)
        object.close(&out)
        return Data(out)
    }

    private static func append(_ strings: [String], into out: inout [UInt8]) {
        out.append(UInt8(ascii: "["))
        for (index, text) in strings.enumerated() {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            JSONText.appendString(text, into: &out)
        }
        out.append(UInt8(ascii: "]"))
    }

    private static func append(_ attributes: [Attribute], into out: inout [UInt8]) {
        out.append(UInt8(ascii: "["))
        for (index, attribute) in attributes.enumerated() {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            var fields = JSONObject.open(&out)
            fields.key("key", &out); JSONText.appendString(attribute.key, into: &out)
            if let value = attribute.value { fields.key("value", &out); JSONText.appendString(value, into: &out) }
            fields.close(&out)
        }
        out.append(UInt8(ascii: "]"))
    }

    /// The identity without a customer or preferences (those go to the encoder).
    private static func append(_ identity: BuyerIdentity, into out: inout [UInt8]) {
        var fields = JSONObject.open(&out)
        if let code = identity.countryCode { fields.key("countryCode", &out); JSONText.appendString(code, into: &out) }
        if let token = identity.customerAccessToken { fields.key("customerAccessToken", &out); JSONText.appendString(token, into: &out) }
        if let email = identity.email { fields.key("email", &out); JSONText.appendString(email, into: &out) }
        if let phone = identity.phone { fields.key("phone", &out); JSONText.appendString(phone, into: &out) }
        fields.close(&out)
    }
}

/// An object's braces and the commas between its keys; the caller writes each value after its
/// key, keys in the order they are to appear.
private struct JSONObject {
    private var first = true

    static func open(_ out: inout [UInt8]) -> JSONObject {
        out.append(UInt8(ascii: "{"))
        return JSONObject()
    }

    mutating func key(_ name: StaticString, _ out: inout [UInt8]) {
        if !first { out.append(UInt8(ascii: ",")) }
        first = false
        out.append(UInt8(ascii: "\""))
        out.append(contentsOf: UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount))
        out.append(contentsOf: #"":"#.utf8)
    }

    func close(_ out: inout [UInt8]) { out.append(UInt8(ascii: "}")) }
}
