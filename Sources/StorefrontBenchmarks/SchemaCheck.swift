import Foundation
import StorefrontServer

/// `schema --reference PATH [--api customer-account]`: `serve`'s Storefront API schema (or its
/// Customer Account API's), introspected in-process, held against the real API's introspection
/// result at PATH. Prints what was compared, every mismatch and
/// how much of the API the served types cover; exits 1 when anything differs.
enum SchemaCheck {
    static func main(_ arguments: [String]) async throws {
        guard let path = BenchmarkArguments.option("--reference", in: arguments) else {
            FileHandle.standardError.write(Data(("usage: storefront-bench schema --reference PATH (an introspection result, JSON)"
                + " [--api storefront|customer-account]\n").utf8))
            exit(64)
        }
        let api = try IntrospectedSchema(json: try Data(contentsOf: URL(fileURLWithPath: path)))
        let which = BenchmarkArguments.option("--api", in: arguments) ?? "storefront"
        guard which == "storefront" || which == "customer-account" else {
            FileHandle.standardError.write(Data("--api is storefront or customer-account, not \(which)\n".utf8))
            exit(64)
        }
        let served = which == "storefront" ? try await ServedSchema.introspected() : try await ServedSchema.customerAccountIntrospected()
        let check = SchemaConformance(served: served, api: api, enumsServedAsScalars: ServedSchema.enumsServedAsScalars)
        print("reference         \(path)")
        print("types compared    \(check.typesCompared) of \(served.definedTypes.count) served"
            + " (\(check.enumsCheckedAsScalars.count) of the API's enums served as scalars, by value: "
            + "\(check.enumsCheckedAsScalars.sorted().joined(separator: ", ")))")
        print("fields compared   \(check.fieldsCompared), input fields \(check.inputFieldsCompared), arguments \(check.argumentsCompared), "
            + "enum values \(check.enumValuesCompared)")
        print("coverage          \(check.fieldsCompared) of the \(check.apiFields) fields of the served types (\(percent(check.fieldsCompared, check.apiFields))),"
            + " \(check.inputFieldsCompared) of \(check.apiInputFields) input fields (\(percent(check.inputFieldsCompared, check.apiInputFields)))")
        for root in Set(check.roots.map(\.root)).sorted(by: >) {
            let fields = check.roots.filter { $0.root == root }
            let served = fields.filter(\.served)
            print("\(root): \(served.count) of \(fields.count) root fields served; fields reachable from each, served of the API's:")
            for field in served {
                print("  \(field.field.padding(toLength: 34, withPad: " ", startingAt: 0)) "
                    + "\(field.servedFields)/\(field.apiFields) (\(percent(field.servedFields, field.apiFields)))")
            }
            print("  not served: " + fields.filter { !$0.served }.map(\.field).joined(separator: " "))
        }
        print("mismatches        \(check.mismatches.count)")
        for mismatch in check.mismatches { print("  \(mismatch)") }
        if !check.mismatches.isEmpty { exit(1) }
    }

    private static func percent(_ part: Int, _ whole: Int) -> String {
        whole == 0 ? "-" : String(format: "%.1f%%", Double(part) * 100 / Double(whole))
    }
}
