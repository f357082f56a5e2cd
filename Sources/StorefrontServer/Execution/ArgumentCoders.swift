import Graphiti
import GraphQL

/// The coders Graphiti's resolvers decode their arguments with, built so a field that takes none
/// costs nothing to decode, and one whose arguments came before costs a look-up.
///
/// Every Graphiti resolver decodes its `Arguments` from the field's argument map before it runs,
/// `NoArguments` too: the library's `MapDecoder` turns the map into Foundation objects and walks a
/// keyed container of them, about a tenth of serve's time on a product page. `ArgumentDecoder`
/// answers `NoArguments` at once, and keeps what it decoded of small maps: a client sends the same
/// few documents, whose arguments (an image's size, the first so many variants) are the same maps
/// request after request. Every argument type is a plain value decoded from the map alone.
///
/// Graphiti's `Coders` makes its own decoder (a constant with no way to give another), so the
/// decoder is put in its place in the value's storage, and only when that storage is what it is
/// known to be: two references, the first of them the decoder it made. Otherwise the coders are
/// Graphiti's own, which decode the same values, only slower (`usesArgumentDecoder` says which).
enum ArgumentCoders {
    static func make() -> Coders {
        var coders = Coders()
        guard MemoryLayout<Coders>.size == 2 * MemoryLayout<AnyObject>.size,
              MemoryLayout<Coders>.alignment == MemoryLayout<AnyObject>.alignment else { return coders }
        let made = Unmanaged.passUnretained(coders.decoder).toOpaque()
        let decoder = ArgumentDecoder()
        withUnsafeMutableBytes(of: &coders) { storage in
            guard let first = storage.baseAddress, storage.load(as: UnsafeRawPointer.self) == UnsafeRawPointer(made) else { return }
            // A typed assignment: the decoder Graphiti made is released, ours retained.
            first.assumingMemoryBound(to: MapDecoder.self).pointee = decoder
        }
        return coders
    }

    static func usesArgumentDecoder(_ coders: Coders) -> Bool { coders.decoder is ArgumentDecoder }
}

/// `MapDecoder`, except that `NoArguments` is made without reading the map, and what a small map
/// decoded to is kept (at most `maximumCount` values, then it starts again).
final class ArgumentDecoder: MapDecoder, @unchecked Sendable {
    static let maximumCount = 1024
    /// A map with more values than this, or a longer string, is decoded every time (a cart's
    /// lines, a long search) and not kept.
    static let maximumValues = 16
    static let maximumStringBytes = 256

    private struct Key: Hashable, Sendable {
        let type: ObjectIdentifier
        let map: Map

        static func == (a: Key, b: Key) -> Bool { a.type == b.type && a.map == b.map }

        func hash(into hasher: inout Hasher) {
            hasher.combine(type)
            MapHashing.combine(map, into: &hasher)
        }
    }

    /// A decoded value: a plain value of an argument type, read and never changed.
    private final class Decoded: @unchecked Sendable {
        let value: Any
        init(_ value: Any) { self.value = value }
    }

    private let decoded = KeptTable<Key, Decoded>(capacity: maximumCount)

    var keptCount: Int { decoded.count }

    override func decode<T: Decodable>(_ type: T.Type, from map: Map) throws -> T {
        if T.self == NoArguments.self { return unsafeBitCast(NoArguments(), to: T.self) }
        var budget = Self.maximumValues
        guard Self.isSmall(map, budget: &budget) else { return try super.decode(type, from: map) }
        let key = Key(type: ObjectIdentifier(T.self), map: map)
        if let known = decoded[key]?.value as? T { return known }
        let value = try super.decode(type, from: map)
        decoded.keep(Decoded(value), for: key)
        return value
    }

    private static func isSmall(_ map: Map, budget: inout Int) -> Bool {
        budget -= 1
        guard budget >= 0 else { return false }
        switch map {
        case .string(let text): return text.utf8.count <= maximumStringBytes
        case .array(let values): return values.allSatisfy { isSmall($0, budget: &budget) }
        case .dictionary(let values): return values.allSatisfy { $0.key.utf8.count <= maximumStringBytes && isSmall($0.value, budget: &budget) }
        default: return true
        }
    }
}
