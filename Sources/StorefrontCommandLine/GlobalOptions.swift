import ArgumentParser
import Foundation
import Storefront
import Synchronization
import UserConfig

/// Options every command takes, before or after the subcommand's name:
/// `storefront --catalog x.json search tea` and `storefront search tea --catalog x.json`.
public struct GlobalOptions: ParsableArguments, Sendable {
    public init() {}

    @Option(name: .long, help: ArgumentHelp("A catalog file to use instead of the bundled one.", valueName: "path"))
    public var catalog: String?

    @Option(name: .long, help: ArgumentHelp("A Storefront API endpoint to read from instead of the catalog.", valueName: "url"))
    public var endpoint: String?

    @Option(name: .long, help: ArgumentHelp("A shop to read from instead of the catalog (else STOREFRONT_SHOP).", valueName: "domain"))
    public var shop: String?

    @Option(name: .long, help: ArgumentHelp("The Storefront API access token (else STOREFRONT_TOKEN).", valueName: "token"))
    public var token: String?

    /// The settings this command runs with: these flags, then the environment, then `config.toml`
    /// (unless `readingFile` is false), then the defaults. `token_env` naming an unset variable
    /// is said on stderr.
    public func settings(country: String? = nil, noPictures: Bool = false, readingFile: Bool = true) -> Settings {
        let flags = Settings.Flags(catalog: catalog, endpoint: endpoint, shop: shop, token: token, country: country,
                                   noPictures: noPictures)
        let (settings, problems) = Settings.resolve(flags: flags, environment: ProcessInfo.processInfo.environment,
                                                    file: readingFile ? SettingsFile.loaded : ConfigFile())
        for problem in problems { SettingsFile.warn("\(ConfigFile.location(environment: ProcessInfo.processInfo.environment)?.path ?? "config.toml"): \(problem)") }
        return settings
    }

    /// The Storefront API named by --endpoint or --shop (or STOREFRONT_SHOP, or config.toml's shop
    /// or endpoint), or nil to read the catalog. By default reads go to the network first; when it fails, an answer cached in the
    /// last day is used and stderr says so (`reportFallbacks`).
    /// The app passes its own `onEvent` instead (the terminal is its screen, not stderr's).
    public func remoteStorefront(cachePolicy: CachePolicy = .networkFirst(expireIn: 24 * 60 * 60),
                          offlineFallbackAge: TimeInterval? = nil,
                          readingFile: Bool = true,
                          onEvent: (@Sendable (GraphQLClientEvent) -> Void)? = nil) throws -> GraphQLStorefront? {
        let configuration: GraphQLStorefront.Configuration?
        let settings = settings(readingFile: readingFile)
        do {
            configuration = try GraphQLStorefront.Configuration.selected(endpoint: settings.endpoint, shop: settings.shop,
                                                                         token: settings.token)
        } catch {
            throw CommandFailure.input(error.description)
        }
        guard var configuration else { return nil }
        configuration.cachePolicy = cachePolicy
        configuration.offlineFallbackAge = offlineFallbackAge
        // One warning per command, however many of its requests fell back to saved answers.
        let warned = Mutex(false)
        return GraphQLStorefront(configuration: configuration, onEvent: onEvent ?? { event in
            guard case .servedFromCacheAfterNetworkFailure(_, let age, let error) = event,
                  !warned.withLock({ wasWarned in defer { wasWarned = true }; return wasWarned }) else { return }
            let minutes = Int((age / 60).rounded())
            FileHandle.standardError.write(Data("storefront: offline (\(error.description)); showing data cached \(minutes) min ago\n".utf8))
        })
    }

    /// The Storefront API endpoint named by --endpoint or --shop (or STOREFRONT_SHOP, or
    /// config.toml), token or not: its shop's account server is the one to log in to.
    public var storefrontEndpoint: URL? {
        let settings = settings()
        return (try? GraphQLStorefront.Configuration.selected(endpoint: settings.endpoint, shop: settings.shop,
                                                              token: settings.token ?? "-"))??.endpoint
    }

    /// The catalog named on the command line, or the bundled one. (ArgumentParser hands an option
    /// written before the subcommand's name to the subcommand's copy of this group too.)
    /// A catalog that cannot be used ends the command with one line on stderr and status 2.
    public func openCatalog() throws -> StoreCatalog {
        do {
            if let path = catalog { return try CatalogLoader.load(contentsOf: path) }
            return try CatalogLoader.bundled()
        } catch let error as StorefrontError {
            throw CommandFailure.input(error.description)
        }
    }

    /// The embedded shop over the catalog. When the catalog has a current index on disk (see
    /// `CatalogIndexFiles`), the shop is ready at once: the index answers the first screen's reads
    /// while the catalog is read on a thread of its own (`whenRead` is called once it is). Else the
    /// catalog is read first, as `STOREFRONT_CATALOG_INDEX=off` always does, and its index is
    /// written for the next run on a thread of its own.
    public func embeddedStorefront(whenRead: @escaping @Sendable () -> Void = {}) throws -> EmbeddedStorefront {
        let cache = ResponseCache.defaultDirectory()
        guard CatalogIndexFiles.isEnabled() else {
            defer { whenRead() }
            return EmbeddedStorefront(catalog: try openCatalog())
        }
        if let index = CatalogIndexFiles.open(catalogPath: catalog, cache: cache) {
            let options = self
            return EmbeddedStorefront(index: index, loading: {
                defer { whenRead() }
                return try options.openCatalog()
            })
        }
        defer { whenRead() }
        do {
            let (loaded, stamp) = try CatalogIndexFiles.load(catalogPath: catalog)
            // Written while the shop is in use (a 100,000-product catalog takes seconds); a writer
            // that did not finish leaves a temporary file that the next one removes.
            if let stamp { Thread.detachNewThread { _ = CatalogIndexFiles.writeIndex(of: loaded, stamp: stamp, cache: cache) } }
            return EmbeddedStorefront(catalog: loaded)
        } catch let error as StorefrontError {
            throw CommandFailure.input(error.description)
        }
    }

    /// An answer from the catalog's index on disk when it has one that is still the catalog
    /// file's (see `CatalogIndexFiles`); else from the catalog read from its file, whose index is
    /// then written for the next command. An index that fails to read is removed and the catalog
    /// file answers instead. `STOREFRONT_CATALOG_INDEX=off` always reads the file.
    public func readCatalog<T>(index fromIndex: (CatalogIndex) throws -> T, catalog fromCatalog: (StoreCatalog) throws -> T) throws -> T {
        let cache = ResponseCache.defaultDirectory()
        guard CatalogIndexFiles.isEnabled() else { return try fromCatalog(openCatalog()) }
        if let index = CatalogIndexFiles.open(catalogPath: catalog, cache: cache) {
            do {
                return try fromIndex(index)
            } catch let error as StorefrontError {
                throw error
            } catch let error as CommandFailure {
                throw error
            } catch {
                CatalogIndexFiles.discard(catalogPath: catalog, cache: cache)
            }
        }
        let loaded: StoreCatalog
        do {
            loaded = try CatalogIndexFiles.loadAndIndex(catalogPath: catalog, cache: cache).catalog
        } catch let error as StorefrontError {
            throw CommandFailure.input(error.description)
        }
        return try fromCatalog(loaded)
    }
}
