import AppAccount
import AppCore
import CheckoutSheet
import CustomerAccount
import Foundation
import ServerSettings
import Storefront
import StorefrontCommandLine
import TerminalUI
import UserConfig
#if canImport(Glibc)
import Glibc
#endif

/// The interactive storefront on the embedded catalog (or a Storefront API): the real storefront,
/// the real checkout sheet over the simulated web checkout, and the terminal UI.
enum InteractiveSession {
    /// Runs until the buyer quits: the terminal UI, or the plain mode (see `usesPlainMode`). In the
    /// terminal UI the catalog loads after the first frame is on screen; a catalog that cannot be
    /// used ends the command with a clear message.
    /// `link` opens a screen at start (`--open`, an SSH deep link); `cartOnAccount` keeps the
    /// current cart on the account server (an SSH session keeps nothing of its own);
    /// `checkoutProtocol` is the checkout sheet's wire protocol (`--checkout-protocol`);
    /// `showsPictures` false leaves product pictures out (config.toml's `pictures = false`);
    /// `settingsCountry` (config.toml's) is where to start when neither `country` (the command
    /// line's or the environment's) nor the country picked last time says.
    static func run(global: GlobalOptions, plain: Bool, opening link: DeepLink? = nil, cartOnAccount: Bool = false,
                    checkoutProtocol: CheckoutProtocol = .bridge81, country: String? = nil,
                    settingsCountry: String? = nil, showsPictures: Bool = true) async throws {
        // In 2025-10 the shopper picks the address and the payment method in the app's pickers.
        let checkout = CheckoutConfiguration.answeredByAPerson(protocolVersion: checkoutProtocol)
        if usesPlainMode(asked: plain) {
            try await PlainSession.run(opening: link) {
                try await dependencies(global: global, cartOnAccount: cartOnAccount, checkout: checkout, country: country,
                                       settingsCountry: settingsCountry)
            }
            return
        }
        do {
            let notices = try await TerminalApp.run(opening: link, showsPictures: showsPictures) {
                try await dependencies(global: global, cartOnAccount: cartOnAccount, checkout: checkout, country: country,
                                       settingsCountry: settingsCountry)
            }
            for notice in notices { FileHandle.standardError.write(Data("storefront: \(notice)\n".utf8)) }
        } catch let error as TerminalError {
            throw CommandFailure.input("\(error) storefront --plain works without one.")
        }
    }

    /// A shop's web checkout, in the browser of this machine when it has one.
    @Sendable static func openInBrowser(_ address: String) async -> Bool {
        guard let url = URL(string: address), ["http", "https"].contains(url.scheme?.lowercased() ?? "") else { return false }
        return BrowserLauncher.open(url)
    }

    /// The plain mode when asked for, when TERM cannot move a cursor (dumb, unset), or when stdin
    /// or stdout is not a terminal (a pipe, a file, a script).
    static func usesPlainMode(asked: Bool, environment: [String: String] = ProcessInfo.processInfo.environment) -> Bool {
        let term = environment["TERM"] ?? ""
        return asked || term.isEmpty || term == "dumb" || isatty(0) != 1 || isatty(1) != 1
    }

    /// For the bare `storefront`, what it may do before its command line is parsed: start its
    /// terminal and draw the first frame, and open the bundled catalog's index when it reads no
    /// Storefront API. Only when it will run the app (not the plain mode), and neither the
    /// settings file nor the environment has anything to say on stderr first (a problem, a bad
    /// value). The settings' `colours = false` is applied first, as `run` would.
    @MainActor
    static func startEarly(environment: [String: String] = ProcessInfo.processInfo.environment) {
        guard !usesPlainMode(asked: false, environment: environment) else { return }
        let file = SettingsFile.loaded
        let (settings, problems) = Settings.resolve(flags: Settings.Flags(), environment: environment, file: file)
        guard problems.isEmpty, SettingsFile.saidNothing,
              (try? AppSettings.checkoutProtocol(option: nil, environment: environment)) != nil,
              MarketOptions.environmentCountryIsValid(environment) else { return }
        SettingsFile.applyColours(settings)
        // The environment as it is now: the settings may have added NO_COLOR.
        TerminalApp.startEarly()
        if settings.endpoint == nil, settings.shop == nil, CatalogIndexFiles.isEnabled(environment: environment) {
            CatalogIndexFiles.startOpening(catalogPath: nil, cache: ResponseCache.defaultDirectory())
        }
    }

    /// The storefront, checkout and account the session runs on.
    private static func dependencies(global: GlobalOptions, cartOnAccount: Bool = false,
                                     checkout configuration: CheckoutConfiguration, country: String?,
                                     settingsCountry: String?) async throws -> AppDependencies {
        var dependencies = try await storefront(global: global, cartOnAccount: cartOnAccount, checkout: configuration)
        // The country: the command line's, else the one picked last time in this state directory,
        // else the settings file's.
        let preference = CountryPreference(directory: EmbeddedStorefront.defaultStateDirectory())
        dependencies.country = country ?? preference.load() ?? settingsCountry
        // Else the shop's own, named before the first frame: the market decides names as well as
        // prices (a shop in the Netherlands shows its Dutch titles there), from the first list on.
        if dependencies.country == nil { dependencies.country = await homeCountry(of: dependencies.storefront) }
        dependencies.saveCountry = { preference.save($0) }
        return dependencies
    }

    /// The shop's own country, as its `localization` names it; nil when it does not answer within
    /// two seconds (the app then asks without a country, and learns it from the first answers).
    static func homeCountry(of storefront: any StorefrontClient) async -> String? {
        await withTaskGroup(of: String?.self) { group in
            group.addTask { try? await storefront.localization().country.isoCode }
            group.addTask {
                try? await Task.sleep(for: .seconds(2))
                return nil
            }
            let first = await group.next() ?? nil
            group.cancelAll()
            return first
        }
    }

    private static func storefront(global: GlobalOptions, cartOnAccount: Bool,
                                   checkout configuration: CheckoutConfiguration) async throws -> AppDependencies {
        // A Storefront API (--endpoint, --shop): five minutes of cache-first reads, carts
        // and checkout over the API. The terminal is the app's, so fallbacks are not printed.
        // The customer logged in on this machine (storefront login): carts carry their token.
        // Offline, answers saved in the last week stand in, and the header says so.
        // The cart id is remembered per endpoint, so the next run finds the same cart.
        let stateDirectory = EmbeddedStorefront.defaultStateDirectory()
        let tokens = TokenStore(directory: stateDirectory)
        let connection = ConnectionMonitor()
        if let remote = try global.remoteStorefront(cachePolicy: .cacheFirst(expireIn: 300), offlineFallbackAge: 7 * 24 * 3600,
                                                    onEvent: connection.report) {
            // A guest's orders are found again by the checkout sessions this terminal paid; an SSH
            // session shares the server's directory with every other guest, so it keeps none.
            let paidSessions = cartOnAccount ? nil : RemoteOrderSessions(directory: stateDirectory, endpoint: remote.configuration.endpoint)
            let backend = StorefrontAPICheckoutBackend(storefront: remote, paidSessions: paidSessions)
            let checkout = CheckoutSheet(configuration: configuration, webViews: SimulatedCheckoutServer(backend: backend))
            var ledgerOrders: (@Sendable () async throws -> [Order])?
            if paidSessions != nil { ledgerOrders = { try await backend.guestOrders() } }
            let commands = AccountCommands(tokenStore: tokens, output: { _ in })
            // The account server is the shop's, found from the endpoint.
            var loginOptions = LoginCommand.defaultOptions
            loginOptions.storefrontEndpoint = remote.configuration.endpoint
            // On a remote terminal (an SSH session) no browser reaches this machine: a code approved elsewhere.
            loginOptions.onAnotherDevice = ProcessInfo.processInfo.environment[SSHSessionEnvironment.loginElsewhereVariable] == "1"
            let cartIds = RemoteCartIds(directory: stateDirectory, endpoint: remote.configuration.endpoint)
            // An SSH session keeps nothing: its customer's cart is remembered by the account server.
            let accountCart = cartOnAccount ? AccountCartPointer(manager: commands.tokenManager) : nil
            return AppDependencies(storefront: remote, checkout: checkout,
                                   loadCartId: {
                                       if let accountCart { return await accountCart.current() }
                                       return await cartIds.current()
                                   },
                                   saveCartId: { id in
                                       if let accountCart { await accountCart.set(id) } else { await cartIds.set(id) }
                                   },
                                   loadSeenCart: { await cartIds.lastSeen() },
                                   saveSeenCart: { cart in await cartIds.remember(cart) },
                                   account: .live(commands, login: loginOptions),
                                   connectionEvents: { connection.events }, openURL: Self.openInBrowser,
                                   // Past the five-minute cache, and into it: an order changed the stock.
                                   freshStorefront: remote.withCachePolicy(.networkFirst(expireIn: 300)),
                                   forgetSavedAnswers: { await remote.purge() },
                                   ledgerOrders: ledgerOrders)
        }
        // Over the catalog's index when it has one: the first screen does not wait for the catalog.
        let storefront = try global.embeddedStorefront(whenRead: { StartupTrace.mark("catalog-read") })
        let checkout = CheckoutSheet(configuration: configuration, webViews: SimulatedCheckoutServer(backend: storefront))
        // The embedded store knows the customer from the token file.
        await storefront.setCustomerDirectory(SessionCustomerDirectory(store: tokens))
        let commands = AccountCommands(tokenStore: tokens, output: { _ in }, storefront: { storefront })
        return AppDependencies(
            storefront: storefront, checkout: checkout,
            loadCartId: { await storefront.currentCartId() },
            saveCartId: { id in try? await storefront.setCurrentCartId(id) },
            // Its checkout records the customer's orders and makes their subscription contracts, so
            // it lists them (and changes the contracts), whichever server the login was made on.
            account: .live(commands, login: LoginCommand.defaultOptions, ledger: storefront), openURL: Self.openInBrowser,
            startupNotices: storefront.stateWarnings,
            // The state directory is this terminal's: its guest orders are the ledger's without a customer.
            ledgerOrders: { try await storefront.guestOrders() })
    }
}
