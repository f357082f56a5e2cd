import Foundation
import StorefrontModels

/// One bad row never costs the others: a record file whose rows do not all decode (or hold values
/// the books cannot take, such as a line of a billion units) keeps its good rows, and the bad ones
/// are set aside in `NAME.corrupt-TIME` beside it, named once in a warning.
extension JSONStatePersistence {
    /// A record file's rows as they read, with what was set aside.
    struct Salvage<Row> {
        var rows: [Row]
        /// The file's other top-level values (`nextOrderNumber`).
        var header: [String: Any]
        var warning: String?
    }

    /// The rows under `key` in `name`; nil when the file is missing or is not an object holding
    /// such a list (the whole file is then the caller's to set aside). Rows that do not decode or
    /// that `problem` refuses are written to `NAME.corrupt-TIME`, and the file is rewritten
    /// without them (so they are reported once) by `rewrite`.
    func salvageRows<Row: Decodable>(_ type: Row.Type, in name: String, key: String, now: Date,
                                     label: (_ raw: [String: Any]?, _ index: Int) -> String,
                                     problem: (Row) -> String?) -> Salvage<Row>? {
        let file = store.url(name)
        guard let data = try? Data(contentsOf: file),
              let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              let raws = object[key] as? [Any] else { return nil }
        var rows: [Row] = []
        var setAside: [Any] = []
        var reasons: [String] = []
        for (index, raw) in raws.enumerated() {
            let row = (try? JSONSerialization.data(withJSONObject: raw)).flatMap { try? RecordCoding.decoder.decode(Row.self, from: $0) }
            if let row, problem(row) == nil {
                rows.append(row)
                continue
            }
            setAside.append(raw)
            let why = row.flatMap(problem) ?? "cannot be read"
            reasons.append("\(label(raw as? [String: Any], index)) (\(why))")
        }
        var header = object
        header[key] = nil
        guard !setAside.isEmpty else { return Salvage(rows: rows, header: header, warning: nil) }
        let aside = store.url("\(name).corrupt-\(StateStore.stamp(now))")
        let kept = (try? JSONSerialization.data(withJSONObject: setAside, options: [.prettyPrinted, .sortedKeys]))
            .map { (try? $0.write(to: aside)) != nil } ?? false
        let named = reasons.prefix(5).joined(separator: "; ") + (reasons.count > 5 ? "; and \(reasons.count - 5) more" : "")
        let warning = kept
            ? "\(file.path): set aside \(named) in \(aside.lastPathComponent); everything else was kept"
            : "\(file.path): could not read \(named), and could not set it aside; it is left in the file"
        return Salvage(rows: rows, header: header, warning: warning)
    }

    /// "order #1001", "cart c1TOKEN", "customer gid://…": the row as a person finds it in the file.
    static func rowLabel(_ kind: String) -> ([String: Any]?, Int) -> String {
        { raw, index in
            let name = (raw?["name"] as? String) ?? (raw?["token"] as? String)
                ?? ((raw?["customer"] as? [String: Any])?["id"] as? String)
            return name.map { "\(kind) \(TextSanitizer.cleanLine(String($0.prefix(60))))" } ?? "\(kind) \(index + 1)"
        }
    }
}

extension StoredCart {
    /// Why this cart cannot be kept as it is (a line outside 1...10,000 units), or nil.
    var problem: String? {
        lines.first { !(1...Order.maximumLineQuantity).contains($0.quantity) }.map { "a line of \($0.quantity) × \($0.merchandiseId)" }
    }
}

extension JSONStatePersistence {
    /// A record file as it is now: whole when every row reads and is sound; else its good rows,
    /// the file rewritten without the bad ones (under the lock: `locked` says whether the caller
    /// holds it), and a warning. A file that is not even a list of rows is set aside whole.
    func readRecords<File: Codable, Row: Decodable>(
        _ type: File.Type, _ name: String, key: String, kind: String, now: Date, locked: Bool,
        rows: (File) -> [Row], problem: (Row) -> String?, rebuild: (Salvage<Row>) -> File, warnings: inout [String]
    ) throws -> File? {
        let file = store.url(name)
        guard FileManager.default.fileExists(atPath: file.path) else { return nil }
        if let data = try? Data(contentsOf: file), let whole = try? RecordCoding.decoder.decode(File.self, from: data),
           !rows(whole).contains(where: { problem($0) != nil }) {
            return whole
        }
        guard let salvage = salvageRows(Row.self, in: name, key: key, now: now, label: Self.rowLabel(kind), problem: problem) else {
            switch store.read(type, from: name, now: now) {
            case .missing: return nil
            case .loaded(let value): return value
            case .corrupt(let message, movedAside: true):
                warnings.append(message)
                return nil
            case .corrupt(let message, movedAside: false):
                warnings.append(message)
                if locked { throw StorefrontError.storage(message) }
                return nil
            }
        }
        let kept = rebuild(salvage)
        if let warning = salvage.warning {
            warnings.append(warning)
            let lock = locked ? nil : try? StateLock(directory: store.directory)
            try? store.write(kept, to: name)
            withExtendedLifetime(lock) {}
        }
        return kept
    }

    func readOrders(now: Date, locked: Bool, warnings: inout [String]) throws -> EmbeddedState.Orders? {
        try readRecords(EmbeddedState.Orders.self, EmbeddedState.ordersFile, key: "orders", kind: "order", now: now, locked: locked,
                        rows: \.orders, problem: \.problem, rebuild: { salvage in
                            let highest = salvage.rows.compactMap { Int($0.id) }.max().map { $0 + 1 } ?? EmbeddedState.firstOrderNumber
                            let next = (salvage.header["nextOrderNumber"] as? Int).map { max($0, highest) } ?? highest
                            return EmbeddedState.Orders(nextOrderNumber: next, orders: salvage.rows)
                        }, warnings: &warnings)
    }

    func readCarts(now: Date, locked: Bool, warnings: inout [String]) throws -> EmbeddedState.Carts? {
        try readRecords(EmbeddedState.Carts.self, EmbeddedState.cartsFile, key: "carts", kind: "cart", now: now, locked: locked,
                        rows: \.carts, problem: \.problem, rebuild: { EmbeddedState.Carts(carts: $0.rows) }, warnings: &warnings)
    }

    func readCustomers(now: Date, locked: Bool, warnings: inout [String]) throws -> EmbeddedState.Customers? {
        try readRecords(EmbeddedState.Customers.self, EmbeddedState.customersFile, key: "customers", kind: "customer", now: now,
                        locked: locked, rows: \.customers, problem: { (_: CustomerRecord) in nil },
                        rebuild: { EmbeddedState.Customers(customers: $0.rows) }, warnings: &warnings)
    }

    func readSubscriptions(now: Date, locked: Bool, warnings: inout [String]) throws -> EmbeddedState.Subscriptions? {
        try readRecords(EmbeddedState.Subscriptions.self, EmbeddedState.subscriptionsFile, key: "contracts", kind: "subscription",
                        now: now, locked: locked, rows: \.contracts, problem: { (_: SubscriptionContract) in nil },
                        rebuild: { EmbeddedState.Subscriptions(contracts: $0.rows) }, warnings: &warnings)
    }
}
