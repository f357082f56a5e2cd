import Graphiti
import GraphQL

/// The coders Graphiti's resolvers decode their arguments with, built so a field that takes none
/// costs nothing to decode.
///
/// Every Graphiti resolver decodes its `Arguments` from the field's argument map before it runs,
/// `NoArguments` too: the library's `MapDecoder` turns the map into Foundation objects and walks a
/// keyed container of them, about a tenth of serve's time on a product page, whose fields mostly
/// take no arguments. `NoArgumentsDecoder` answers `NoArguments` at once and leaves every other
/// type to the library's decoder.
///
/// Graphiti's `Coders` makes its own decoder (a constant with no way to give another), so the
/// decoder is put in its place in the value's storage, and only when that storage is what it is
/// known to be: two references, the first of them the decoder it made. Otherwise the coders are
/// Graphiti's own, which decode the same values, only slower (`usesNoArgumentsDecoder` says which).
enum ArgumentCoders {
    static func make() -> Coders {
        var coders = Coders()
        guard MemoryLayout<Coders>.size == 2 * MemoryLayout<AnyObject>.size,
              MemoryLayout<Coders>.alignment == MemoryLayout<AnyObject>.alignment else { return coders }
        let made = Unmanaged.passUnretained(coders.decoder).toOpaque()
        let decoder = NoArgumentsDecoder()
        withUnsafeMutableBytes(of: &coders) { storage in
            guard let first = storage.baseAddress, storage.load(as: UnsafeRawPointer.self) == UnsafeRawPointer(made) else { return }
            // A typed assignment: the decoder Graphiti made is released, ours retained.
            first.assumingMemoryBound(to: MapDecoder.self).pointee = decoder
        }
        return coders
    }

    static func usesNoArgumentsDecoder(_ coders: Coders) -> Bool { coders.decoder is NoArgumentsDecoder }
}

/// `MapDecoder`, except that `NoArguments` is made without reading the map.
final class NoArgumentsDecoder: MapDecoder, @unchecked Sendable {
    override func decode<T: Decodable>(_ type: T.Type, from map: Map) throws -> T {
        if T.self == NoArguments.self { return unsafeBitCast(NoArguments(), to: T.self) }
        return try super.decode(type, from: map)
    }
}
