import ArgumentParser
import Foundation
import Pictures
import Storefront
import StorefrontCommandLine
import TerminalUI

/// `storefront product HANDLE`: one product with its options and variants.
struct ProductCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "product",
        abstract: "Show one product, its options and variants.",
        discussion: "Exits with status 1 when no product has the handle."
    )

    @OptionGroup var global: GlobalOptions
    @OptionGroup var market: MarketOptions

    @Flag(name: .long, help: "Print the product as JSON.")
    var json = false

    @Flag(name: .long, help: "Do not draw the product's picture (drawn only when the output is a terminal).")
    var noImage = false

    @Argument(help: "The product's handle, e.g. house-espresso-blend.")
    var handle: String

    func run() async throws {
        try await reportingFailures {
            // The product as the country sees it, and the shop's own when the country has none.
            let found: Product?, own: Product?, countryName: String?
            if let remote = try global.remoteStorefront() {
                let here = await market.inMarket(remote)
                found = try await here.product(handle: handle)
                own = found == nil && market.chosen != nil ? try await remote.product(handle: handle) : nil
                countryName = own == nil ? nil : try? await here.localization().country.name
            } else {
                let (product, markets) = try global.readCatalog(index: { index in
                    (try index.product(handle: handle), market.markets(index.markets))
                }, catalog: { catalog in
                    (catalog.product(handle: handle), market.markets(of: catalog))
                })
                found = product.flatMap { market.localize([$0], markets).first }
                own = found == nil ? product : nil
                countryName = markets.market(for: market.chosen).name
            }
            if let own {
                throw CommandFailure.notFound(market.notSoldMessage(own, countryName: countryName))
            }
            guard let product = found else {
                throw CommandFailure.notFound("no product with the handle \"\(TextSanitizer.cleanLine(handle))\"")
            }
            // --no-image, else config.toml's pictures and colours.
            let settings = global.settings(noPictures: noImage)
            SettingsFile.applyColours(settings)
            if !json, settings.pictures, isatty(STDOUT_FILENO) == 1, let picture = await picture(of: product) {
                print(PictureText.ansi(picture), terminator: "")
            }
            print(json ? try OutputFormatting.json(product) : Self.describe(product))
        }
    }

    /// The product's first picture, at most 40 columns by 16 rows, at the terminal's colour depth;
    /// nil (and nothing printed) when it cannot be had.
    private func picture(of product: Product) async -> CellPicture? {
        guard let image = product.images.first, let url = image.pictureUrl else { return nil }
        let depth = Self.pictureDepth(ProcessInfo.processInfo.environment)
        let (columns, rows) = PictureConverter.fit(width: image.width ?? 1, height: image.height ?? 1,
                                                   maxColumns: min(40, OutputFormatting.terminalColumns), maxRows: 16)
        let bytes: Data?
        if let remote = try? global.remoteStorefront() {
            bytes = try? await remote.pictureData(url: url, maxBytes: 4 << 20)
        } else {
            let directory = global.catalog.map { URL(fileURLWithPath: $0).deletingLastPathComponent().appendingPathComponent("images") }
                ?? EmbeddedPictures.bundledDirectory
            bytes = try? EmbeddedPictures.data(for: url, in: directory, maxBytes: 4 << 20)
        }
        guard let bytes, let decoded = try? RGBAImage(png: bytes) else { return nil }
        return PictureConverter.convert(decoded, columns: columns, rows: rows, depth: depth)
    }

    /// The colour depth of the terminal printed to, from the environment (curses is not started here).
    static func pictureDepth(_ environment: [String: String]) -> PictureDepth {
        switch ColorProfile.detect(environment: environment) {
        case .monochrome: return .monochrome
        default:
            if ColorProfile.wantsTrueColor(environment) { return .truecolor }
            let term = environment["TERM"] ?? ""
            return term.contains("256color") || term.contains("direct") ? .ansi256 : .ansi16
        }
    }

    static func describe(_ product: Product) -> String {
        let columns = OutputFormatting.terminalColumns
        var lines = [product.title, "\(product.vendor) · \(product.productType) · \(product.handle)", ""]
        var price = OutputFormatting.priceRange(product.priceRange)
        if let compare = product.compareAtPriceRange, compare.maxVariantPrice > product.priceRange.maxVariantPrice {
            price += " (was \(OutputFormatting.priceRange(compare)))"
        }
        lines.append("Price: \(price)")
        lines.append("Availability: \(product.availableForSale ? "in stock" : "sold out")")
        if !product.tags.isEmpty { lines.append("Tags: \(product.tags.joined(separator: ", "))") }
        for option in product.options {
            lines.append("\(option.name): \(option.optionValues.map(\.name).joined(separator: ", "))")
        }
        lines.append("")
        // A product without options has one variant the API calls "Default Title": no column for it.
        let named = !product.options.isEmpty
        let rows = [(named ? ["VARIANT"] : []) + ["PRICE", "STOCK", "SKU"]] + product.variants.map { variant in
            let stock = !variant.availableForSale ? "sold out" : variant.quantityAvailable.map { "\($0) left" } ?? "available"
            let price = variant.isOnSale ? "\(variant.price.formatted) (was \(variant.compareAtPrice!.formatted))" : variant.price.formatted
            return (named ? [variant.title] : []) + [price, stock, variant.sku ?? ""]
        }
        lines.append(OutputFormatting.table(rows, maxWidths: (named ? [36] : []) + [28, 10, 24]))
        if !product.description.isEmpty {
            lines.append("")
            lines.append(OutputFormatting.wrap(product.description, to: min(columns, 100)))
        }
        return lines.joined(separator: "\n")
    }
}
