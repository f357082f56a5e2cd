import ArgumentParser
import Foundation
import Storefront

/// `storefront product HANDLE`: one product with its options and variants.
struct ProductCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "product",
        abstract: "Show one product, its options and variants.",
        discussion: "Exits with status 1 when no product has the handle."
    )

    @OptionGroup var global: GlobalOptions

    @Flag(name: .long, help: "Print the product as JSON.")
    var json = false

    @Argument(help: "The product's handle, e.g. house-espresso-blend.")
    var handle: String

    func run() async throws {
        try await reportingFailures {
            let found: Product?
            if let remote = try global.remoteStorefront() {
                found = try await remote.product(handle: handle)
            } else {
                found = try global.openCatalog().product(handle: handle)
            }
            guard let product = found else {
                throw CommandFailure.notFound("no product with the handle \"\(TextSanitizer.cleanLine(handle))\"")
            }
            print(json ? try OutputFormatting.json(product) : Self.describe(product))
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
