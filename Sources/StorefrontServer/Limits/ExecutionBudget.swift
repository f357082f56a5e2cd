import GraphQL
import Synchronization

/// What one request's execution has done so far, against its budgets: fields resolved, list
/// elements produced, and the bytes the answer will take (names, strings, punctuation). Every
/// resolver charges it before it runs and for what it returned, so a document that fans out (lists
/// inside lists, objects that lead back to lists) stops at its budget, not at a guess made before it
/// ran. The first charge over a budget ends the request with that violation: every resolver after
/// it throws before doing anything, so the work still scheduled drains within milliseconds and
/// what it built is released with it. A request whose time budget
/// passed or whose client went away is stopped the same way (`stop(with:)`).
final class ExecutionBudget: Sendable {
    struct Limits: Sendable, Hashable {
        var fields: Int
        var listElements: Int
        var responseBytes: Int
    }

    private struct Counts {
        var fields = 0
        var listElements = 0
        var responseBytes = 0
        var violation: LimitViolation?
        /// The request was answered: what it charged went back to `shared`.
        var finished = false
        /// What `shared` holds for this request.
        var held = (fields: 0, listElements: 0, responseBytes: 0)
    }

    let limits: Limits
    private let counts = Mutex(Counts())
    /// What every request in flight holds together, when the process bounds that too.
    private let shared: SharedWork?

    init(_ limits: Limits, shared: SharedWork? = nil) {
        self.limits = limits
        self.shared = shared
    }

    /// The request was answered: what it holds is given back to the shared bound, and anything
    /// still running for it stops at its next charge.
    func finish() {
        let held = counts.withLock { counts -> (Int, Int, Int)? in
            guard !counts.finished else { return nil }
            counts.finished = true
            if counts.violation == nil {
                counts.violation = LimitViolation(message: "The request was answered.", code: "TIMEOUT")
            }
            return (counts.held.fields, counts.held.listElements, counts.held.responseBytes)
        }
        if let held { shared?.release(fields: held.0, listElements: held.1, responseBytes: held.2) }
    }

    /// Stops the request with `violation` (its time ran out, its client went away), unless a
    /// budget stopped it first: every charge after this throws.
    func stop(with violation: LimitViolation) {
        counts.withLock { counts in
            if counts.violation == nil { counts.violation = violation }
        }
    }

    /// The first budget that was exceeded, if one was.
    var violation: LimitViolation? { counts.withLock { $0.violation } }

    var used: (fields: Int, listElements: Int, responseBytes: Int) {
        counts.withLock { ($0.fields, $0.listElements, $0.responseBytes) }
    }

    /// Adds what a resolver did; throws when this or an earlier charge went over a budget, or when
    /// the request was cancelled. Counts saturate, so no input overflows them.
    func charge(fields: Int = 0, listElements: Int = 0, responseBytes: Int = 0) throws {
        if Task.isCancelled { throw CancellationError() }
        let violation = counts.withLock { counts -> LimitViolation? in
            if let violation = counts.violation { return violation }
            counts.fields = Self.adding(counts.fields, fields)
            counts.listElements = Self.adding(counts.listElements, listElements)
            counts.responseBytes = Self.adding(counts.responseBytes, responseBytes)
            counts.violation = Self.violation(counts, limits)
            if counts.violation == nil, let shared {
                if shared.charge(fields: fields, listElements: listElements, responseBytes: responseBytes) {
                    counts.held = (Self.adding(counts.held.fields, fields), Self.adding(counts.held.listElements, listElements),
                                   Self.adding(counts.held.responseBytes, responseBytes))
                } else {
                    counts.violation = LimitViolation(message: "Other requests' work fills the server; try again shortly.", code: "THROTTLED")
                }
            }
            return counts.violation
        }
        if let violation { throw violation }
    }

    private static func adding(_ a: Int, _ b: Int) -> Int {
        let (sum, overflow) = a.addingReportingOverflow(max(0, b))
        return overflow ? Int.max : sum
    }

    private static func violation(_ counts: Counts, _ limits: Limits) -> LimitViolation? {
        if counts.fields > limits.fields {
            return LimitViolation(message: "The query resolved more than \(limits.fields) fields and was stopped.",
                                  code: "MAX_RESOLVED_FIELDS_EXCEEDED", details: [("maxResolvedFields", limits.fields)])
        }
        if counts.listElements > limits.listElements {
            return LimitViolation(message: "The query produced more than \(limits.listElements) list elements and was stopped.",
                                  code: "MAX_LIST_ELEMENTS_EXCEEDED", details: [("maxListElements", limits.listElements)])
        }
        if counts.responseBytes > limits.responseBytes {
            return LimitViolation(message: "The answer grew past \(limits.responseBytes) bytes and the query was stopped.",
                                  code: "MAX_RESPONSE_SIZE_EXCEEDED", details: [("maxResponseBytes", limits.responseBytes)])
        }
        return nil
    }
}

/// The work every request in flight holds together: `limits` bound their sum, so many requests,
/// each within its own budget, cannot together hold more than the process should. A request over
/// it is stopped with `THROTTLED` (its own budget did not run out: later, it may fit).
final class SharedWork: Sendable {
    let limits: ExecutionBudget.Limits
    private struct Used { var fields = 0, listElements = 0, responseBytes = 0 }
    private let used = Mutex(Used())

    init(_ limits: ExecutionBudget.Limits) { self.limits = limits }

    /// Adds the work if it fits, and says whether it did.
    func charge(fields: Int, listElements: Int, responseBytes: Int) -> Bool {
        used.withLock { used in
            let next = Used(fields: used.fields.addingReportingOverflow(max(0, fields)).partialValue,
                            listElements: used.listElements.addingReportingOverflow(max(0, listElements)).partialValue,
                            responseBytes: used.responseBytes.addingReportingOverflow(max(0, responseBytes)).partialValue)
            guard next.fields >= used.fields, next.listElements >= used.listElements, next.responseBytes >= used.responseBytes,
                  next.fields <= limits.fields, next.listElements <= limits.listElements, next.responseBytes <= limits.responseBytes else {
                return false
            }
            used = next
            return true
        }
    }

    func release(fields: Int, listElements: Int, responseBytes: Int) {
        used.withLock { used in
            used.fields = max(0, used.fields - max(0, fields))
            used.listElements = max(0, used.listElements - max(0, listElements))
            used.responseBytes = max(0, used.responseBytes - max(0, responseBytes))
        }
    }

    var inUse: (fields: Int, listElements: Int, responseBytes: Int) {
        used.withLock { ($0.fields, $0.listElements, $0.responseBytes) }
    }
}

extension ExecutionBudget {
    /// What a field's name costs in the answer: the name, its quotes, colon and comma.
    static func nameBytes(_ name: String) -> Int { name.utf8.count + 4 }

    /// Charges what a resolver returned: a list's elements (before any is completed) and the
    /// bytes of a string.
    func charge(returned value: (any Sendable)?, as returned: ReturnedValue) throws {
        let cost = Self.cost(of: value, as: returned)
        guard cost != (0, 0) else { return }
        try charge(listElements: cost.listElements, responseBytes: cost.responseBytes)
    }

    /// What a list of `count` elements adds: its elements, and their commas and brackets' bytes.
    static func cost(ofListOf count: Int) -> (listElements: Int, responseBytes: Int) { (count, 2 * count) }

    /// What a returned value adds: a list's elements (and their commas and brackets' bytes), a string's bytes.
    static func cost(of value: (any Sendable)?, as returned: ReturnedValue) -> (listElements: Int, responseBytes: Int) {
        guard returned != .object else { return (0, 0) }
        // Counted where it is: a cast to `[(any Sendable)?]` would box every element anew.
        if returned != .leaf, let list = value as? any CountedList {
            return cost(ofListOf: list.elementCount)
        } else if returned != .list, let text = value as? String {
            return (0, text.utf8.count)
        }
        return (0, 0)
    }
}

extension GraphQLSchema {
    /// Has every resolver charge the request's `ExecutionBudget`: a field before it resolves, the
    /// elements of a list it returned (before the library completes any of them) and the bytes of
    /// what it returned. Introspection's types are the GraphQL library's own and shared by every
    /// schema in the process; they are wrapped once however many schemas are built.
    func chargingExecutionBudget() throws -> GraphQLSchema {
        for case let object as GraphQLObjectType in typeMap.values {
            if object.name.hasPrefix("__"), !IntrospectionCharging.claim(object) { continue }
            let fields = try object.fields()
            for (name, field) in fields {
                guard let resolve = field.resolve else { continue }
                let nameBytes = ExecutionBudget.nameBytes(name)
                // What the field's type says its value can be: only a list is counted by its
                // elements and only a leaf can be a string, so an object's value is not cast at all.
                let returned = ReturnedValue(field.type)
                field.resolve = { source, arguments, context, info in
                    guard let budget = (context as? RequestContext)?.budget else {
                        return try await resolve(source, arguments, context, info)
                    }
                    try budget.charge(fields: 1, responseBytes: nameBytes)
                    let value = try await resolve(source, arguments, context, info)
                    try budget.charge(returned: value, as: returned)
                    return value
                }
            }
            object.fields = { fields }
        }
        return self
    }
}

/// The kind of value a field's type lets its resolver return, as the budget counts it.
enum ReturnedValue {
    case list, leaf, object
    /// A type not resolved yet: the value is looked at as either.
    case any

    init(_ type: GraphQLOutputType) {
        let type: GraphQLType = (type as? GraphQLNonNull)?.ofType ?? type
        switch type {
        case is GraphQLList: self = .list
        case is GraphQLLeafType: self = .leaf
        case is GraphQLObjectType, is GraphQLInterfaceType, is GraphQLUnionType: self = .object
        default: self = .any
        }
    }
}

/// A list a resolver returned, counted without converting its elements.
protocol CountedList {
    var elementCount: Int { get }
}

extension Array: CountedList {
    var elementCount: Int { count }
}

/// The introspection types already wrapped in this process.
private enum IntrospectionCharging {
    private static let wrapped = Mutex(Set<ObjectIdentifier>())

    static func claim(_ object: GraphQLObjectType) -> Bool {
        wrapped.withLock { $0.insert(ObjectIdentifier(object)).inserted }
    }
}
