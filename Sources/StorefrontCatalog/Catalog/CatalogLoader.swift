import Foundation
import StorefrontModels

/// Reads a catalog file, checks it, cleans every text field and builds the models.
///
/// Every failure is `StorefrontError.catalog` naming the file, what is wrong and where: a JSON
/// path such as `products[12].variants[0].price`, or `line 3, column 14` for a syntax error.
public enum CatalogLoader {
    /// The catalog shipped with the app.
    public static func bundled() throws -> StoreCatalog {
        guard let path = bundledPath else {
            throw StorefrontError.catalog(CatalogError(file: "catalog.json", message: "the bundled catalog is missing"))
        }
        return try load(contentsOf: path, displayName: "bundled catalog.json")
    }

    /// Where the bundled catalog file is.
    public static var bundledPath: String? { Bundle.module.url(forResource: "catalog", withExtension: "json")?.path }

    public static func load(contentsOf path: String, displayName: String? = nil) throws -> StoreCatalog {
        let name = displayName ?? path
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw StorefrontError.catalog(CatalogError(file: name, message: "no such file"))
        }
        if isDirectory.boolValue {
            throw StorefrontError.catalog(CatalogError(file: name, message: "is a directory, not a catalog file"))
        }
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw StorefrontError.catalog(CatalogError(file: name, message: "cannot be read (\(Self.reason(error)))"))
        }
        return try load(data: data, file: name)
    }

    public static func load(data: Data, file: String = "catalog") throws -> StoreCatalog {
        if data.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) {
            throw StorefrontError.catalog(CatalogError(file: file, message: "is empty"))
        }
        // The products are read while building, straight from the file's bytes.
        var catalog = try CatalogJSONReader.read(data, file: file) { reader in
            let document = try CatalogDocument(reading: &reader)
            var builder = CatalogBuilder(file: file)
            var catalog = try builder.build(document, from: reader.shared)
            catalog.content = try builder.content(pages: document.pages ?? [], blogs: document.blogs ?? [])
            return catalog
        }
        catalog.markets = try MarketCatalog.read(data, shop: catalog.shop, handles: Set(catalog.products.map(\.handle)), file: file)
        catalog.metafields = try CatalogMetafields.read(data, products: catalog.products, file: file)
        catalog.assign(try CatalogSellingPlans.read(data, products: catalog.products, currency: catalog.shop.currencyCode, file: file))
        return catalog
    }

    /// "products[12].variants[0].price"
    package static func path(_ codingPath: [any CodingKey]) -> String {
        var text = ""
        for key in codingPath {
            if let index = key.intValue { text += "[\(index)]" }
            else { text += text.isEmpty ? key.stringValue : ".\(key.stringValue)" }
        }
        return text.isEmpty ? "the top level" : text
    }

    package static func reason(_ error: any Error) -> String {
        let nsError = error as NSError
        if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError,
           underlying.domain == NSPOSIXErrorDomain, let code = POSIXErrorCode(rawValue: Int32(underlying.code)) {
            return String(cString: strerror(code.rawValue))
        }
        return nsError.localizedDescription
    }
}
