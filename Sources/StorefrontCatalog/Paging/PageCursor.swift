import Foundation

/// The embedded storefront's opaque paging cursor: base64url of
/// `sfc1|<listing>|<position>|<node id>`. The listing names the ordering it came from (sort key,
/// direction, query), so a cursor from another listing or another store is rejected instead of
/// silently paging somewhere else.
struct PageCursor: Hashable {
    static let version = "sfc1"

    var listing: String
    var position: Int
    var nodeId: String

    init(listing: String, position: Int, nodeId: String) {
        self.listing = listing; self.position = position; self.nodeId = nodeId
    }

    var encoded: String { Self.base64url(Array("\(Self.version)|\(listing)|\(position)|\(nodeId)".utf8)) }

    /// nil when the text is not a cursor this storefront wrote.
    init?(decoding text: String) {
        guard !text.isEmpty, text.utf8.count <= 2048, let bytes = Self.bytes(base64url: text),
              let raw = String(validating: bytes, as: UTF8.self) else { return nil }
        let parts = raw.split(separator: "|", omittingEmptySubsequences: false)
        guard parts.count == 4, parts[0] == Self.version, let position = Int(parts[2]), position >= 0 else { return nil }
        self.init(listing: String(parts[1]), position: position, nodeId: String(parts[3]))
    }

    // Cursors are made for every edge of every page, so base64url is done by hand, without padding.
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)

    static func base64url(_ bytes: [UInt8]) -> String {
        var out: [UInt8] = []
        out.reserveCapacity((bytes.count + 2) / 3 * 4)
        var i = 0
        while i + 3 <= bytes.count {
            let n = UInt32(bytes[i]) << 16 | UInt32(bytes[i + 1]) << 8 | UInt32(bytes[i + 2])
            for shift in [18, 12, 6, 0] { out.append(alphabet[Int(n >> UInt32(shift) & 63)]) }
            i += 3
        }
        let rest = bytes.count - i
        if rest > 0 {
            let n = UInt32(bytes[i]) << 16 | (rest == 2 ? UInt32(bytes[i + 1]) << 8 : 0)
            out.append(alphabet[Int(n >> 18 & 63)])
            out.append(alphabet[Int(n >> 12 & 63)])
            if rest == 2 { out.append(alphabet[Int(n >> 6 & 63)]) }
        }
        return String(decoding: out, as: UTF8.self)
    }

    static func bytes(base64url text: String) -> [UInt8]? {
        var values: [UInt32] = []
        values.reserveCapacity(text.utf8.count)
        for c in text.utf8 {
            switch c {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): values.append(UInt32(c - 65))
            case UInt8(ascii: "a")...UInt8(ascii: "z"): values.append(UInt32(c - 71))
            case UInt8(ascii: "0")...UInt8(ascii: "9"): values.append(UInt32(c + 4))
            case UInt8(ascii: "-"): values.append(62)
            case UInt8(ascii: "_"): values.append(63)
            default: return nil
            }
        }
        guard values.count % 4 != 1 else { return nil }
        var out: [UInt8] = []
        var i = 0
        while i < values.count {
            let chunk = values[i..<min(i + 4, values.count)]
            var n: UInt32 = 0
            for (k, v) in chunk.enumerated() { n |= v << UInt32(18 - 6 * k) }
            out.append(UInt8(n >> 16 & 0xFF))
            if chunk.count > 2 { out.append(UInt8(n >> 8 & 0xFF)) }
            if chunk.count > 3 { out.append(UInt8(n & 0xFF)) }
            i += 4
        }
        return out
    }
}
