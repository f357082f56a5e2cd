import Foundation
import Graphiti
import Storefront

// Cart delivery (addresses, groups, options) and full mailing addresses in the Storefront API's shapes.

enum DeliveryMethodType: String, Codable, Sendable, CaseIterable {
    case local = "LOCAL", none = "NONE", pickupPoint = "PICKUP_POINT", pickUp = "PICK_UP", retail = "RETAIL", shipping = "SHIPPING"
}

enum CartDeliveryGroupType: String, Codable, Sendable, CaseIterable {
    case oneTimePurchase = "ONE_TIME_PURCHASE", subscription = "SUBSCRIPTION"
}

enum DeliveryAddressValidationStrategy: String, Codable, Sendable, CaseIterable {
    case countryCodeOnly = "COUNTRY_CODE_ONLY", strict = "STRICT"
}

/// `CartAddress`, the union behind a selectable address: delivery addresses only.
protocol CartAddress: Sendable {}

/// `CartDelivery { addresses(selected:) }`.
struct CartDeliveryNode: Sendable {
    var all: [CartSelectableAddress]

    func addresses(context: RequestContext, arguments: SelectedArguments) -> [CartSelectableAddress] {
        arguments.selected == true ? all.filter(\.selected) : all
    }
}

struct SelectedArguments: Decodable, Sendable {
    var selected: Bool?
}

/// `CartDeliveryAddress` (and the address parts of `MailingAddress`).
struct CartDeliveryAddressNode: CartAddress, Hashable {
    var address: MailingAddress

    var address1: String? { address.address1 }
    var address2: String? { address.address2 }
    var city: String? { address.city }
    var company: String? { address.company }
    var countryCode: String? { address.countryCode }
    var firstName: String? { address.firstName }
    var lastName: String? { address.lastName }
    var name: String? { address.name }
    var phone: String? { address.phone }
    var provinceCode: String? { address.zoneCode }
    var zip: String? { address.postalCode }
    /// The catalog has no coordinates.
    var latitude: Double? { nil }
    var longitude: Double? { nil }
    /// The country's English name, from its code.
    var country: String? {
        address.countryCode.flatMap { Locale(identifier: "en_US").localizedString(forRegionCode: $0) }
    }

    /// The address as lines for a label: company, name, street, "city province zip", country.
    func formatted(context: RequestContext, arguments: FormattedArguments) -> [String] {
        var lines: [String?] = []
        if arguments.withCompany ?? true { lines.append(company) }
        if arguments.withName ?? false { lines.append(name) }
        lines += [address1, address2, [city, provinceCode, zip].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: " "), country]
        return lines.compactMap { $0 }.filter { !$0.isEmpty }
    }

    /// "City, Province, Country".
    var formattedArea: String? {
        let parts = [city, provinceCode, country].compactMap { $0 }.filter { !$0.isEmpty }
        return parts.isEmpty ? nil : parts.joined(separator: ", ")
    }
}

struct FormattedArguments: Decodable, Sendable {
    var withCompany: Bool?
    var withName: Bool?
}

extension CartSelectableAddress {
    var idValue: GraphID { GraphID(unchecked: id) }
    var addressValue: any CartAddress { CartDeliveryAddressNode(address: address) }
}

/// `CartDeliveryGroup` with the cart's lines it ships.
struct CartDeliveryGroupNode: Hashable, Codable, Sendable {
    var group: CartDeliveryGroup
    var lines: [CartLine]

    var idValue: GraphID { GraphID(unchecked: group.id) }
    var groupType: CartDeliveryGroupType { .oneTimePurchase }
    var deliveryOptions: [CartDeliveryOption] { group.deliveryOptions }
    var selectedDeliveryOption: CartDeliveryOption? { group.selectedDeliveryOption }
    var deliveryAddress: MailingAddress { group.deliveryAddress }

    func cartLines(context: RequestContext, arguments: ConnectionArguments) throws -> CartLineConnection {
        let shipped = lines.filter { group.lineIds.contains($0.id) }.map(CartLineNode.init(line:))
        return CartLineConnection(page: try ListPager.page(shipped, arguments, reverse: arguments.reverse ?? false, listing: "group-lines"),
                                  upcast: { $0 })
    }
}

extension CartDeliveryOption {
    // Nullable in the API (a carrier's rate may have neither); the shop's own options have both.
    var codeValue: String? { code }
    var titleValue: String? { title }
    var methodType: DeliveryMethodType { DeliveryMethodType(rawValue: deliveryMethodType) ?? .shipping }
}

extension Cart {
    var delivery: CartDeliveryNode { CartDeliveryNode(all: deliveryAddresses) }

    func deliveryGroupPage(context: RequestContext, arguments: DeliveryGroupArguments) throws -> Page<CartDeliveryGroupNode> {
        try ListPager.page(deliveryGroups.map { CartDeliveryGroupNode(group: $0, lines: lines) }, arguments,
                           reverse: arguments.reverse ?? false, listing: "delivery-groups")
    }
}

extension MailingAddress {
    private var node: CartDeliveryAddressNode { CartDeliveryAddressNode(address: self) }
    var country: String? { node.country }
    var formattedArea: String? { node.formattedArea }
    var latitude: Double? { nil }
    var longitude: Double? { nil }
    var province: String? { zoneCode }

    func formatted(context: RequestContext, arguments: FormattedArguments) -> [String] {
        node.formatted(context: context, arguments: arguments)
    }

    var idValue: GraphID { GraphID(unchecked: stableId) }
}

/// `Cart.deliveryGroups`: a connection; carrier rates are the shop's own, so `withCarrierRates` changes nothing.
struct DeliveryGroupArguments: PagingArguments {
    var first: Int?
    var after: String?
    var last: Int?
    var before: String?
    var reverse: Bool?
    var withCarrierRates: Bool?
}
