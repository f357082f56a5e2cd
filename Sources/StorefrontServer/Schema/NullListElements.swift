import Foundation
import GraphQL
import Synchronization

/// Lists whose elements may be null (`metafields(identifiers:)`: `[Metafield]!`, `nodes(ids:)`:
/// `[Node]!`) answer one element per entry, null where there is none, as the spec wants.
///
/// The GraphQL library cannot write such a null: it completes a null element to a Swift nil, keeps
/// it in the list, and its final conversion of the answer to a `Map` fails on a nil inside a list
/// (`Map(any:)` does not see an `Optional.none` boxed in `Any` as null), so the whole response
/// becomes an error. The schema's resolvers of such lists therefore hand the library only the
/// elements that are there and note where the list is in the answer, how long it is and where
/// its elements go; once the library has written the answer, the nulls go back in.
final class NullListElements: Sendable {
    /// One resolved list: its place in the answer, its length, and the positions of the elements
    /// the library was given.
    struct Resolved: Sendable {
        var path: [IndexPathValue]
        var count: Int
        var present: [Int]
    }

    private let lists = Mutex<[Resolved]>([])

    /// The elements of a list a resolver answered at `path` that are not null; the list is noted
    /// if it had nulls.
    func present(_ elements: [(any Sendable)?], at path: GraphQL.IndexPath) -> [(any Sendable)?] {
        let present = elements.indices.filter { !Self.isNull(elements[$0]) }
        guard present.count < elements.count else { return elements }
        lists.withLock { $0.append(Resolved(path: path.elements, count: elements.count, present: present)) }
        return present.map { elements[$0] }
    }

    /// The answer with every noted list at its full length. The paths count the elements the
    /// library was given, so inner lists go first: a list grows only once every path through it
    /// has been followed.
    func restore(in data: Map) -> Map {
        var data = data
        for list in lists.withLock({ $0 }).sorted(by: { $0.path.count > $1.path.count }) {
            data = Self.replacing(in: data, at: list.path[...]) { kept in
                guard kept.count == list.present.count else { return nil }
                var full = [Map](repeating: .null, count: list.count)
                for (position, element) in zip(list.present, kept) { full[position] = element }
                return full
            }
        }
        return data
    }

    /// `data` with the list at `path` replaced; unchanged where the path leads nowhere (a null
    /// parent) or `transform` cannot place the nulls.
    private static func replacing(in data: Map, at path: ArraySlice<IndexPathValue>, _ transform: ([Map]) -> [Map]?) -> Map {
        guard let step = path.first else {
            guard case .array(let kept) = data, let full = transform(kept) else { return data }
            return .array(full)
        }
        switch (step, data) {
        case (.key(let key), .dictionary(var fields)):
            guard let child = fields[key] else { return data }
            fields[key] = replacing(in: child, at: path.dropFirst(), transform)
            return .dictionary(fields)
        case (.index(let index), .array(var elements)) where elements.indices.contains(index):
            elements[index] = replacing(in: elements[index], at: path.dropFirst(), transform)
            return .array(elements)
        default:
            return data
        }
    }

    /// How many elements of a list are not null (nil for a value that is not a list): what the
    /// library is given of it, and charged for.
    static func presentCount(in value: (any Sendable)?) -> Int? {
        guard let elements = value as? [(any Sendable)?] else { return nil }
        return elements.count { !isNull($0) }
    }

    /// Nil, or an optional holding nil (a resolver's `[Metafield?]` seen as `[Any?]`).
    private static func isNull(_ element: (any Sendable)?) -> Bool {
        guard let element else { return true }
        let mirror = Mirror(reflecting: element)
        return mirror.displayStyle == .optional && mirror.children.isEmpty
    }
}

extension GraphQLSchema {
    /// Has the resolvers of every field whose type is a list of nullable elements go through the
    /// request's `NullListElements`. Done once, before the schema serves a request.
    func notingNullListElements() throws -> GraphQLSchema {
        for case let object as GraphQLObjectType in typeMap.values where !object.name.hasPrefix("__") {
            let fields = try object.fields().mapValues { field in
                guard Self.isListOfNullable(field.type), let resolve = field.resolve else { return field }
                field.resolve = { source, arguments, context, info in
                    let value = try await resolve(source, arguments, context, info)
                    guard let elements = value as? [(any Sendable)?], let context = context as? RequestContext else { return value }
                    return context.nullListElements.present(elements, at: info.path)
                }
                return field
            }
            object.fields = { fields }
        }
        return self
    }

    static func isListOfNullable(_ type: GraphQLOutputType) -> Bool {
        let list = (type as? GraphQLNonNull)?.ofType as? GraphQLList ?? type as? GraphQLList
        guard let list else { return false }
        return !(list.ofType is GraphQLNonNull)
    }
}
