import Storefront

/// The one customer the local account server knows: someone to log in as, with an address in the
/// shop's country so a checkout can be pre-filled end to end.
public enum DemoCustomer {
    public static let customer = Customer(
        id: "gid://shopify/Customer/7001", email: "ada@example.com", firstName: "Ada", lastName: "Lovelace",
        phone: "+31 20 555 0199",
        defaultAddress: MailingAddress(firstName: "Ada", lastName: "Lovelace", address1: "Keizersgracht 123",
                                       city: "Amsterdam", zoneCode: "NH", countryCode: "NL", postalCode: "1015 CJ",
                                       phone: "+31 20 555 0199"))
}
