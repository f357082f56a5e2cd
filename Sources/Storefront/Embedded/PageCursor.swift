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

    var encoded: String {
        let raw = "\(Self.version)|\(listing)|\(position)|\(nodeId)"
        return Data(raw.utf8).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    init(listing: String, position: Int, nodeId: String) {
        self.listing = listing; self.position = position; self.nodeId = nodeId
    }

    /// nil when the text is not a cursor this storefront wrote.
    init?(decoding text: String) {
        guard !text.isEmpty, text.count <= 2048 else { return nil }
        var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        while base64.count % 4 != 0 { base64 += "=" }
        guard let data = Data(base64Encoded: base64), let raw = String(data: data, encoding: .utf8) else { return nil }
        // The listing may itself contain "|" only if we put it there; we never do, so split exactly.
        let parts = raw.split(separator: "|", omittingEmptySubsequences: false)
        guard parts.count == 4, parts[0] == Self.version, let position = Int(parts[2]), position >= 0 else { return nil }
        self.init(listing: String(parts[1]), position: position, nodeId: String(parts[3]))
    }
}
