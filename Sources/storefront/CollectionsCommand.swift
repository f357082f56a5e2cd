import ArgumentParser
import Foundation
import Storefront
import StorefrontCommandLine

/// `storefront collections`: the shop's collections.
struct CollectionsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "collections", abstract: "List the collections.")

    @OptionGroup var global: GlobalOptions
    @OptionGroup var market: MarketOptions

    @Flag(name: .long, help: "Print JSON: an array of collections with their product handles.")
    var json = false

    func run() async throws {
        try await reportingFailures {
            let collections: [CollectionSummary]
            if let remote = try global.remoteStorefront() {
                collections = try await Self.read(from: await market.inMarket(remote))
            } else {
                collections = try global.readCatalog(index: { index in
                    let sells = market.sells(in: market.markets(index.markets))
                    return try index.collections().map { collection, products in
                        CollectionSummary(collection, handles: products.map(\.handle).filter(sells))
                    }
                }, catalog: { catalog in
                    let markets = market.markets(of: catalog)
                    return zip(catalog.collections, catalog.collectionProductIndices).map { collection, indices in
                        CollectionSummary(collection, products: market.localize(indices.map { catalog.products[$0] }, markets))
                    }
                })
            }
            if json {
                print(try OutputFormatting.json(collections))
            } else {
                let rows = [["COLLECTION", "PRODUCTS", "HANDLE", "DESCRIPTION"]] + collections.map {
                    [$0.title, "\($0.productsCount)", $0.handle, $0.description]
                }
                print(OutputFormatting.table(rows, maxWidths: [28, 8, 24, 60], rightAligned: [1]))
            }
        }
    }
}

extension CollectionsCommand {
    /// Every collection in id order, then each one's products in the collection's own order.
    static func read(from storefront: any StorefrontClient) async throws -> [CollectionSummary] {
        let collections = try await Page<Collection>.collect(limit: nil) { page in
            try await storefront.collections(page, sortKey: .id, productPreview: 0)
        }.nodes
        var summaries: [CollectionSummary] = []
        for collection in collections {
            let products = try await Page<Product>.collect(limit: nil) { page in
                try await storefront.collectionProducts(handle: collection.handle, page: page, sortKey: .collectionDefault, reverse: false)
            }.nodes
            summaries.append(CollectionSummary(collection, products: products))
        }
        return summaries
    }
}

/// One collection in `collections --json`.
struct CollectionSummary: Encodable {
    var id: String
    var handle: String
    var title: String
    var description: String
    var updatedAt: Date
    var image: ProductImage?
    var productsCount: Int
    var products: [String]

    init(_ collection: Collection, products: [Product]) {
        self.init(collection, handles: products.map(\.handle))
    }

    init(_ collection: Collection, handles: [String]) {
        id = collection.id
        handle = collection.handle
        title = collection.title
        description = collection.description
        updatedAt = collection.updatedAt
        image = collection.image
        productsCount = handles.count
        products = handles
    }
}
