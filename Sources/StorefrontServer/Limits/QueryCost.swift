import GraphQL

/// The cost and depth of one operation of a parsed document, computed before it is validated or
/// run, after the Storefront API's published rules: a scalar or enum field costs 0, an object 1, a
/// connection 2 plus the objects it can return (`first` or `last`, from a literal or a variable)
/// times what each of them selects, a mutation field 10. Fragments count where they are spread;
/// each is measured once, so a fragment spread many times costs no more work here than once.
/// Introspection (`__schema`, `__type`) has a fixed cost of its own.
struct QueryCost {
    private(set) var cost = 0
    private(set) var depth = 0
    private(set) var mutationFields = 0

    /// Past this, sums stop growing: the answer is "too much" either way, and nothing overflows.
    private static let ceiling = 1 << 40

    private let fragments: [String: FragmentDefinition]
    private let variables: [String: Map]
    private var measured: [String: (cost: Int, depth: Int)] = [:]
    private var visiting: Set<String> = []

    /// Nil when the document has no operation to run (the library's validation says why).
    init?(document: Document, operationName: String?, variables: [String: Map]) {
        var fragments: [String: FragmentDefinition] = [:]
        var operations: [OperationDefinition] = []
        for definition in document.definitions {
            if let fragment = definition as? FragmentDefinition { fragments[fragment.name.value] = fragment }
            if let operation = definition as? OperationDefinition { operations.append(operation) }
        }
        let chosen = operationName.map { name in operations.first { $0.name?.value == name } } ?? (operations.count == 1 ? operations.first : nil)
        guard let operation = chosen else { return nil }
        self.fragments = fragments
        self.variables = variables
        let isMutation = operation.operation == .mutation
        if isMutation { mutationFields = topLevelFields(operation.selectionSet) }
        let (cost, depth) = measure(operation.selectionSet)
        self.cost = min(Self.ceiling, cost + (isMutation ? 10 * mutationFields : 0))
        self.depth = depth
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
        if cost > limits.maximumCost {
            return LimitViolation(message: "Query cost is \(cost), which exceeds the single query max cost limit (\(limits.maximumCost)).",
                                  code: "MAX_COST_EXCEEDED", details: [("cost", cost), ("maxCost", limits.maximumCost)])
        }
        return nil
    }

    // MARK: Measuring

    private func add(_ a: Int, _ b: Int) -> Int { min(Self.ceiling, a + b) }
    private func multiply(_ a: Int, _ b: Int) -> Int {
        let (product, overflow) = a.multipliedReportingOverflow(by: b)
        return overflow ? Self.ceiling : min(Self.ceiling, product)
    }

    /// Fields of `set` (through fragments), each with the selection set under it.
    private mutating func each(_ set: SelectionSet, _ body: (inout Self, Field) -> Void) {
        for selection in set.selections {
            if let field = selection as? Field {
                body(&self, field)
            } else if let inline = selection as? InlineFragment {
                each(inline.selectionSet, body)
            } else if let spread = selection as? FragmentSpread, let fragment = fragments[spread.name.value],
                      !visiting.contains(spread.name.value) {
                visiting.insert(spread.name.value)
                each(fragment.selectionSet, body)
                visiting.remove(spread.name.value)
            }
        }
    }

    private mutating func topLevelFields(_ set: SelectionSet) -> Int {
        var count = 0
        each(set) { _, _ in count += 1 }
        return count
    }

    /// Cost and depth of a selection set; fragment spreads are measured once and remembered.
    private mutating func measure(_ set: SelectionSet) -> (cost: Int, depth: Int) {
        var cost = 0, depth = 0
        for selection in set.selections {
            let part = measure(selection)
            cost = add(cost, part.cost)
            depth = max(depth, part.depth)
        }
        return (cost, depth)
    }

    private mutating func measure(_ set: SelectionSet?) -> (cost: Int, depth: Int) {
        guard let set else { return (0, 0) }
        return measure(set)
    }

    private mutating func measure(_ selection: Selection) -> (cost: Int, depth: Int) {
        if let field = selection as? Field { return measure(field) }
        if let inline = selection as? InlineFragment { return measure(inline.selectionSet) }
        if let spread = selection as? FragmentSpread { return measure(fragment: spread.name.value) }
        return (0, 0)
    }

    private mutating func measure(fragment name: String) -> (cost: Int, depth: Int) {
        if let known = measured[name] { return known }
        guard let fragment = fragments[name], !visiting.contains(name) else { return (0, 0) }   // validation reports cycles
        visiting.insert(name)
        let result = measure(fragment.selectionSet)
        visiting.remove(name)
        measured[name] = result
        return result
    }

    /// Introspection walks the whole schema whatever it selects: one full introspection query fits
    /// the budget, many aliased copies do not.
    static let introspectionCost = ["__schema": 1_000, "__type": 100]

    private mutating func measure(_ field: Field) -> (cost: Int, depth: Int) {
        guard let set = field.selectionSet else { return (0, 1) }   // a scalar or an enum
        if let fixed = Self.introspectionCost[field.name.value] {
            let inner = measure(set)
            return (add(fixed, inner.cost), inner.depth + 1)
        }
        guard let size = pageSize(field) else {
            let inner = measure(set)
            return (add(1, inner.cost), inner.depth + 1)
        }
        // A connection: what each returned object selects (under edges.node or nodes) is paid
        // `size` times; pageInfo and the like once.
        var perObject = 0, once = 0, depth = 0
        for selection in set.selections {
            guard let part = selection as? Field else {
                let inner = measure(selection)
                once = add(once, inner.cost); depth = max(depth, inner.depth + 1)
                continue
            }
            switch part.name.value {
            case "nodes":
                let inner = measure(part.selectionSet)
                perObject = add(perObject, inner.cost); depth = max(depth, inner.depth + 2)
            case "edges":
                guard let edgeSet = part.selectionSet else { continue }
                for edgeSelection in edgeSet.selections {
                    if let node = edgeSelection as? Field, node.name.value == "node" {
                        let inner = measure(node.selectionSet)
                        perObject = add(perObject, inner.cost); depth = max(depth, inner.depth + 3)
                    } else {
                        let inner = measure(edgeSelection)
                        perObject = add(perObject, inner.cost); depth = max(depth, inner.depth + 2)
                    }
                }
            default:
                let inner = measure(part)
                once = add(once, inner.cost); depth = max(depth, inner.depth + 1)
            }
        }
        return (add(add(2, once), multiply(size, add(1, perObject))), depth)
    }

    /// `first` or `last` of a field, when it has either: the connection's size.
    private func pageSize(_ field: Field) -> Int? {
        var size: Int?
        for argument in field.arguments where argument.name.value == "first" || argument.name.value == "last" {
            var value = 0   // absent, null or not a number: the resolver decides, and answers with little
            if let literal = argument.value as? IntValue { value = Int(literal.value) ?? Self.ceiling }
            if let variable = argument.value as? Variable, let given = variables[variable.name.value]?.int { value = given }
            size = max(size ?? 0, max(0, value))
        }
        return size
    }
}
