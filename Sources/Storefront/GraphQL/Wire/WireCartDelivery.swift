import Foundation
import StorefrontModels

/// `CartDelivery { addresses }` and `deliveryGroups` as `CartFields` selects them: the selected
/// address and the options for it, which checkout starts from.
struct WireCartDelivery: Decodable, Sendable {
    struct SelectableAddress: Decodable, Sendable {
        var id: String
        var selected: Bool
        var oneTimeUse: Bool
        var address: WireAddress
    }

    var addresses: [SelectableAddress]
}

/// `CartDeliveryAddress` (`countryCode`) and `MailingAddress` (`countryCodeV2`) in the API's names.
struct WireAddress: Decodable, Sendable {
    var firstName, lastName, company, address1, address2, city, provinceCode, countryCode, countryCodeV2, zip, phone: String?

    var model: MailingAddress {
        let line = TextSanitizer.cleanLine
        return MailingAddress(firstName: firstName.map(line), lastName: lastName.map(line), address1: address1.map(line),
                              address2: address2.map(line), city: city.map(line), zoneCode: provinceCode.map(line),
                              countryCode: (countryCode ?? countryCodeV2).map(line), postalCode: zip.map(line),
                              phone: phone.map(line), company: company.map(line))
    }
}

struct WireDeliveryGroup: Decodable, Sendable {
    struct LineReference: Decodable, Sendable { var id: String }
    /// `CartDeliveryOption`; the API may leave its code and title out.
    struct Option: Decodable, Sendable {
        var handle: String
        var code, title, description: String?
        var deliveryMethodType: String
        var estimatedCost: Money

        var model: CartDeliveryOption {
            let line = TextSanitizer.cleanLine
            return CartDeliveryOption(handle: line(handle), code: line(code ?? ""), title: line(title ?? handle),
                                      description: description.map(line), deliveryMethodType: line(deliveryMethodType),
                                      estimatedCost: estimatedCost)
        }
    }

    var id: String
    var cartLines: WireConnection<LineReference>
    var deliveryAddress: WireAddress
    var deliveryOptions: [Option]
    var selectedDeliveryOption: Option?

    var model: CartDeliveryGroup {
        CartDeliveryGroup(id: TextSanitizer.cleanLine(id), lineIds: cartLines.elements.map { TextSanitizer.cleanLine($0.id) },
                          deliveryAddress: deliveryAddress.model, deliveryOptions: deliveryOptions.map(\.model),
                          selectedDeliveryOption: selectedDeliveryOption?.model)
    }
}
