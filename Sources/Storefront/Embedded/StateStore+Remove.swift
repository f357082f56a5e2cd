import Foundation
import StorefrontCatalog
import StorefrontModels

extension StateStore {
    /// Deletes a file of the store. Returns false when there was none.
    @discardableResult
    public func remove(_ name: String) throws -> Bool {
        let file = url(name)
        guard FileManager.default.fileExists(atPath: file.path) else { return false }
        do {
            try FileManager.default.removeItem(at: file)
        } catch {
            throw StorefrontError.storage("Could not delete \(file.path): \(CatalogLoader.reason(error))")
        }
        return true
    }
}
