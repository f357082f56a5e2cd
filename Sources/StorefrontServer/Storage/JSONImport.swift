import Foundation
import Storefront

/// The app's JSON files, taken into `serve`'s database on its first open: read once inside the
/// migration, then renamed aside (never deleted) once the migration is committed.
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

    /// Renames the imported files `NAME.imported-TIME`; says what was taken over. Nil when this
    /// open imported nothing (the database was there already, or there were no files).
    func renameAside() throws -> String? {
        guard let imported else { return nil }
        let stamp = StateStore.stamp(now)
        var renamed: [String] = []
        for name in EmbeddedState.recordFiles {
            let file = directory.appendingPathComponent(name)
            guard FileManager.default.fileExists(atPath: file.path) else { continue }
            let aside = directory.appendingPathComponent("\(name).imported-\(stamp)")
            do {
                try FileManager.default.moveItem(at: file, to: aside)
                renamed.append(aside.lastPathComponent)
            } catch {
                throw StorefrontError.storage("Imported \(file.path) but could not rename it aside: \(error.localizedDescription)")
            }
        }
        guard !renamed.isEmpty else { return nil }
        func count(_ number: Int, _ noun: String) -> String { "\(number) \(noun)\(number == 1 ? "" : "s")" }
        return "Imported \(count(imported.carts.count, "cart")), \(count(imported.orders.count, "order")) and "
            + "\(count(imported.customers.count, "customer")) "
            + "from \(directory.path) into \(SQLiteStatePersistence.fileName); the files are kept as \(renamed.joined(separator: ", "))."
            + (imported.warnings.isEmpty ? "" : " " + imported.warnings.joined(separator: " "))
    }
}
