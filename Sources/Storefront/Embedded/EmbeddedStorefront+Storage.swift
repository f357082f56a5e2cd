import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
import StorefrontModels
#endif

extension CartWarningCode {
    /// The storefront could not save and keeps its carts in memory (not a Storefront API code).
    public static let stateNotSaved = CartWarningCode(rawValue: "STATE_NOT_SAVED")
}

extension EmbeddedStorefront {
    /// False once nothing can be written: changes from then on last until the process ends.
    public var savesChanges: Bool { unsavedBecause == nil }

    /// Where the reason goes when writing stops (standard error for the command line and `serve`).
    /// Without a handler the next cart answer carries it as a warning, for the app's error bar.
    public func setStorageProblemHandler(_ handler: (@Sendable (String) -> Void)?) {
        storageProblemHandler = handler
    }

    static func inMemoryNotice(_ problem: String) -> String {
        let reason = problem.hasSuffix(".") ? String(problem.dropLast()) : problem
        return "\(reason). Carts and orders are kept in memory until the storefront quits; what was saved before is left as it was."
    }

    /// The notice about writing having stopped, once, for the cart answer that follows it.
    func storageWarning(cartId: String) -> [CartWarning] {
        guard storageProblemHandler == nil, let notice = takePendingStorageWarning() else { return [] }
        return [CartWarning(code: .stateNotSaved, message: notice, target: cartId)]
    }

    /// Why a state directory cannot be written, seen before anything is tried: a read-only file
    /// system or a directory without write permission (checked on the nearest existing parent).
    static func unwritable(_ directory: URL) -> String? {
        var existing = directory
        while !FileManager.default.fileExists(atPath: existing.path), existing.pathComponents.count > 1 {
            existing.deleteLastPathComponent()
        }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: existing.path, isDirectory: &isDirectory), isDirectory.boolValue else { return nil }
        guard access(existing.path, W_OK) != 0 else { return nil }
        return "Cannot save in \(directory.path): \(String(cString: strerror(errno)))"
    }
}
