import Foundation

/// Reads a catalog file, checks it, cleans every text field and builds the models.
///
/// Every failure is `StorefrontError.catalog` naming the file, what is wrong and where: a JSON
/// path such as `products[12].variants[0].price`, or `line 3, column 14` for a syntax error.
public enum CatalogLoader {
    /// The catalog shipped with the app.
    public static func bundled() throws -> StoreCatalog {
        guard let url = Bundle.module.url(forResource: "catalog", withExtension: "json") else {
            throw StorefrontError.catalog(CatalogError(file: "catalog.json", message: "the bundled catalog is missing"))
        }
        return try load(contentsOf: url.path, displayName: "bundled catalog.json")
    }

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
        let document = try decode(data, file: file)
        var builder = CatalogBuilder(file: file)
        return try builder.build(document)
    }

    // MARK: Decoding, with positions

    static func decode(_ data: Data, file: String) throws -> CatalogDocument {
        if data.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) {
            throw StorefrontError.catalog(CatalogError(file: file, message: "is empty"))
        }
        do {
            return try JSONDecoder().decode(CatalogDocument.self, from: data)
        } catch let error as DecodingError {
            throw StorefrontError.catalog(describe(error, data: data, file: file))
        } catch {
            throw StorefrontError.catalog(CatalogError(file: file, message: "cannot be decoded (\(reason(error)))"))
        }
    }

    static func describe(_ error: DecodingError, data: Data, file: String) -> CatalogError {
        switch error {
        case .typeMismatch(let type, let context):
            return CatalogError(file: file, message: "expected \(typeName(type)) but found \(foundName(context.debugDescription))",
                                location: path(context.codingPath))
        case .valueNotFound(let type, let context):
            return CatalogError(file: file, message: "expected \(typeName(type)) but found null", location: path(context.codingPath))
        case .keyNotFound(let key, let context):
            return CatalogError(file: file, message: "missing field \"\(key.stringValue)\"",
                                location: context.codingPath.isEmpty ? "the top level" : path(context.codingPath))
        case .dataCorrupted(let context):
            if context.codingPath.isEmpty { return syntaxError(data: data, file: file) }
            return CatalogError(file: file, message: context.debugDescription, location: path(context.codingPath))
        @unknown default:
            return CatalogError(file: file, message: "cannot be decoded")
        }
    }

    /// The decoder does not say where the syntax is broken; JSONSerialization does (a byte offset),
    /// which is turned into a line and column.
    static func syntaxError(data: Data, file: String) -> CatalogError {
        do {
            _ = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
            return CatalogError(file: file, message: "is valid JSON but not a catalog object", location: "the top level")
        } catch {
            let detail = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? ""
            var offset = data.count
            var what = detail
            if let range = detail.range(of: " around character ") {
                what = String(detail[..<range.lowerBound])
                let digits = detail[range.upperBound...].prefix { $0.isNumber }
                offset = Int(digits) ?? data.count
            }
            what = what.trimmingCharacters(in: CharacterSet(charactersIn: ". "))
            if what.isEmpty { what = "invalid JSON" }
            if what.hasPrefix("Unexpected end of file") { what = "unexpected end of file" }
            let (line, column) = lineAndColumn(of: offset, in: data)
            return CatalogError(file: file, message: "is not valid JSON (\(what.prefix(1).lowercased() + what.dropFirst()))",
                                location: "line \(line), column \(column)")
        }
    }

    /// 1-based line and column (in characters) of a byte offset.
    static func lineAndColumn(of offset: Int, in data: Data) -> (Int, Int) {
        var line = 1, column = 1
        for byte in data.prefix(max(0, min(offset, data.count))) {
            if byte == 0x0A { line += 1; column = 1 }
            else if byte & 0xC0 != 0x80 { column += 1 }
        }
        return (line, column)
    }

    /// "products[12].variants[0].price"
    static func path(_ codingPath: [any CodingKey]) -> String {
        var text = ""
        for key in codingPath {
            if let index = key.intValue { text += "[\(index)]" }
            else { text += text.isEmpty ? key.stringValue : ".\(key.stringValue)" }
        }
        return text.isEmpty ? "the top level" : text
    }

    private static func typeName(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: return "a string"
        case is Int.Type: return "an integer"
        case is Bool.Type: return "true or false"
        case is [String].Type: return "an array of strings"
        default:
            let name = String(describing: type)
            if name.hasPrefix("Array") { return "an array" }
            if name.hasPrefix("Dictionary") || name.contains("Entry") || name.contains("Document") { return "an object" }
            return name
        }
    }

    private static func foundName(_ description: String) -> String {
        // "Expected to decode Int but found a string instead."
        if let range = description.range(of: "but found ") {
            return description[range.upperBound...].replacingOccurrences(of: " instead.", with: "")
                .trimmingCharacters(in: CharacterSet(charactersIn: ". "))
        }
        return "something else"
    }

    static func reason(_ error: any Error) -> String {
        let nsError = error as NSError
        if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError,
           underlying.domain == NSPOSIXErrorDomain, let code = POSIXErrorCode(rawValue: Int32(underlying.code)) {
            return String(cString: strerror(code.rawValue))
        }
        return nsError.localizedDescription
    }
}
