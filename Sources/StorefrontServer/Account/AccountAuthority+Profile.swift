import Foundation
import Storefront

/// A customer's addresses as the Customer Account API numbers them. The default one is the
/// customer's `defaultAddress`, which the cart's buyer identity and the checkout's pre-fill read.
struct CustomerAddressBook: Hashable, Sendable {
    struct Entry: Hashable, Sendable {
        /// `gid://shopify/CustomerAddress/N`, unique in the shop.
        var id: String
        var address: MailingAddress
    }

    /// The most addresses a customer keeps.
    static let maximumAddresses = 50
    static let idPrefix = "gid://shopify/CustomerAddress/"

    var entries: [Entry] = []
    var defaultId: String?

    var defaultEntry: Entry? { entries.first { $0.id == defaultId } }
}

/// What a change to a customer's profile or addresses came to.
enum ProfileChange<Value: Sendable>: Sendable {
    case done(Value)
    /// A user error: its code, the input field it concerns, and the message.
    case refused(code: String, field: [String]?, message: String)
}

extension AccountAuthority {
    /// The customer's address book, made from their default address the first time it is asked for.
    func addressBook(of customer: Customer) -> CustomerAddressBook {
        if let book = addressBooks[customer.id] { return book }
        var book = CustomerAddressBook()
        if let address = customer.defaultAddress {
            let entry = CustomerAddressBook.Entry(id: newAddressId(), address: address)
            book.entries = [entry]
            book.defaultId = entry.id
        }
        addressBooks[customer.id] = book
        return book
    }

    private func newAddressId() -> String {
        defer { nextAddressNumber += 1 }
        return CustomerAddressBook.idPrefix + String(nextAddressNumber)
    }

    /// Changes the customer with this id where the shop keeps them: a key's customer with the
    /// shop's records, the customer a login approves in memory. Nil when no such customer is known.
    func updateCustomer(id: String, _ change: (inout Customer) -> Void) async -> Customer? {
        if let fingerprint = fingerprint(ofCustomerId: id), var known = keyCustomers[fingerprint] {
            change(&known)
            keyCustomers[fingerprint] = known
            for (grant, customer) in grantCustomers where customer.id == id { grantCustomers[grant] = known }
            await keep?(CustomerRecord(customer: known, keyFingerprint: fingerprint, cartId: customerCarts[id]))
            return known
        }
        for (grant, customer) in grantCustomers where customer.id == id {
            var changed = customer
            change(&changed)
            grantCustomers[grant] = changed
        }
        if signedInCustomer.id == id {
            change(&signedInCustomer)
            return signedInCustomer
        }
        return grantCustomers.values.first { $0.id == id }
    }

    /// `customerUpdate`: new first and last names (nil keeps one, empty clears it).
    func updateName(of customer: Customer, firstName: String?, lastName: String?) async -> ProfileChange<Customer> {
        guard firstName != nil || lastName != nil else {
            return .refused(code: "CUSTOMER_INPUT_ARGUMENT_EMPTY", field: ["input"], message: "Give a first name or a last name.")
        }
        for (name, value) in [("firstName", firstName), ("lastName", lastName)] {
            guard let value else { continue }
            if let problem = ProfileText.problem(value, urlsAllowed: false) {
                return .refused(code: problem.code, field: ["input", name], message: problem.message)
            }
        }
        let updated = await updateCustomer(id: customer.id) { known in
            if let firstName { known.firstName = firstName.isEmpty ? nil : firstName }
            if let lastName { known.lastName = lastName.isEmpty ? nil : lastName }
        }
        guard let updated else {
            return .refused(code: "CUSTOMER_DOES_NOT_EXIST", field: nil, message: "The customer is not known to the shop.")
        }
        return .done(updated)
    }

    /// `customerAddressCreate`: the address joins the book; the first, or one marked default,
    /// becomes the default address.
    func createAddress(for customer: Customer, _ input: AddressInput, makeDefault: Bool) async -> ProfileChange<CustomerAddressBook.Entry> {
        var book = addressBook(of: customer)
        if let refusal: ProfileChange<CustomerAddressBook.Entry> = input.problem(creating: true) { return refusal }
        guard book.entries.count < CustomerAddressBook.maximumAddresses else {
            return .refused(code: "INVALID", field: ["address"],
                            message: "A customer keeps at most \(CustomerAddressBook.maximumAddresses) addresses.")
        }
        let address = input.applied(to: MailingAddress())
        guard !book.entries.contains(where: { $0.address == address }) else {
            return .refused(code: "CUSTOMER_ADDRESS_ALREADY_EXISTS", field: ["address"], message: "The customer already has this address.")
        }
        let entry = CustomerAddressBook.Entry(id: newAddressId(), address: address)
        book.entries.append(entry)
        if makeDefault || book.defaultId == nil { book.defaultId = entry.id }
        await save(book, of: customer)
        return .done(entry)
    }

    /// `customerAddressUpdate`: the given fields change (nil keeps one, empty clears it);
    /// `makeDefault: true` makes it the default, `false` on the default is refused.
    func updateAddress(of customer: Customer, id: String, _ input: AddressInput?,
                       makeDefault: Bool?) async -> ProfileChange<CustomerAddressBook.Entry> {
        var book = addressBook(of: customer)
        guard let index = book.entries.firstIndex(where: { $0.id == id }) else {
            return .refused(code: "ADDRESS_ID_DOES_NOT_EXIST", field: ["addressId"], message: "The customer has no address with this id.")
        }
        if makeDefault == false && book.defaultId == id {
            return .refused(code: "DEMOTING_CUSTOMER_DEFAULT_ADDRESS_NOT_ALLOWED", field: ["defaultAddress"],
                            message: "Make another address the default instead.")
        }
        if let input {
            if let refusal: ProfileChange<CustomerAddressBook.Entry> = input.problem(creating: false) { return refusal }
            let address = input.applied(to: book.entries[index].address)
            guard !book.entries.contains(where: { $0.id != id && $0.address == address }) else {
                return .refused(code: "CUSTOMER_ADDRESS_ALREADY_EXISTS", field: ["address"], message: "The customer already has this address.")
            }
            book.entries[index].address = address
        }
        if makeDefault == true { book.defaultId = id }
        await save(book, of: customer)
        return .done(book.entries[index])
    }

    /// `customerAddressDelete`: any address but the default one.
    func deleteAddress(of customer: Customer, id: String) async -> ProfileChange<String> {
        var book = addressBook(of: customer)
        guard book.entries.contains(where: { $0.id == id }) else {
            return .refused(code: "ADDRESS_ID_DOES_NOT_EXIST", field: ["addressId"], message: "The customer has no address with this id.")
        }
        guard book.defaultId != id else {
            return .refused(code: "DELETING_CUSTOMER_DEFAULT_ADDRESS_NOT_ALLOWED", field: ["addressId"],
                            message: "The default address cannot be deleted; make another address the default first.")
        }
        book.entries.removeAll { $0.id == id }
        await save(book, of: customer)
        return .done(id)
    }

    /// Keeps the book, and its default as the customer's default address.
    private func save(_ book: CustomerAddressBook, of customer: Customer) async {
        addressBooks[customer.id] = book
        let address = book.defaultEntry?.address
        if customer.defaultAddress != address { _ = await updateCustomer(id: customer.id) { $0.defaultAddress = address } }
    }
}

/// `CustomerAddressInput`: the address fields a customer sends, each bounded.
struct AddressInput: Decodable, Sendable, Hashable {
    var address1: String?
    var address2: String?
    var city: String?
    var company: String?
    var firstName: String?
    var lastName: String?
    var phoneNumber: String?
    var territoryCode: String?
    var zip: String?
    var zoneCode: String?

    private var fields: [(name: String, value: String?)] {
        [("address1", address1), ("address2", address2), ("city", city), ("company", company), ("firstName", firstName),
         ("lastName", lastName), ("phoneNumber", phoneNumber), ("territoryCode", territoryCode), ("zip", zip), ("zoneCode", zoneCode)]
    }

    /// The first user error of this input, or nil.
    func problem<Value>(creating: Bool) -> ProfileChange<Value>? {
        guard fields.contains(where: { $0.value != nil }) else {
            return .refused(code: "ADDRESS_ARGUMENT_EMPTY", field: ["address"], message: "The address has no fields.")
        }
        for field in fields {
            guard let value = field.value, let problem = ProfileText.problem(value, urlsAllowed: true) else { continue }
            return .refused(code: problem.code, field: ["address", field.name], message: problem.message)
        }
        if let code = territoryCode, !code.isEmpty, !EnumCodes.countries.contains(code) {
            return .refused(code: "INVALID_TERRITORY_CODE", field: ["address", "territoryCode"], message: "\(code) is not a country code.")
        }
        if creating && (territoryCode ?? "").isEmpty {
            return .refused(code: "TERRITORY_CODE_MISSING", field: ["address", "territoryCode"], message: "The address needs a country.")
        }
        return nil
    }

    /// `address` with the fields this input gives (an empty one clears its field).
    func applied(to address: MailingAddress) -> MailingAddress {
        func merged(_ value: String?, _ current: String?) -> String? {
            guard let value else { return current }
            return value.isEmpty ? nil : value
        }
        return MailingAddress(firstName: merged(firstName, address.firstName), lastName: merged(lastName, address.lastName),
                              address1: merged(address1, address.address1), address2: merged(address2, address.address2),
                              city: merged(city, address.city), zoneCode: merged(zoneCode, address.zoneCode),
                              countryCode: merged(territoryCode, address.countryCode), postalCode: merged(zip, address.postalCode),
                              phone: merged(phoneNumber, address.phone), company: merged(company, address.company))
    }
}

/// The bounds on text a customer writes into their profile.
enum ProfileText {
    static let maximumLength = 255

    static func problem(_ text: String, urlsAllowed: Bool) -> (code: String, message: String)? {
        if text.count > maximumLength { return ("TOO_LONG", "At most \(maximumLength) characters.") }
        if TextSanitizer.cleanLine(text) != text { return ("INVALID", "Control characters and line breaks are not allowed.") }
        if text.contains("<") && text.contains(">") { return ("CONTAINS_HTML_TAGS", "HTML tags are not allowed.") }
        if !urlsAllowed && (text.contains("://") || text.lowercased().contains("www.")) { return ("CONTAINS_URL", "Addresses of web pages are not allowed.") }
        return nil
    }
}
