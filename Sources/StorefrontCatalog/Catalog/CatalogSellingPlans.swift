import Foundation
import StorefrontModels

/// Reads the catalog's `sellingPlanGroups` section: subscriptions and the products sold on them.
///
/// ```json
/// "sellingPlanGroups": [
///   { "name": "Coffee subscription", "options": ["Delivery every"],
///     "products": ["house-espresso-blend", "kenya-nyeri-aa-gatomboya"],
///     "sellingPlans": [
///       { "id": 1, "name": "Every 2 weeks, 10 % off", "description": "…", "options": ["2 weeks"],
///         "interval": "WEEK", "intervalCount": 2, "priceAdjustments": [ { "percentage": "10" } ] } ] } ]
/// ```
/// A plan's `options` give a value for each of its group's option names, in order. An adjustment
/// is `{"percentage": "10"}`, `{"fixedAmount": "1.50"}` (off the price) or `{"price": "9.00"}`, with
/// an optional `"orderCount"` (the first that many orders). `"requiresSellingPlan": true` sells the
/// group's products on a plan only; `"appName"` names the app that manages the group. Plan ids are
/// positive and unique across groups (`gid://shopify/SellingPlan/<id>`).
///
/// As everywhere in the catalog, an unknown field is an error (usually a typo), and every error
/// names its place, such as `sellingPlanGroups[0].sellingPlans[1].interval`.
enum CatalogSellingPlans {
    /// What the section gives each product, by handle.
    struct Assignment: Equatable {
        var groups: [SellingPlanGroup] = []
        var requiresSellingPlan = false
    }

    static func read(_ data: Data, products: [Product], currency: String, file: String) throws -> [String: Assignment] {
        // Most catalogs have none: only a file that names the section is read a second time.
        guard data.range(of: Data(#""sellingPlanGroups""#.utf8)) != nil,
              let raw = (try? JSONDecoder().decode(File.self, from: data))?.sellingPlanGroups else { return [:] }
        let reader = Reader(file: file, currency: currency)
        guard case .list(let entries) = raw else { throw reader.fail("is not a list of selling plan groups", at: "sellingPlanGroups") }
        let handles = Set(products.map(\.handle))
        var result: [String: Assignment] = [:]
        var planIds: [Int: String] = [:]
        for (g, entry) in entries.enumerated() {
            let at = "sellingPlanGroups[\(g)]"
            let fields = try reader.object(entry, at: at,
                                           known: ["name", "appName", "options", "products", "sellingPlans", "requiresSellingPlan"])
            let name = try reader.text(fields["name"], at: at + ".name")
            let appName = try reader.optionalText(fields["appName"], at: at + ".appName")
            let optionNames = try reader.strings(fields["options"], at: at + ".options", required: false) ?? []
            let requires = try reader.bool(fields["requiresSellingPlan"], at: at + ".requiresSellingPlan") ?? false
            let productHandles = try reader.strings(fields["products"], at: at + ".products", required: true) ?? []
            for (k, handle) in productHandles.enumerated() where !handles.contains(handle) {
                throw reader.fail("no product has the handle \"\(TextSanitizer.cleanLine(handle))\"", at: "\(at).products[\(k)]")
            }
            guard case .list(let planEntries)? = fields["sellingPlans"], !planEntries.isEmpty else {
                throw reader.fail("a group has a list of at least one selling plan", at: at + ".sellingPlans")
            }
            var plans: [SellingPlan] = []
            for (p, planEntry) in planEntries.enumerated() {
                let plan = try reader.plan(planEntry, optionNames: optionNames, at: "\(at).sellingPlans[\(p)]")
                let number = SearchIndex.numericId(plan.id)
                if let previous = planIds[number] {
                    throw reader.fail("duplicate selling plan id \(number) (also \(previous))", at: "\(at).sellingPlans[\(p)].id")
                }
                planIds[number] = "\(at).sellingPlans[\(p)]"
                plans.append(plan)
            }
            let options = optionNames.enumerated().map { index, option in
                var values: [String] = []
                for plan in plans where !values.contains(plan.options[index].value) { values.append(plan.options[index].value) }
                return SellingPlanGroupOption(name: option, values: values)
            }
            let group = SellingPlanGroup(name: name, appName: appName, options: options, sellingPlans: plans)
            for handle in productHandles {
                result[handle, default: Assignment()].groups.append(group)
                if requires { result[handle, default: Assignment()].requiresSellingPlan = true }
            }
        }
        return result
    }

    private struct File: Decodable { var sellingPlanGroups: Value? }

    /// A JSON value as read, so each field's type is checked where it is used.
    private enum Value: Decodable {
        case null, bool(Bool), number(Double), text(String), list([Value]), object([String: Value])

        init(from decoder: any Decoder) throws {
            let single = try decoder.singleValueContainer()
            if single.decodeNil() { self = .null }
            else if let value = try? single.decode(Bool.self) { self = .bool(value) }
            else if let value = try? single.decode(Double.self) { self = .number(value) }
            else if let value = try? single.decode(String.self) { self = .text(value) }
            else if let value = try? single.decode([Value].self) { self = .list(value) }
            else { self = .object(try single.decode([String: Value].self)) }
        }
    }

    /// Checks one value at a time, naming its place.
    private struct Reader {
        let file: String
        let currency: String

        func fail(_ message: String, at path: String) -> StorefrontError {
            .catalog(CatalogError(file: file, message: message, location: path))
        }

        /// The fields of an object, without those that are null (absent, as everywhere in the catalog).
        func object(_ value: Value?, at path: String, known: Set<String>) throws -> [String: Value] {
            guard case .object(let fields)? = value else { throw fail("is not an object", at: path) }
            if let unknown = fields.keys.sorted().first(where: { !known.contains($0) }) {
                throw fail("unknown field \"\(TextSanitizer.cleanLine(unknown))\"", at: path)
            }
            return fields.filter { if case .null = $0.value { false } else { true } }
        }

        func text(_ value: Value?, at path: String) throws -> String {
            guard let value else { throw fail("is missing", at: path) }
            guard case .text(let text) = value else { throw fail("is not text", at: path) }
            let cleaned = PlainText.cleanLine(text).trimmedWhitespace
            guard !cleaned.isEmpty else { throw fail("must not be empty", at: path) }
            return cleaned
        }

        func optionalText(_ value: Value?, at path: String) throws -> String? {
            guard value != nil else { return nil }
            return try text(value, at: path)
        }

        func strings(_ value: Value?, at path: String, required: Bool) throws -> [String]? {
            guard let value else {
                if required { throw fail("is missing", at: path) }
                return nil
            }
            guard case .list(let list) = value else { throw fail("is not a list of text", at: path) }
            return try list.enumerated().map { try text($1, at: "\(path)[\($0)]") }
        }

        func bool(_ value: Value?, at path: String) throws -> Bool? {
            guard let value else { return nil }
            guard case .bool(let flag) = value else { throw fail("is not true or false", at: path) }
            return flag
        }

        /// A whole number within `range`.
        func integer(_ value: Value?, in range: ClosedRange<Int>, at path: String) throws -> Int {
            guard let value else { throw fail("is missing", at: path) }
            guard case .number(let number) = value, let whole = Int(exactly: number), range.contains(whole) else {
                throw fail("is not a whole number from \(range.lowerBound) to \(range.upperBound)", at: path)
            }
            return whole
        }

        func plan(_ value: Value?, optionNames: [String], at path: String) throws -> SellingPlan {
            let fields = try object(value, at: path, known: ["id", "name", "description", "options", "interval", "intervalCount",
                                                             "priceAdjustments"])
            let id = try integer(fields["id"], in: 1...Int(Int32.max), at: path + ".id")
            let name = try text(fields["name"], at: path + ".name")
            var description: String?
            if let given = fields["description"] {
                guard case .text(let text) = given else { throw fail("is not text", at: path + ".description") }
                description = PlainText.clean(text)
            }
            let values = try strings(fields["options"], at: path + ".options", required: !optionNames.isEmpty) ?? []
            guard values.count == optionNames.count else {
                throw fail("gives \(values.count) option values for the group's \(optionNames.count) options", at: path + ".options")
            }
            let intervalText = try text(fields["interval"], at: path + ".interval")
            guard let interval = SellingPlanInterval(rawValue: intervalText) else {
                throw fail("\"\(intervalText)\" is not an interval (DAY, WEEK, MONTH or YEAR)", at: path + ".interval")
            }
            let count = try integer(fields["intervalCount"], in: 1...366, at: path + ".intervalCount")
            var adjustments: [Value] = []
            if let given = fields["priceAdjustments"] {
                guard case .list(let list) = given else { throw fail("is not a list of price adjustments", at: path + ".priceAdjustments") }
                adjustments = list
            }
            guard adjustments.count <= 2 else { throw fail("a plan has at most 2 price adjustments", at: path + ".priceAdjustments") }
            return SellingPlan(
                id: GlobalID.make("SellingPlan", id), name: name, description: description,
                options: zip(optionNames, values).map { SellingPlanOption(name: $0, value: $1) },
                interval: interval, intervalCount: count,
                priceAdjustments: try adjustments.enumerated().map { try adjustment($1, at: "\(path).priceAdjustments[\($0)]") })
        }

        func adjustment(_ value: Value, at path: String) throws -> SellingPlanPriceAdjustment {
            let fields = try object(value, at: path, known: ["percentage", "fixedAmount", "price", "orderCount"])
            let orderCount = try fields["orderCount"].map { try integer($0, in: 1...1_000, at: path + ".orderCount") }
            let kinds = ["percentage", "fixedAmount", "price"].filter { fields[$0] != nil }
            guard kinds.count == 1, let kind = kinds.first else {
                throw fail("gives exactly one of \"percentage\", \"fixedAmount\" or \"price\"", at: path)
            }
            let raw = try text(fields[kind], at: "\(path).\(kind)")
            guard let amount = Money.parseAmount(raw), amount >= 0 else {
                throw fail("\"\(raw)\" is not a decimal amount such as \"10\"", at: "\(path).\(kind)")
            }
            switch kind {
            case "percentage":
                guard amount <= 100 else { throw fail("\"\(raw)\" is not a percentage from 0 to 100", at: "\(path).\(kind)") }
                return SellingPlanPriceAdjustment(value: .percentage(amount), orderCount: orderCount)
            case "fixedAmount":
                return SellingPlanPriceAdjustment(value: .fixedAmount(Money(amount: amount, currencyCode: currency)), orderCount: orderCount)
            default:
                return SellingPlanPriceAdjustment(value: .price(Money(amount: amount, currencyCode: currency)), orderCount: orderCount)
            }
        }
    }
}
