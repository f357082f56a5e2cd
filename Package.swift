// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "storefront",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "storefront", targets: ["storefront"]),
        .executable(name: "storefront-server", targets: ["storefront-server"]),
        .executable(name: "storefront-bench", targets: ["StorefrontBenchmarks"]),
        .library(name: "Storefront", targets: ["Storefront"]),
        .library(name: "CheckoutSheet", targets: ["CheckoutSheet"]),
        .library(name: "AppCore", targets: ["AppCore"]),
        .library(name: "AppCoreTesting", targets: ["AppCoreTesting"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/pointfreeco/swift-custom-dump", from: "1.3.0"),
        .package(url: "https://github.com/GraphQLSwift/GraphQL", from: "4.0.0"),
        .package(url: "https://github.com/GraphQLSwift/Graphiti", from: "3.0.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.0.0"),
        .package(url: "https://github.com/apple/swift-crypto", from: "3.0.0"),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.37.6"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/pointfreeco/xctest-dynamic-overlay", from: "1.13.1"),
        .package(url: "https://github.com/apple/swift-nio-ssh", from: "0.15.1"),
        .package(url: "https://github.com/pointfreeco/swift-clocks", from: "1.0.6"),
        .package(url: "https://github.com/pointfreeco/swift-concurrency-extras", from: "1.3.0"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/modelcontextprotocol/swift-sdk", from: "0.12.1"),
        .package(url: "https://github.com/LebJe/TOMLKit", from: "0.6.0"),
        .package(url: "https://github.com/swiftlang/swift-subprocess", from: "1.0.2"),
        .package(url: "https://github.com/apple/swift-system", from: "1.8.1"),
    ],
    targets: [
        .systemLibrary(
            name: "CNcursesw",
            pkgConfig: "ncursesw",
            providers: [.apt(["libncurses-dev"])]
        ),
        .systemLibrary(name: "CChafa", pkgConfig: "chafa", providers: [.apt(["libchafa-dev", "libglib2.0-dev"])]),
        .systemLibrary(name: "CPNG", pkgConfig: "libpng", providers: [.apt(["libpng-dev"])]),
        // Product pictures: PNG decoding (libpng) and conversion to terminal cells (chafa).
        .target(name: "Pictures", dependencies: ["CChafa", "CPNG", "Determinism"]),
        // What makes a run repeatable: the one seeded generator and a hash that is the same in
        // every run. No dependencies, so every target can use it.
        .target(name: "Determinism"),
        // Tests run the built programs through it (see ProgramRun); nothing shipped links it.
        .target(name: "ProgramRuns", dependencies: [
            .product(name: "Subprocess", package: "swift-subprocess"), .product(name: "SystemPackage", package: "swift-system"),
        ]),
        // QR codes for addresses a phone should open (libqrencode); only TerminalUI imports it.
        .systemLibrary(
            name: "CQRencode",
            pkgConfig: "libqrencode",
            providers: [.apt(["libqrencode-dev"])]
        ),
        // The shop's vocabulary: products, carts, orders, money, markets and the errors the API
        // answers with. Plain values, no dependencies.
        .target(name: "StorefrontModels"),
        // The catalog as a shop reads it: the JSON catalog checked and loaded, the search syntax
        // and its ranking, paging of listings and the catalog index on disk (SQLite, FTS5).
        .target(
            name: "StorefrontCatalog",
            dependencies: [
                "StorefrontModels",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "GRDB", package: "GRDB.swift"),
            ],
            resources: [.copy("Resources/catalog.json")]
        ),
        // The embedded shop and its books (carts, stock, orders), markets, the client protocol and
        // the GraphQL client. Re-exports StorefrontModels and StorefrontCatalog.
        .target(
            name: "Storefront",
            dependencies: [
                "StorefrontModels", "StorefrontCatalog", "Determinism",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
            ],
            resources: [.copy("Resources/images"), .copy("GraphQL/Documents")]
        ),
        // What `serve` and `mcp` are run with (request and SSH limits, injected faults, scopes, tool
        // sets, paths and defaults), for both the command line that parses them and the server.
        .target(name: "ServerSettings", dependencies: ["Storefront"]),
        // The local Storefront API server: the embedded storefront behind the real schema's names.
        // The C allocator's figures and its trim (glibc's malloc.h is not in Swift's Glibc module).
        .target(name: "CAllocator"),
        // The only target (with its tests and the executable) that links GraphQL and Hummingbird.
        .target(
            name: "StorefrontServer",
            dependencies: [
                "Storefront", "CustomerAccount", "Pictures", "CAllocator", "StorefrontAgents", "ServerSettings",
                .product(name: "MCP", package: "swift-sdk"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "GraphQL", package: "GraphQL"),
                .product(name: "Graphiti", package: "Graphiti"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "UnixSignals", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "GRDB", package: "GRDB.swift"),
            ]
        ),
        // The storefront over SSH: one `storefront` process per session on its own pty.
        .target(
            name: "StorefrontSSH",
            dependencies: [
                "AppCore", "ServerSettings",
                .product(name: "NIOSSH", package: "swift-nio-ssh"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .target(name: "CheckoutSheet", dependencies: ["Storefront", "Determinism", .product(name: "Clocks", package: "swift-clocks"), .product(name: "Crypto", package: "swift-crypto")]),
        // Customer Account login: OAuth 2.0 + PKCE for a native app, tokens on disk, refresh.
        .target(
            name: "CustomerAccount",
            dependencies: [
                "Storefront",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ],
            resources: [.copy("CustomerAccountDocuments")]
        ),
        // Agents shop here too: the Storefront MCP and UCP tools over the shop's own client.
        .target(
            name: "StorefrontAgents",
            dependencies: [
                "Storefront", "CheckoutSheet", "ServerSettings",
                .product(name: "MCP", package: "swift-sdk"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .target(name: "AppCore", dependencies: ["Storefront", "CheckoutSheet"]),
        // The app's account client over the Customer Account login, for the app and the simulator.
        .target(name: "AppAccount", dependencies: ["AppCore", "CustomerAccount", "Storefront"]),
        // The command line's settings file (config.toml) and how it ranks against flags and the
        // environment; only the executable and its tests link TOMLKit.
        .target(name: "UserConfig", dependencies: [.product(name: "TOMLKit", package: "TOMLKit")]),
        .target(
            name: "AppCoreTesting",
            dependencies: [
                "AppCore",
                .product(name: "CustomDump", package: "swift-custom-dump"),
                .product(name: "IssueReporting", package: "xctest-dynamic-overlay"),
                .product(name: "Clocks", package: "swift-clocks"),
                .product(name: "ConcurrencyExtras", package: "swift-concurrency-extras"),
            ]
        ),
        // The monotonic clock as the program's own initialisers see it (the start-up trace).
        .target(name: "CStartupClock"),
        .target(name: "TerminalUI", dependencies: ["AppCore", "Storefront", "CheckoutSheet", "Pictures", "CNcursesw", "CQRencode",
                                                   "CStartupClock"]),
        // The command line both programs parse: the global options, the settings file, how a
        // command fails, and the options of `serve` and `mcp` (defined once, for both).
        .target(
            name: "StorefrontCommandLine",
            dependencies: [
                "Storefront", "CustomerAccount", "ServerSettings", "UserConfig",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // The terminal app and every command that reads a shop. It links nothing of the server
        // (GraphQL, Hummingbird, SSH, MCP and the curl-based networking MCP brings): `serve` and
        // `mcp` are parsed here and run by storefront-server, so the app starts faster.
        .executableTarget(
            name: "storefront",
            dependencies: [
                "Storefront", "CheckoutSheet", "AppCore", "TerminalUI", "CustomerAccount", "Pictures",
                "UserConfig", "AppAccount", "StorefrontCommandLine", "ServerSettings",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // `storefront serve` and `storefront mcp`: the API server, the SSH front and the agents' tools.
        .executableTarget(
            name: "storefront-server",
            dependencies: [
                "Storefront", "CustomerAccount", "StorefrontServer", "StorefrontSSH", "StorefrontAgents", "StorefrontCommandLine",
                "ServerSettings",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // Seeded generators of hostile input per surface, shared by the property tests and
        // `storefront-bench fuzz`; not part of the app.
        .target(
            name: "StorefrontFuzzing",
            dependencies: [
                "Storefront", "CheckoutSheet", "StorefrontServer", "StorefrontAgents", "AppCore", "TerminalUI", "StorefrontSSH",
                "Determinism",
                .product(name: "NIOSSH", package: "swift-nio-ssh"), .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"), .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // Seeded shopper sessions through the app's real store against the embedded shop and `serve`,
        // with the books checked after every step; shared by its tests and `storefront-bench simulate`.
        .target(
            name: "StorefrontSimulation",
            dependencies: ["Storefront", "CheckoutSheet", "AppCore", "StorefrontServer", "StorefrontFuzzing", "StorefrontAgents",
                           "CustomerAccount", "AppAccount", "Determinism",
                           .product(name: "Clocks", package: "swift-clocks"), .product(name: "MCP", package: "swift-sdk")]
        ),
        .executableTarget(
            name: "StorefrontBenchmarks",
            dependencies: ["Storefront", "CheckoutSheet", "AppCore", "TerminalUI", "StorefrontServer", "StorefrontFuzzing", "CustomerAccount",
                           "StorefrontSimulation", "Determinism",
                           "Pictures", .product(name: "AsyncHTTPClient", package: "async-http-client"),
                           .product(name: "NIOCore", package: "swift-nio"),
                           .product(name: "Clocks", package: "swift-clocks")]
        ),
        // Each test process's temporary files in a directory of its own (TMPDIR), removed at exit.
        .target(name: "TestScratch", path: "Tests/TestScratch"),
        .testTarget(name: "StorefrontTests", dependencies: ["Storefront", "StorefrontCatalog", "StorefrontModels", "Determinism", "ProgramRuns", .product(name: "Clocks", package: "swift-clocks")]),
        .testTarget(name: "StorefrontModelsTests", dependencies: ["StorefrontModels"]),
        .testTarget(name: "StorefrontCatalogTests", dependencies: ["StorefrontCatalog", "StorefrontModels", "Determinism"]),
        .testTarget(name: "DeterminismTests", dependencies: ["Determinism", .product(name: "Clocks", package: "swift-clocks")]),
        .testTarget(name: "PicturesTests", dependencies: ["Pictures"]),
        .testTarget(
            name: "StorefrontAgentsTests",
            dependencies: ["StorefrontAgents", "Storefront", .product(name: "MCP", package: "swift-sdk")]
        ),
        .testTarget(name: "UserConfigTests", dependencies: ["UserConfig"]),
        .testTarget(name: "StorefrontSimulationTests", dependencies: ["StorefrontSimulation", "Storefront"]),
        .testTarget(name: "CheckoutSheetTests", dependencies: ["CheckoutSheet", "Storefront",
                                                     .product(name: "ConcurrencyExtras", package: "swift-concurrency-extras")]),
        .testTarget(
            name: "StorefrontSSHTests",
            dependencies: [
                "StorefrontSSH", "StorefrontFuzzing", .product(name: "NIOSSH", package: "swift-nio-ssh"),
                .product(name: "NIOCore", package: "swift-nio"), .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"), .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .testTarget(
            name: "AppCoreTests",
            dependencies: [
                "AppCore", "AppCoreTesting", "Storefront", "CheckoutSheet",
                .product(name: "IssueReporting", package: "xctest-dynamic-overlay"),
                .product(name: "Clocks", package: "swift-clocks"),
                .product(name: "ConcurrencyExtras", package: "swift-concurrency-extras"),
            ]
        ),
        .testTarget(
            name: "TerminalUITests",
            dependencies: ["TerminalUI", "AppCore", "Storefront", "CheckoutSheet", "Pictures", "CNcursesw",
                           .product(name: "Clocks", package: "swift-clocks"),
                           .product(name: "ConcurrencyExtras", package: "swift-concurrency-extras")],
            exclude: ["__Snapshots__"]
        ),
        .testTarget(
            name: "EndToEndTests",
            dependencies: ["Storefront", "StorefrontServer", "CustomerAccount", "CheckoutSheet"]
        ),
        .testTarget(
            name: "CustomerAccountTests",
            dependencies: ["CustomerAccount", "Storefront", "Determinism", .product(name: "CustomDump", package: "swift-custom-dump"),
                           .product(name: "Clocks", package: "swift-clocks")]
        ),
        .testTarget(
            name: "StorefrontServerTests",
            dependencies: [
                "StorefrontServer", "Storefront", "CustomerAccount", "StorefrontFuzzing", "Pictures", "StorefrontAgents", "Determinism", "ProgramRuns",
                .product(name: "MCP", package: "swift-sdk"),
                .product(name: "Clocks", package: "swift-clocks"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "GraphQL", package: "GraphQL"),
                .product(name: "Graphiti", package: "Graphiti"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)

// Every test target links the scratch directory's initialiser, whichever of them a run builds.
for target in package.targets where target.type == .test {
    target.dependencies.append("TestScratch")
}
