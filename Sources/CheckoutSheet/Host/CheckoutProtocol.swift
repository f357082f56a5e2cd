/// The wire protocol between the checkout page and the sheet. `8.1` is the 3.x kit's bridge
/// (`{"name","body"}` messages, web pixels); `2025-10` is the 4.0 kit's Embedded Checkout Protocol
/// (JSON-RPC 2.0, a ready handshake, requests the host answers, no pixels).
public enum CheckoutProtocol: String, Hashable, Sendable, CaseIterable {
    case bridge81 = "8.1"
    case embedded202510 = "2025-10"
}

/// What a host may take over from the page in protocol 2025-10, each only when it declared it.
/// Raw values are the Embedded Checkout Protocol's delegation names.
public enum CheckoutDelegation: String, Hashable, Sendable, CaseIterable, Comparable {
    /// The host picks the delivery address (`checkout.addressChangeStart`).
    case addressChange = "fulfillment.address_change"
    /// The host picks the payment method (`checkout.paymentMethodChangeStart`).
    case paymentMethodChange = "payment.instruments_change"
    /// The host confirms the payment before the order is placed (`checkout.submitStart`).
    case submit = "payment.credential"

    public static func < (a: Self, b: Self) -> Bool { a.rawValue < b.rawValue }
}
