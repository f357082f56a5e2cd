import Foundation
import StorefrontModels

/// The embedded storefront's pictures: PNG files named as the catalog's image URLs end, in one
/// folder, at the size the picture was drawn (the transform in `pictureUrl` asks for no more).
public enum EmbeddedPictures {
    /// The pictures bundled with the app's catalog.
    public static let bundledDirectory: URL? = Bundle.module.resourceURL?.appendingPathComponent("images", isDirectory: true)

    /// The file a picture URL names in `directory`: its last path component, if it is a plain
    /// `name.png` (nothing that could leave the folder).
    public static func file(for url: String, in directory: URL) -> URL? {
        guard let components = URLComponents(string: url), let name = components.path.split(separator: "/").last else {
            return nil
        }
        let allowed = name.allSatisfy { ($0.isASCII && ($0.isLetter || $0.isNumber)) || $0 == "-" || $0 == "_" || $0 == "." }
        guard allowed, name.hasSuffix(".png"), !name.hasPrefix(".") else { return nil }
        return directory.appendingPathComponent(String(name))
    }

    /// The bytes of the picture `url` names, at most `maxBytes`.
    public static func data(for url: String, in directory: URL?, maxBytes: Int) throws -> Data {
        guard let directory, let file = file(for: url, in: directory) else {
            throw StorefrontError.invalidArgument("no picture at \(url)")
        }
        let size = (try? FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int) ?? nil
        guard let size else { throw StorefrontError.invalidArgument("no picture at \(url)") }
        guard size <= maxBytes else { throw StorefrontError.invalidArgument("picture larger than \(maxBytes) bytes") }
        return try Data(contentsOf: file)
    }
}

extension EmbeddedStorefront {
    public nonisolated func pictureData(url: String, maxBytes: Int) async throws -> Data {
        try EmbeddedPictures.data(for: url, in: pictureDirectory, maxBytes: maxBytes)
    }
}
