import GraphQL

/// How deep one operation's selections nest (fragments included, where they are spread) and how
/// many fields a mutation has at its top, measured on the parsed document before it is validated
/// or run. What an operation costs to run is not guessed here: `ExecutionBudget` counts it while it
/// runs.
struct OperationDepth {
    private(set) var depth = 0
    private(set) var mutationFields = 0

    private let fragments: [String: FragmentDefinition]
    private var measured: [String: Int] = [:]
    private var visiting: Set<String> = []

    init(operation: OperationDefinition, document: Document) {
        var fragments: [String: FragmentDefinition] = [:]
        for case let fragment as FragmentDefinition in document.definitions where fragments[fragment.name.value] == nil {
            fragments[fragment.name.value] = fragment
        }
        self.fragments = fragments
        if operation.operation == .mutation { mutationFields = topLevelFields(operation.selectionSet) }
        depth = measure(operation.selectionSet)
    }

    func violation(_ limits: RequestLimits) -> LimitViolation? {
        if depth > limits.maximumDepth {
            return LimitViolation(message: "The query is \(depth) fields deep, over the limit of \(limits.maximumDepth).",
                                  code: "MAX_DEPTH_EXCEEDED", details: [("depth", depth), ("maxDepth", limits.maximumDepth)])
        }
        if mutationFields > limits.maximumMutations {
            return LimitViolation(message: "The mutation has \(mutationFields) fields, over the limit of \(limits.maximumMutations) per request.",
                                  code: "MAX_MUTATIONS_EXCEEDED",
                                  details: [("mutations", mutationFields), ("maxMutations", limits.maximumMutations)])
        }
        return nil
    }

    private mutating func topLevelFields(_ set: SelectionSet) -> Int {
        var count = 0
        for selection in set.selections {
            if selection is Field {
                count += 1
            } else if let inline = selection as? InlineFragment {
                count += topLevelFields(inline.selectionSet)
            } else if let spread = selection as? FragmentSpread, let fragment = fragments[spread.name.value],
                      !visiting.contains(spread.name.value) {
                visiting.insert(spread.name.value)
                count += topLevelFields(fragment.selectionSet)
                visiting.remove(spread.name.value)
            }
        }
        return count
    }

    /// Depth of a selection set; each fragment is measured once and remembered.
    private mutating func measure(_ set: SelectionSet) -> Int {
        var depth = 0
        for selection in set.selections {
            if let field = selection as? Field {
                depth = max(depth, 1 + (field.selectionSet.map { measure($0) } ?? 0))
            } else if let inline = selection as? InlineFragment {
                depth = max(depth, measure(inline.selectionSet))
            } else if let spread = selection as? FragmentSpread {
                depth = max(depth, measure(fragment: spread.name.value))
            }
        }
        return depth
    }

    private mutating func measure(fragment name: String) -> Int {
        if let known = measured[name] { return known }
        guard let fragment = fragments[name], !visiting.contains(name) else { return 0 }   // validation reports cycles
        visiting.insert(name)
        let depth = measure(fragment.selectionSet)
        visiting.remove(name)
        measured[name] = depth
        return depth
    }
}
