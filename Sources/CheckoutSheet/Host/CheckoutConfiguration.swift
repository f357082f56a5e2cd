/// How the sheet looks and behaves (`ShopifyCheckoutSheetKit.configuration`).
public struct CheckoutConfiguration: Hashable, Sendable {
    public enum ColorScheme: String, Hashable, Sendable, CaseIterable { case automatic, light, dark, web }
    public enum LogLevel: String, Hashable, Sendable, CaseIterable { case all, debug, error, none }
    /// A terminal colour: one of the 8 basic colours or a 256-colour index.
    public enum TerminalColor: Hashable, Sendable {
        case black, red, green, yellow, blue, magenta, cyan, white
        case indexed(Int)
        /// The terminal's own default (foreground or background).
        case terminalDefault
    }
    public struct Preloading: Hashable, Sendable {
        public var enabled: Bool
        public init(enabled: Bool = true) { self.enabled = enabled }
    }

    /// The localisation key of the sheet's title.
    public static let titleLocalizationKey = "shopify_checkout_sheet_title"

    public var colorScheme: ColorScheme
    /// Colour of the progress bar while the checkout loads.
    public var tintColor: TerminalColor
    public var backgroundColor: TerminalColor
    public var title: String
    public var closeButtonTintColor: TerminalColor
    public var preloading: Preloading
    public var logLevel: LogLevel
    /// The wire protocol the checkout page speaks: 8.1 (the default) or 2025-10.
    public var protocolVersion: CheckoutProtocol
    /// What the host takes over from the page (protocol 2025-10 only); each needs a delegate that answers.
    public var delegations: Set<CheckoutDelegation>
    /// The app's JWT for protocol 2025-10, sent in the checkout URL; never written out.
    public var appAuthentication: AppAuthenticationToken?
    /// How long the page waits for the delegate to answer a request before that step fails.
    public var requestDeadline: Duration

    public init(colorScheme: ColorScheme = .automatic, tintColor: TerminalColor = .magenta,
                backgroundColor: TerminalColor = .terminalDefault, title: String = "Checkout",
                closeButtonTintColor: TerminalColor = .terminalDefault, preloading: Preloading = Preloading(),
                logLevel: LogLevel = .error, protocolVersion: CheckoutProtocol = .bridge81,
                delegations: Set<CheckoutDelegation> = [], appAuthentication: AppAuthenticationToken? = nil,
                requestDeadline: Duration = .seconds(10)) {
        self.colorScheme = colorScheme; self.tintColor = tintColor; self.backgroundColor = backgroundColor
        self.title = title; self.closeButtonTintColor = closeButtonTintColor; self.preloading = preloading
        self.logLevel = logLevel; self.protocolVersion = protocolVersion; self.delegations = delegations
        self.appAuthentication = appAuthentication; self.requestDeadline = requestDeadline
    }

    /// The deadline when a person answers the requests in the app's pickers: choosing a saved
    /// address or card, or typing a new address, takes minutes, not the 10 s an app's own code gets.
    public static let deadlineForAPerson: Duration = .seconds(300)

    /// The sheet of an app whose shopper answers the delegated requests themselves (2025-10 takes
    /// over the address and the payment method; 8.1 delegates nothing).
    public static func answeredByAPerson(protocolVersion: CheckoutProtocol) -> CheckoutConfiguration {
        CheckoutConfiguration(protocolVersion: protocolVersion,
                              delegations: protocolVersion == .embedded202510 ? [.addressChange, .paymentMethodChange] : [],
                              requestDeadline: deadlineForAPerson)
    }

    /// A deadline as the page words it: "10 s", "5 min", "1 min 30 s".
    static func words(_ deadline: Duration) -> String {
        let seconds = deadline.components.seconds
        guard seconds >= 60 else { return "\(seconds) s" }
        return seconds % 60 == 0 ? "\(seconds / 60) min" : "\(seconds / 60) min \(seconds % 60) s"
    }
}
