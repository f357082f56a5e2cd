import Foundation
import Storefront

/// The app's JSON files, taken into `serve`'s database on its first open: read once inside the
/// migration, once; the files are left as they are.
final class JSONImport: @unchecked Sendable {
    let directory: URL
    let now: Date
    // Set inside the migration (one thread, once); read after it returns.
    private var imported: StoredRecords?

    init(directory: URL, now: Date) { self.directory = directory; self.now = now }

    func records() -> StoredRecords {
        let records = JSONStatePersistence(directory: directory).load(now: now)
        imported = records
        return records
    }

    /// Says what was taken over; nil when this open imported nothing (the database was there
    /// already, or there were no files). The files stay where they are: the app on this machine
    /// keeps its carts in them, and a serve that took them over must not take them from the app.
    func report() -> String? {
        guard let imported else { return nil }
        let present = EmbeddedState.recordFiles.filter {
            FileManager.default.fileExists(atPath: directory.appendingPathComponent($0).path)
        }
        guard !present.isEmpty else { return nil }
        func count(_ number: Int, _ noun: String) -> String { "\(number) \(noun)\(number == 1 ? "" : "s")" }
        return "Imported \(count(imported.carts.count, "cart")), \(count(imported.orders.count, "order")) and "
            + "\(count(imported.customers.count, "customer")) "
            + "from \(directory.path) into \(SQLiteStatePersistence.fileName); \(present.joined(separator: ", ")) stay for the app."
            + (imported.warnings.isEmpty ? "" : " " + imported.warnings.joined(separator: " "))
    }
}
