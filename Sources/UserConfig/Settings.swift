import Foundation

/// The settings a command runs with, each taken from the first that gives it: the command line,
/// the environment, the settings file, the built-in default.
public struct Settings: Equatable, Sendable {
    /// A Storefront API (at most one of the two); both nil: the catalog.
    public var endpoint: String?
    public var shop: String?
    public var token: String?
    /// The country to shop from; nil: the shop's own.
    public var country: String?
    /// False: monochrome, as `NO_COLOR` gives.
    public var colours: Bool
    /// False: no product pictures.
    public var pictures: Bool

    public init(endpoint: String? = nil, shop: String? = nil, token: String? = nil, country: String? = nil,
                colours: Bool = true, pictures: Bool = true) {
        self.endpoint = endpoint; self.shop = shop; self.token = token; self.country = country
        self.colours = colours; self.pictures = pictures
    }

    /// What the command line said (nil: nothing).
    public struct Flags: Equatable, Sendable {
        public var catalog: String?
        public var endpoint: String?
        public var shop: String?
        public var token: String?
        public var country: String?
        /// `--no-image`.
        public var noPictures: Bool

        public init(catalog: String? = nil, endpoint: String? = nil, shop: String? = nil, token: String? = nil,
                    country: String? = nil, noPictures: Bool = false) {
            self.catalog = catalog; self.endpoint = endpoint; self.shop = shop; self.token = token
            self.country = country; self.noPictures = noPictures
        }
    }

    public static let shopVariable = "STOREFRONT_SHOP"
    public static let tokenVariable = "STOREFRONT_TOKEN"
    public static let countryVariable = "STOREFRONT_COUNTRY"

    /// Flags, then the environment, then the file, then the defaults, key by key. The file's shop
    /// or endpoint stands only when neither the command line (`--catalog`, `--endpoint`, `--shop`)
    /// nor `STOREFRONT_SHOP` names where to read. Returns what is worth a warning: a `token_env`
    /// that names an unset variable.
    public static func resolve(flags: Flags, environment: [String: String], file: ConfigFile) -> (settings: Settings, problems: [String]) {
        func variable(_ name: String) -> String? { environment[name].flatMap { $0.isEmpty ? nil : $0 } }
        var settings = Settings()
        var problems: [String] = []
        settings.endpoint = flags.endpoint
        settings.shop = flags.shop ?? variable(shopVariable)
        if flags.catalog == nil, settings.endpoint == nil, settings.shop == nil {
            settings.endpoint = file.endpoint
            settings.shop = file.shop
        }
        settings.token = flags.token ?? variable(tokenVariable)
        if settings.token == nil {
            if let token = file.token {
                settings.token = token
            } else if let name = file.tokenVariable {
                settings.token = variable(name)
                if settings.token == nil { problems.append("token_env names \(name), which is not set") }
            }
        }
        settings.country = flags.country ?? variable(countryVariable) ?? file.country
        // NO_COLOR set and not empty is monochrome whatever the file says (no-color.org).
        settings.colours = variable("NO_COLOR") == nil && file.colours != false
        settings.pictures = !flags.noPictures && file.pictures != false
        return (settings, problems)
    }
}
