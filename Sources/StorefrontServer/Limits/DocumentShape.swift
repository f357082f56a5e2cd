import GraphQL

/// The parsed document's names and size, checked before the GraphQL library validates it: its
/// validation traps on two operations or two fragments with one name, so those are refused here,
/// with documents that select too many fields or aliases. Working on the parsed document means the
/// names are the lexer's: `query\u{FEFF}A` and `query A` both name `A`, as the library sees them.
struct DocumentShape {
    private(set) var fields = 0
    private(set) var aliases = 0
    private(set) var duplicateOperation: String?
    private(set) var duplicateFragment: String?

    init(_ document: Document) {
        var operations = Set<String>(), fragments = Set<String>()
        for definition in document.definitions {
            if let operation = definition as? OperationDefinition {
                if let name = operation.name?.value, !operations.insert(name).inserted, duplicateOperation == nil {
                    duplicateOperation = name
                }
                count(operation.selectionSet)
            } else if let fragment = definition as? FragmentDefinition {
                if !fragments.insert(fragment.name.value).inserted, duplicateFragment == nil { duplicateFragment = fragment.name.value }
                count(fragment.selectionSet)
            }
        }
    }

    /// Fields and aliases as written: a fragment counts once, however often it is spread. The
    /// recursion is as deep as the selections nest, which `DocumentScan` bounded before parsing.
    private mutating func count(_ set: SelectionSet) {
        for selection in set.selections {
            if let field = selection as? Field {
                fields += 1
                if field.alias != nil { aliases += 1 }
                if let inner = field.selectionSet { count(inner) }
            } else if let inline = selection as? InlineFragment {
                count(inline.selectionSet)
            }
        }
    }

    func violation(_ limits: RequestLimits) -> LimitViolation? {
        let shape = self
        if let name = shape.duplicateOperation {
            return LimitViolation(message: "There can be only one operation named \"\(name)\".", code: "GRAPHQL_VALIDATION_FAILED")
        }
        if let name = shape.duplicateFragment {
            return LimitViolation(message: "There can be only one fragment named \"\(name)\".", code: "GRAPHQL_VALIDATION_FAILED")
        }
        if shape.fields > limits.maximumFields {
            return LimitViolation(message: "The query selects \(shape.fields) fields, over the limit of \(limits.maximumFields).",
                                  code: "MAX_FIELDS_EXCEEDED", details: [("fields", shape.fields), ("maxFields", limits.maximumFields)])
        }
        if shape.aliases > limits.maximumAliases {
            return LimitViolation(message: "The query has \(shape.aliases) aliases, over the limit of \(limits.maximumAliases).",
                                  code: "MAX_ALIASES_EXCEEDED", details: [("aliases", shape.aliases), ("maxAliases", limits.maximumAliases)])
        }
        return nil
    }
}

extension Document {
    /// The operation a request runs: the one named `operationName`, or the only one.
    func operation(named operationName: String?) -> OperationDefinition? {
        Self.operation(named: operationName, in: operations)
    }

    /// The document's operations, in order.
    var operations: [OperationDefinition] { definitions.compactMap { $0 as? OperationDefinition } }

    /// The one `operationName` names among `operations`, or the only one when it names none.
    static func operation(named operationName: String?, in operations: [OperationDefinition]) -> OperationDefinition? {
        guard let operationName else { return operations.count == 1 ? operations.first : nil }
        return operations.first { $0.name?.value == operationName }
    }
}
