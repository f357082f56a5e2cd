import ArgumentParser
import Foundation
import Storefront
import StorefrontCommandLine

/// `storefront search QUERY`: products matching a query in the Shopify search syntax.
struct SearchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "search",
        abstract: "Search products (Shopify search syntax).",
        discussion: """
            title: and vendor: match whole words (title:shirt finds "Linen Shirt"); tag: and \
            product_type: match the whole value. Quote a query with spaces, quotes, parentheses or \
            < > for the shell. A term starting with "-" is a negation, not an option.

            Examples:
              storefront search tea
              storefront search 'tag:gift price:<30'
              storefront search 'title:shirt'
              storefront search 'tag:sale'
              storefront search '-tag:sale vendor:"Kestrel Roastery"'
            """
    )

    @OptionGroup var global: GlobalOptions
    @OptionGroup var market: MarketOptions

    @Flag(name: .long, help: "Print JSON: an array of product summaries.")
    var json = false

    // Unconditional, so that "--limit -1" reaches the check below instead of reading as an option.
    @Option(name: .long, parsing: .unconditional, help: "Show at most this many products, 1–250 (0 for all).")
    var limit = 250

    func validate() throws {
        guard (0...250).contains(limit) else {
            throw ValidationError("--limit must be 1–250, or 0 for every match (was \(limit)).")
        }
    }

    @Argument(parsing: .allUnrecognized, help: ArgumentHelp("The query; several words are one query.", valueName: "query"))
    var words: [String] = []

    func run() async throws {
        try await reportingFailures {
            let query = words.joined(separator: " ")
            let shown: [SearchHit], left: Int?
            if let remote = try global.remoteStorefront() {
                let remote = await market.inMarket(remote)
                let found: (nodes: [Product], hasMore: Bool)
                do {
                    let collected = try await Page<Product>.collect(limit: limit > 0 ? limit : nil) { page in
                        try await remote.search(query: query, page: page)
                    }
                    found = (collected.nodes, collected.hasMore)
                } catch StorefrontError.invalidSearch(let error) {
                    throw CommandFailure.input(Self.explain(error))
                }
                (shown, left) = (found.nodes.map(SearchHit.init), found.hasMore ? nil : 0)
            } else {
                do {
                    (shown, left) = try global.readCatalog(index: { index in
                        // Only the products shown are read from the index, a chunk at a time, each
                        // kept only as the little the output prints.
                        let markets = market.markets(index.markets)
                        let sells = market.sells(in: markets)
                        let sold = try index.matches(query: query).filter { sells($0.handle) }
                        let kept = limit > 0 ? Array(sold.prefix(limit)) : sold
                        var hits: [SearchHit] = []
                        hits.reserveCapacity(kept.count)
                        for start in stride(from: 0, to: kept.count, by: Self.chunk) {
                            let positions = kept[start..<min(kept.count, start + Self.chunk)].map(\.index)
                            hits += market.localize(try index.products(at: positions), markets).map(SearchHit.init)
                        }
                        return (hits, sold.count - kept.count)
                    }, catalog: { catalog in
                        let products = market.localize(try catalog.products(matching: query), market.markets(of: catalog))
                        let kept = limit > 0 ? Array(products.prefix(limit)) : products
                        return (kept.map(SearchHit.init), products.count - kept.count)
                    })
                } catch StorefrontError.invalidSearch(let error) {
                    throw CommandFailure.input(Self.explain(error))
                }
            }
            if json {
                try OutputFormatting.printJSONArray(shown.map(\.summary))
            } else if shown.isEmpty {
                print("No products match \"\(query)\".")
            } else {
                let rows = [["TITLE", "VENDOR", "PRICE", "AVAILABILITY", "HANDLE"]] + shown.map { hit in
                    [hit.summary.title, hit.summary.vendor, hit.price,
                     hit.summary.availableForSale ? "in stock" : "sold out", hit.summary.handle]
                }
                print(OutputFormatting.table(rows, maxWidths: [44, 20, 22, 12, 40], rightAligned: [2]))
                switch left {
                case 0?: break
                case let count?: print("… \(count) more (use --limit 0 for all)")
                case nil: print("… more (use --limit 0 for all)")
                }
            }
        }
    }

    /// Products read from the index at once: a search matching most of a large catalog holds
    /// their summaries, never all of them whole.
    static let chunk = 500

    /// "invalid search query at position 5: ...", then the query with a caret under the spot: at
    /// most `shownColumns` characters of it around the position, control characters shown as "�".
    static func explain(_ error: SearchSyntaxError) -> String {
        let characters = Array(error.query).map { character in
            character.unicodeScalars.contains(where: TextSanitizer.isUnsafe) || character == "\n" || character == "\t"
                ? "\u{FFFD}" : character
        }
        let spot = max(0, error.position - 1)
        let start = max(0, min(spot - shownColumns / 2, characters.count - shownColumns))
        let end = min(characters.count, start + shownColumns)
        let before = (start > 0 ? "…" : "") + String(characters[start..<min(spot, end)])
        let shown = (start > 0 ? "…" : "") + String(characters[start..<end]) + (end < characters.count ? "…" : "")
        let caret = String(repeating: " ", count: OutputFormatting.width(of: before)) + "^"
        return "invalid search query at position \(error.position): \(error.message)\n  \(shown)\n  \(caret)"
    }

    /// How much of a long query an error shows.
    static let shownColumns = 72
}

/// One product as `search` prints it: its summary (the JSON) and its price range as the table shows it.
struct SearchHit {
    var summary: ProductSummary
    var price: String

    init(_ product: Product) {
        summary = ProductSummary(product)
        price = OutputFormatting.priceRange(product.priceRange)
    }
}

/// One product in `search --json`.
struct ProductSummary: Encodable {
    var id: String
    var handle: String
    var title: String
    var vendor: String
    var productType: String
    var tags: [String]
    var availableForSale: Bool
    var minPrice: String
    var maxPrice: String
    var currencyCode: String

    init(_ product: Product) {
        id = product.id
        handle = product.handle
        title = product.title
        vendor = product.vendor
        productType = product.productType
        tags = product.tags
        availableForSale = product.availableForSale
        minPrice = product.priceRange.minVariantPrice.amountString
        maxPrice = product.priceRange.maxVariantPrice.amountString
        currencyCode = product.priceRange.minVariantPrice.currencyCode
    }
}
