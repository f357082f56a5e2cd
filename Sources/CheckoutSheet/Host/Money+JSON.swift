import Storefront

extension Money {
    /// `{"amount": "24.00", "currencyCode": "USD"}`: the amount as a string with the currency's
    /// minor digits, as the Storefront API writes `MoneyV2`, so no decimal is lost on the way.
    package var jsonValue: JSONValue {
        .object([("amount", .string(amountString)), ("currencyCode", .string(currencyCode))])
    }
}
