import Foundation
import GraphQL
import StorefrontModels
import Synchronization

/// Runs a parsed, validated operation against a served schema, field after field in one task,
/// answering exactly what the GraphQL library's `execute` answers for it: the same data in the same
/// order, the same errors with the same messages, paths and locations, nulls propagated to the
/// same nullable field; and a list of nullable elements with its nulls in place (the library
/// leaves them out; for nulls that are there `NullListElements` puts them back in its answer, and
/// an element that fails it cannot answer at all). It walks the library's
/// `Document` with the library's types and calls the schema's own resolvers, charging the
/// request's budget before and after each as the schema's wrappers do.
///
/// The answer's JSON is written as the walk goes, each value where it goes (as `AnswerJSON` writes
/// a `Map`), with no tree of values built between: a value that fails is taken back to where it
/// began, and a null propagated to a nullable field replaces what its field had written.
///
/// The library completes every field and every list element in a child task of its own and looks
/// up each field's definition, arguments and sub-selections anew for every element of a list;
/// here the resolvers, which do their work without waiting, run one after another. What depends
/// only on the document (arguments and `@skip`/`@include` without variables, the fields an
/// object's selections collect, each field's definition and how its value is completed) is worked
/// out once per document and operation (`OperationPlan`) and kept with the document; what depends
/// on the variables, once per request.
///
/// `execute` answers nil when it leaves the request to the library: introspection (`__schema`,
/// `__type`), a document without exactly the operation asked for, a subscription, or variables or
/// arguments the library would refuse (its executor then answers with its own error). All of that
/// is decided before any resolver runs.
final class SerialExecution {
    private let served: ServedFields
    private let plan: OperationPlan
    private let variables: [String: Map]
    private let context: RequestContext
    /// `context` as the resolvers take it, boxed once.
    private let resolverContext: any Sendable
    private let info: GraphQLResolveInfo
    private let inputs: InputValues
    @exclusivity(unchecked) private var errors: [GraphQLError] = []
    /// The answer so far: `{"data":` and the data written up to the field being resolved.
    @exclusivity(unchecked) private var out: [UInt8] = []
    /// Where a value JSON cannot hold was written (an undefined list element, a number that is
    /// not finite; "null" stands in its place). The library's encoder refuses such an answer, so
    /// one still in the answer at the end makes it unencodable; one taken back with its field is not.
    @exclusivity(unchecked) private var unencodable: [Int] = []
    /// Where in the answer the field being resolved is: keys and list positions, pushed and popped
    /// as the walk goes (an `IndexPath` is made of it only for an error).
    @exclusivity(unchecked) private var path: [IndexPathValue] = []
    private var currentPath: GraphQL.IndexPath { GraphQL.IndexPath(path) }
    /// The arguments that name variables, worked out for this request (the plan keeps the others).
    @exclusivity(unchecked) private var arguments: [FieldOnType: Map] = [:]
    /// Whether `@skip`/`@include` naming variables keep a selection, for this request.
    @exclusivity(unchecked) private var included: [Int: Bool] = [:]
    /// What the walk has done and not yet charged to the request's budget (`charge`).
    @exclusivity(unchecked) private var uncharged = (fields: 0, listElements: 0, responseBytes: 0)
    /// Charged together: every this many fields, before a resolver runs, for a list, and at the end.
    static let fieldsBetweenCharges = 32
    static let bytesBetweenCharges = 64 << 10
    /// Fields resolved since this operation last looked at the clock. The resolvers seldom
    /// suspend, so a large operation would otherwise hold one of the few threads of the task pool
    /// (two on two cores) until it ends, and other requests, and the timers that answer 408 to slow
    /// bodies, would wait for it: every `fieldsBetweenYields` fields it looks, and once it has run
    /// `slice` since it started or last let others run, it lets them run. Letting them run is not
    /// free (the task is queued again and a thread woken: a tenth of a product page's time when it
    /// did so every 128 fields), so an operation shorter than a slice never does.
    @exclusivity(unchecked) private var fieldsSinceYield = 0
    @exclusivity(unchecked) private var sliceStart = ContinuousClock.now
    @exclusivity(unchecked) private var slice = SerialExecution.slice
    /// Told each time it lets them run (tests count them).
    @exclusivity(unchecked) private var onYield: (@Sendable () -> Void)?
    static let fieldsBetweenYields = 128
    static let slice = Duration.milliseconds(2)

    struct Unsupported: Error {}

    struct FieldOnType: Hashable {
        let position: Int
        let type: ObjectIdentifier
    }

    private init(served: ServedFields, plan: OperationPlan, inputs: InputValues, variables: [String: Map],
                 context: RequestContext, info: GraphQLResolveInfo) {
        self.served = served; self.plan = plan; self.inputs = inputs; self.variables = variables
        self.context = context; self.resolverContext = context; self.info = info
    }

    /// The operation's answer, or nil when the library's executor is to answer it. `plans` keeps
    /// what is worked out of the document for the next request with it (see `OperationPlan`).
    static func execute(schema: GraphQLSchema, document: Document, context: RequestContext, variables: [String: Map],
                        operationName: String?, plans: ExecutionPlans? = nil,
                        slice: Duration = SerialExecution.slice, onYield: (@Sendable () -> Void)? = nil) async -> SerialAnswer? {
        guard let served = ServedFields.of(schema), let info = await PlaceholderInfo.shared() else { return nil }
        let kept = plans?.plan(operationName)
        if kept?.unsupported == true { return nil }
        let plan: OperationPlan
        if let made = kept?.plan {
            plan = made
        } else {
            guard let made = OperationPlan.make(schema: schema, served: served, document: document, operationName: operationName) else {
                plans?.keep(.unsupported, operationName)
                return nil
            }
            plan = made
            plans?.keep(ExecutionPlans.Entry(plan: made), operationName)
        }
        let execution: SerialExecution
        let groups: [FieldGroup]
        do {
            let inputs = InputValues(schema: schema, served: served)
            let coerced = try inputs.variables(plan.variables, inputs: variables)
            execution = SerialExecution(served: served, plan: plan, inputs: inputs, variables: coerced, context: context, info: info)
            execution.onYield = onYield
            execution.slice = slice
            try execution.prepareVariables()
            groups = try execution.rootGroups()
        } catch {
            return nil
        }
        do {
            execution.out.reserveCapacity(8 << 10)
            execution.out.append(contentsOf: SerialAnswer.prefix)
            try await execution.execute(groups, on: plan.rootType, source: StorefrontResolver())
            try execution.chargeUncharged()
            return SerialAnswer(written: execution.out, errors: execution.errors, encodable: execution.unencodable.isEmpty)
        } catch let error as GraphQLError {
            return SerialAnswer(written: nil, errors: [error])
        } catch {
            return SerialAnswer(written: nil, errors: [GraphQLError(error)])
        }
    }

    // MARK: Before anything runs

    /// Works out this request's arguments and directives that name variables, so what the library
    /// would refuse is known before any resolver runs (the plan worked out the others).
    private func prepareVariables() throws {
        for directives in plan.variableDirectives { _ = try includes(directives) }
        for use in plan.unplacedArguments { _ = try argumentValues(use.field, use.served, position: nil, on: plan.rootType) }
        for use in plan.variableArguments {
            arguments[FieldOnType(position: use.position, type: ObjectIdentifier(use.object))] = try inputs.arguments(use.recipe, variables: variables)
        }
    }

    /// A field's arguments on `object`: the plan's when they name no variable, else worked out once per request.
    private func argumentValues(_ field: Field, _ served: ServedField, position: Int?, on object: GraphQLObjectType) throws -> Map {
        guard let position else { return try inputs.arguments(served.arguments, given: field.arguments, variables: variables) }
        let key = FieldOnType(position: position, type: ObjectIdentifier(object))
        if let known = plan.constantArguments[key] ?? arguments[key] { return known }
        let values = try inputs.arguments(served.arguments, given: field.arguments, variables: variables)
        arguments[key] = values
        return values
    }

    /// Whether `@skip` and `@include` keep a selection with these directives.
    private func includes(_ directives: [Directive]) throws -> Bool {
        guard let first = directives.first else { return true }
        if let position = first.loc?.start, let known = plan.constantIncluded[position] ?? included[position] { return known }
        let keep = try OperationPlan.includes(directives, inputs: inputs, variables: variables)
        if let position = first.loc?.start { included[position] = keep }
        return keep
    }

    // MARK: Collecting fields

    /// The operation's own fields: the plan's when it keeps collections, else this request's.
    private func rootGroups() throws -> [FieldGroup] {
        if plan.keepsCollections, let kept = plan.rootGroups { return kept }
        let made = try collect(plan.rootType, [plan.operation.selectionSet])
        if plan.keepsCollections { plan.keepRoot(made) }
        return made
    }

    /// The fields a group's selections collect for an object of `type`, kept with the group: groups
    /// are the plan's when it keeps collections, and this request's own when it does not.
    private func collect(_ type: GraphQLObjectType, under group: FieldGroup) throws -> [FieldGroup] {
        if let known = group.collected(on: type) { return known }
        let made = try collect(type, group.selectionSets)
        group.keep(made, on: type)
        return made
    }

    /// The fields the selection sets collect for an object of `type`, by response key in order.
    private func collect(_ type: GraphQLObjectType, _ selectionSets: [SelectionSet]) throws -> [FieldGroup] {
        var groups: [(key: String, fields: [Field])] = []
        var positions: [String: Int] = [:]
        for selectionSet in selectionSets {
            try collect(type, selectionSet, into: &groups, positions: &positions, visited: [])
        }
        return groups.map { FieldGroup($0.key, $0.fields, on: type, served: served) }
    }

    /// As the library collects: a fragment spread once per selection set and the sets it leads to
    /// (the names seen inside a nested set do not come back out of it).
    private func collect(_ type: GraphQLObjectType, _ selectionSet: SelectionSet, into groups: inout [(key: String, fields: [Field])],
                         positions: inout [String: Int], visited: Set<String>) throws {
        var visited = visited
        for selection in selectionSet.selections {
            switch selection {
            case let field as Field:
                guard try includes(field.directives) else { continue }
                let key = field.alias?.value ?? field.name.value
                if let position = positions[key] {
                    groups[position].fields.append(field)
                } else {
                    positions[key] = groups.count
                    groups.append((key, [field]))
                }
            case let inline as InlineFragment:
                let include = try includes(inline.directives)
                guard include, plan.matches(inline, type) else { continue }
                try collect(type, inline.selectionSet, into: &groups, positions: &positions, visited: visited)
            case let spread as FragmentSpread:
                let name = spread.name.value
                guard !visited.contains(name), try includes(spread.directives) else { continue }
                visited.insert(name)
                guard let fragment = plan.fragments[name], plan.matches(fragment, type) else { continue }
                try collect(type, fragment.selectionSet, into: &groups, positions: &positions, visited: visited)
            default:
                continue
            }
        }
    }

    // MARK: Executing

    // The walk's steps stay on the executor of the task that runs the operation
    // (`nonisolated(nonsending)`) instead of switching to the global one at each field and value.

    nonisolated(nonsending) private func execute(_ groups: [FieldGroup], on type: GraphQLObjectType, source: any Sendable) async throws {
        out.append(UInt8(ascii: "{"))
        var first = true
        for group in groups {
            path.append(.key(group.key))
            defer { path.removeLast() }
            let mark = out.count
            if !first { out.append(UInt8(ascii: ",")) }
            out.append(contentsOf: group.keyJSON)
            let written = if let done = try resolveWithoutWaiting(group, on: type, source: source) { done } else {
                try await resolveField(group, on: type, source: source)
            }
            switch written {
            case .value: first = false
            case .null: out.append(contentsOf: Self.null); first = false
            // As the encoder leaves a field out whose value is undefined.
            case .undefined: takeBack(to: mark)
            }
        }
        out.append(UInt8(ascii: "}"))
    }

    /// A field read off its object without waiting: `__typename`, or a property whose value is made
    /// of scalars and enums. Nil, with nothing done, for a field the walk must await: one with a
    /// resolver, one holding objects, or the one at which the operation lets other tasks run.
    private func resolveWithoutWaiting(_ group: FieldGroup, on parentType: GraphQLObjectType, source: any Sendable) throws -> Written? {
        // The library's own `__typename`: the object type's name, charged nothing.
        if group.isTypename {
            JSONText.appendString(parentType.name, into: &out)
            return .value
        }
        guard let field = group.served, field.completesWithoutObjects, !field.direct.isEmpty,
              fieldsSinceYield + 1 < Self.fieldsBetweenYields, let getter = Self.getter(field.direct, for: source) else { return nil }
        fieldsSinceYield += 1
        // A string, number, flag or custom scalar written straight from the property.
        if let writer = getter.writer {
            let mark = out.count
            if let charged = writer.write(source, &out) {
                do {
                    try charge(fields: 1, responseBytes: field.nameBytes + charged)
                } catch {
                    takeBack(to: mark)
                    return try failed(error, field.shape, group)
                }
                return .value
            }
        }
        let value = getter.read(source)
        do {
            if try chargeAndWriteScalar(value, of: field, read: true) { return .value }
        } catch {
            return try failed(error, field.shape, group)
        }
        return try completeLeavesCatchingError(field.shape, group, parentType, value)
    }

    /// Any field `resolveWithoutWaiting` left.
    nonisolated(nonsending) private func resolveField(_ group: FieldGroup, on parentType: GraphQLObjectType, source: any Sendable) async throws -> Written {
        guard let field = group.served, let resolve = field.resolve else {
            throw GraphQLError(message: "Expected field definition not found: '\(group.name)' on '\(parentType.name)'")
        }
        let getter = field.direct.isEmpty ? nil : Self.getter(field.direct, for: source)
        // A property (`keyField`) takes no arguments.
        let arguments = getter == nil ? try argumentValues(group.fields[0], field, position: group.position, on: parentType) : .null
        fieldsSinceYield += 1
        if fieldsSinceYield >= Self.fieldsBetweenYields {
            fieldsSinceYield = 0
            let now = ContinuousClock.now
            if now - sliceStart >= slice {
                onYield?()
                await Task.yield()
                sliceStart = .now
            }
        }
        var value: (any Sendable)?
        do {
            if let getter {
                // Reading a property is no work worth stopping before: it is charged with what it read.
                value = getter.read(source)
            } else {
                // A resolver runs only within the budget: everything before it is charged first.
                try charge(fields: 1, responseBytes: field.nameBytes, now: true)
                value = try await resolve(source, arguments, resolverContext, info)
            }
            if try chargeAndWriteScalar(value, of: field, read: getter != nil) { return .value }
        } catch {
            return try failed(error, field.shape, group)
        }
        if field.completesWithoutObjects { return try completeLeavesCatchingError(field.shape, group, parentType, value) }
        return try await completeCatchingError(field.shape, group, parentType, value)
    }

    /// Charges the budget for a field's value as `ExecutionBudget.cost` counts it, and for the
    /// field itself when it was `read` off its object (a resolver's field is charged before it
    /// runs); then writes a built-in scalar's Swift value: true when it did.
    private func chargeAndWriteScalar(_ value: (any Sendable)?, of field: ServedField, read: Bool) throws -> Bool {
        let fields = read ? 1 : 0, nameBytes = read ? field.nameBytes : 0
        if field.leaf != .other, let scalar = BuiltInScalar(value, field.leaf) {
            try charge(fields: fields, responseBytes: nameBytes + scalar.chargedBytes)
            scalar.write(into: &out)
            return true
        }
        // Of a list of nullable elements, the library is given, and charged for, the elements that are there.
        let cost = if field.notesNullElements, let present = NullListElements.presentCount(in: value) {
            ExecutionBudget.cost(ofListOf: present)
        } else {
            ExecutionBudget.cost(of: value, as: field.returned)
        }
        // A list a resolver made is charged before any of its elements is completed.
        try charge(fields: fields, listElements: cost.listElements, responseBytes: nameBytes + cost.responseBytes,
                   now: cost.listElements > 0 && !read)
        return false
    }

    /// Adds to the request's budget what the walk did. Reading properties is charged in batches
    /// (a lock or two and a look at the task's cancellation for each field cost as much as the
    /// reading); `now` charges everything so far at once, as before a resolver runs. A budget runs
    /// out at most `fieldsBetweenCharges` properties, or `bytesBetweenCharges`, later than it would.
    private func charge(fields: Int = 0, listElements: Int = 0, responseBytes: Int = 0, now: Bool = false) throws {
        guard context.budget != nil else { return }
        uncharged.fields &+= fields
        uncharged.listElements &+= listElements
        uncharged.responseBytes &+= responseBytes
        if now || uncharged.fields >= Self.fieldsBetweenCharges || uncharged.responseBytes >= Self.bytesBetweenCharges {
            try chargeUncharged()
        }
    }

    private func chargeUncharged() throws {
        guard let budget = context.budget, uncharged != (0, 0, 0) else { return }
        let charged = uncharged
        uncharged = (0, 0, 0)
        try budget.charge(fields: charged.fields, listElements: charged.listElements, responseBytes: charged.responseBytes)
    }

    /// The direct reader of a field for an object of exactly its type (a few types share a name).
    private static func getter(_ getters: [DirectFields.Getter], for source: any Sendable) -> DirectFields.Getter? {
        let type = ObjectIdentifier(Swift.type(of: source))
        for getter in getters where getter.root == type { return getter }
        return nil
    }

    // Completing a value: a nullable value's error is noted and the value is null; a non-null one's
    // goes to its parent. An error that is not a GraphQL error is given the field's place.
    // Values made only of scalars and enums (and lists of them) complete without awaiting anything;
    // they go through the `completeLeaves` functions, which do what the others do for them.

    nonisolated(nonsending) private func completeCatchingError(_ shape: ValueShape, _ group: FieldGroup, _ parentType: GraphQLObjectType,
                                       _ resolved: (any Sendable)?) async throws -> Written {
        if case .nonNull = shape {
            return try await completeLocatingError(shape, group, parentType, resolved)
        }
        let mark = out.count
        do {
            return try await completeLocatingError(shape, group, parentType, resolved)
        } catch let error as GraphQLError {
            takeBack(to: mark)
            errors.append(error)
            return .null
        }
    }

    nonisolated(nonsending) private func completeLocatingError(_ shape: ValueShape, _ group: FieldGroup, _ parentType: GraphQLObjectType,
                                       _ resolved: (any Sendable)?) async throws -> Written {
        do {
            return try await complete(shape, group, parentType, resolved)
        } catch let error as GraphQLError {
            throw error
        } catch {
            throw located(error, group)
        }
    }

    nonisolated(nonsending) private func complete(_ shape: ValueShape, _ group: FieldGroup, _ parentType: GraphQLObjectType,
                          _ resolved: (any Sendable)?) async throws -> Written {
        if case .nonNull(let inner) = shape {
            let written = try await complete(inner, group, parentType, resolved)
            guard written != .null else { throw Self.nullInNonNull(group, parentType) }
            return written
        }
        guard let resolved, let value = Self.unwrap(resolved) else { return .null }
        switch shape {
        case .nonNull:
            return .null
        case .list(let element):
            // Its elements hold objects: a list of scalars is `completeLeaves`' (the shape of a field
            // or element that holds no object never comes here).
            assert(!element.holdsNoObject, "a list of scalars is completed by completeLeaves")
            let elements = try Self.elements(of: value, group, parentType)
            out.append(UInt8(ascii: "["))
            for index in 0..<elements.elementCount {
                startElement(index)
                defer { path.removeLast() }
                writeElement(try await completeCatchingError(element, group, parentType, elements.element(at: index)))
            }
            out.append(UInt8(ascii: "]"))
            return .value
        case .leaf(let serialize):
            return write(try serialize(value))
        case .abstract(let possible):
            guard let object = try possible.first(where: { try $0.isTypeOf?(value, info) ?? false }) else {
                throw GraphQLError(message: "Could not find a resolve function.", nodes: group.fields)
            }
            // Found by its `isTypeOf`: not asked again.
            try await completeObject(object, group, value, isOfType: true)
            return .value
        case .object(let object):
            try await completeObject(object, group, value, isOfType: group.holdsType(of: value))
            return .value
        case .unexpected(let type):
            throw GraphQLError(message: "Cannot complete value of unexpected type \"\(type)\".")
        }
    }

    private func completeLeavesCatchingError(_ shape: ValueShape, _ group: FieldGroup, _ parentType: GraphQLObjectType,
                                             _ resolved: (any Sendable)?) throws -> Written {
        if case .nonNull = shape {
            return try completeLeavesLocatingError(shape, group, parentType, resolved)
        }
        let mark = out.count
        do {
            return try completeLeavesLocatingError(shape, group, parentType, resolved)
        } catch let error as GraphQLError {
            takeBack(to: mark)
            errors.append(error)
            return .null
        }
    }

    private func completeLeavesLocatingError(_ shape: ValueShape, _ group: FieldGroup, _ parentType: GraphQLObjectType,
                                             _ resolved: (any Sendable)?) throws -> Written {
        do {
            return try completeLeaves(shape, group, parentType, resolved)
        } catch let error as GraphQLError {
            throw error
        } catch {
            throw located(error, group)
        }
    }

    private func completeLeaves(_ shape: ValueShape, _ group: FieldGroup, _ parentType: GraphQLObjectType,
                                _ resolved: (any Sendable)?) throws -> Written {
        if case .nonNull(let inner) = shape {
            let written = try completeLeaves(inner, group, parentType, resolved)
            guard written != .null else { throw Self.nullInNonNull(group, parentType) }
            return written
        }
        guard let resolved, let value = Self.unwrap(resolved) else { return .null }
        switch shape {
        case .list(let element):
            let elements = try Self.elements(of: value, group, parentType)
            out.append(UInt8(ascii: "["))
            for index in 0..<elements.elementCount {
                startElement(index)
                defer { path.removeLast() }
                writeElement(try completeLeavesCatchingError(element, group, parentType, elements.element(at: index)))
            }
            out.append(UInt8(ascii: "]"))
            return .value
        case .leaf(let serialize):
            return write(try serialize(value))
        case .nonNull, .object, .abstract, .unexpected:
            // Not a shape of scalars (`holdsNoObject` sends those to `complete`).
            throw GraphQLError(message: "Cannot complete value of unexpected type \"\(group.served?.type.debugDescription ?? group.name)\".")
        }
    }

    // Writing the answer.

    /// What completing a value wrote: a value, nothing for a null (its parent writes `null`), or
    /// nothing for an undefined scalar (a field with one is left out, as the encoder leaves it out).
    enum Written: Equatable {
        case value, null, undefined
    }

    private static let null = Array("null".utf8)

    /// A scalar's serialized value, as the encoder writes it; one JSON cannot hold is noted.
    private func write(_ value: Map) -> Written {
        if case .undefined = value { return .undefined }
        let mark = out.count
        guard AnswerJSON.write(value, into: &out) else {
            out.removeSubrange(mark...)
            writeUnencodable()
            return .value
        }
        return .value
    }

    private func writeUnencodable() {
        unencodable.append(out.count)
        out.append(contentsOf: Self.null)
    }

    /// Takes back everything written from `mark` on.
    private func takeBack(to mark: Int) {
        out.removeSubrange(mark...)
        if !unencodable.isEmpty { unencodable.removeAll { $0 >= mark } }
    }

    /// Starts a list's element: its place in the path (the caller takes it out again when the
    /// element is done, thrown or not) and the comma before it.
    private func startElement(_ index: Int) {
        path.append(.index(index))
        if index > 0 { out.append(UInt8(ascii: ",")) }
    }

    /// What a list element's completion wrote, completed: a null element (one that is not there,
    /// or one that failed) stays in its place; an undefined one is refused by the encoder.
    private func writeElement(_ written: Written) {
        switch written {
        case .value: break
        case .null: out.append(contentsOf: Self.null)
        case .undefined: writeUnencodable()
        }
    }

    /// What the resolver's error makes of the field: located at it (unless it is a GraphQL error
    /// already), noted and the value null, or, for a non-null field, passed to its parent.
    private func failed(_ error: any Error, _ shape: ValueShape, _ group: FieldGroup) throws -> Written {
        let located = (error as? GraphQLError) ?? located(error, group)
        if case .nonNull = shape { throw located }
        errors.append(located)
        return .null
    }

    private static func nullInNonNull(_ group: FieldGroup, _ parentType: GraphQLObjectType) -> GraphQLError {
        GraphQLError(message: "Cannot return null for non-nullable field \(parentType.name).\(group.name).")
    }

    /// A list's elements where they are: a cast to `[(any Sendable)?]` would make a new array of
    /// every element, each cast and boxed, before the first is completed.
    private static func elements(of value: any Sendable, _ group: FieldGroup, _ parentType: GraphQLObjectType) throws -> any WalkedList {
        if let list = value as? any WalkedList { return list }
        guard let elements = value as? [(any Sendable)?] else {
            throw GraphQLError(message: "Expected array, but did not find one for field \(parentType.name).\(group.name).")
        }
        return elements
    }

    private func located(_ error: any Error, _ group: FieldGroup) -> GraphQLError {
        GraphQLError(message: String(describing: error), nodes: group.fields, path: currentPath, originalError: error)
    }

    /// `isOfType`: the value is known to be of `type` (its `isTypeOf` need not be asked).
    nonisolated(nonsending) private func completeObject(_ type: GraphQLObjectType, _ group: FieldGroup, _ value: any Sendable,
                                                        isOfType: Bool) async throws {
        if !isOfType, let isTypeOf = type.isTypeOf {
            guard try isTypeOf(value, info) else {
                throw GraphQLError(message: "Expected value of type \"\(type.name)\" but got: \(value).", nodes: group.fields)
            }
            group.noteType(of: value)
        }
        let groups = try collect(type, under: group)
        try await execute(groups, on: type, source: value)
    }

    /// The value an optional holds (nil when it holds none); any other value as it is. Only a value
    /// whose type is an optional is cast (the casts look the conformance up; most values are not).
    private static func unwrap(_ value: any Sendable) -> (any Sendable)? {
        guard OptionalValues.isOptional(value), let optional = value as? any OptionalValue else { return value }
        return optional.held
    }
}

/// What `SerialExecution` answered: the answer's JSON up to its data's end (`{"data":…`, without
/// the closing brace), or nil when an error reached the operation's root, and the errors.
struct SerialAnswer: Sendable {
    static let prefix = Array(#"{"data":"#.utf8)
    let written: [UInt8]?
    let errors: [GraphQLError]
    /// False when the data holds something the library's encoder refuses (see `unencodable`).
    var encodable = true

    /// The whole answer with `errors` (in the order they are to be listed), as `GraphQLJSONEncoder`
    /// writes a `GraphQLResult`: data first, then the errors; nil when it cannot be encoded.
    func json(errors: [GraphQLError]) -> Data? {
        guard encodable else { return nil }
        guard var bytes = written else { return try? GraphQLJSONEncoder().encode(GraphQLResult(errors: errors)) }
        if !errors.isEmpty {
            guard let listed = try? GraphQLJSONEncoder().encode(GraphQLResult(errors: errors)), listed.first == UInt8(ascii: "{") else { return nil }
            bytes.append(UInt8(ascii: ","))
            bytes.append(contentsOf: listed.dropFirst())
        } else {
            bytes.append(UInt8(ascii: "}"))
        }
        return Data(bytes)
    }
}

/// The fields of one response key collected for one object type, in document order, with what
/// resolving them needs worked out once: the field's name, where it is in the document, how the
/// type serves it, and the selection sets under it.
final class FieldGroup: @unchecked Sendable {
    let key: String
    /// The key as the answer writes it: `"key":`.
    let keyJSON: [UInt8]
    let fields: [Field]
    let name: String
    /// The library's `__typename`, which names the object's type.
    let isTypename: Bool
    /// Where the first field is in the document (nil for a document without locations).
    let position: Int?
    let served: ServedField?
    let selectionSets: [SelectionSet]
    /// What `selectionSets` collect, by the object type they are read on.
    private let subgroups = Mutex<[ObjectIdentifier: [FieldGroup]]>([:])

    /// The Swift type of a value this group's object type was last found to be (its identifier's
    /// bits; 0 for none). An object type built by Graphiti is the values of one Swift type (its
    /// `isTypeOf` is `value is T`), so another value of that type is of it too, without the cast
    /// (which copies the whole value to look at it). Only a field of one object type notes it.
    private let typeOfValues = Atomic<UInt>(0)

    func holdsType(of value: any Sendable) -> Bool {
        typeOfValues.load(ordering: .relaxed) == UInt(bitPattern: ObjectIdentifier(Swift.type(of: value)))
    }

    func noteType(of value: any Sendable) {
        typeOfValues.store(UInt(bitPattern: ObjectIdentifier(Swift.type(of: value))), ordering: .relaxed)
    }

    func collected(on type: GraphQLObjectType) -> [FieldGroup]? { subgroups.withLock { $0[ObjectIdentifier(type)] } }

    func keep(_ groups: [FieldGroup], on type: GraphQLObjectType) { subgroups.withLock { $0[ObjectIdentifier(type)] = groups } }

    init(_ key: String, _ fields: [Field], on type: GraphQLObjectType, served table: ServedFields) {
        self.key = key
        var keyJSON: [UInt8] = []
        JSONText.appendString(key, into: &keyJSON)
        keyJSON.append(UInt8(ascii: ":"))
        self.keyJSON = keyJSON
        self.fields = fields
        name = fields[0].name.value
        isTypename = name == "__typename"
        position = fields[0].loc?.start
        served = isTypename ? nil : table.field(name, of: type)
        selectionSets = fields.compactMap(\.selectionSet)
    }
}

/// A list a resolver answered, its elements read one at a time.
private protocol WalkedList {
    var elementCount: Int { get }
    func element(at index: Int) -> (any Sendable)?
}

extension Array: WalkedList {
    /// The list came as a `Sendable` value, so its elements are (see `OptionalValue.held`).
    fileprivate func element(at index: Int) -> (any Sendable)? { unsafeBitCast(self[index] as Any, to: (any Sendable).self) }
}

/// Whether a value's dynamic type is an optional, from the type's metadata kind (the Swift ABI's
/// `MetadataKind::Optional`, 0x202), without the conformance look-up a cast makes.
enum OptionalValues {
    private static let optionalKind: UInt = 0x202

    static func isOptional(_ value: Any) -> Bool {
        let metadata = unsafeBitCast(type(of: value) as Any.Type, to: UnsafeRawPointer.self)
        return metadata.load(as: UInt.self) == optionalKind
    }
}

private protocol OptionalValue {
    var held: (any Sendable)? { get }
}

extension Optional: OptionalValue {
    /// What the optional holds. It came as a `Sendable` value, so what it holds is one; `Any` and
    /// `any Sendable` are one representation (a marker protocol has no witness table), and Swift
    /// has no conditional cast to a marker protocol.
    fileprivate var held: (any Sendable)? { map { unsafeBitCast($0 as Any, to: (any Sendable).self) } }
}

/// The resolve info `SerialExecution` hands every resolver. Graphiti's resolvers and `isTypeOf`
/// never read it (their closures ignore the argument) and the library has no public way to make
/// one, so it is one the library made, for a field of a schema of its own: it says nothing about
/// the field being resolved. The executor itself knows each field's path and type.
enum PlaceholderInfo {
    private static let made = Mutex<GraphQLResolveInfo?>(nil)

    static func shared() async -> GraphQLResolveInfo? {
        if let info = made.withLock({ $0 }) { return info }
        let caught = Caught()
        let probe = GraphQLField(type: GraphQLString, resolve: { _, _, _, info in
            caught.info.withLock { $0 = info }
            return "probe"
        })
        guard let query = try? GraphQLObjectType(name: "Probe", fields: ["probe": probe]),
              let schema = try? GraphQLSchema(query: query),
              let document = try? parse(source: Source(body: "{ probe }")) else { return nil }
        _ = try? await GraphQL.execute(schema: schema, documentAST: document, rootValue: (), context: ())
        let info = caught.info.withLock { $0 }
        made.withLock { $0 = info }
        return info
    }

    private final class Caught: Sendable {
        let info = Mutex<GraphQLResolveInfo?>(nil)
    }
}
