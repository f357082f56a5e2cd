import Foundation

/// Strings folded for matching, stored one after another in a single buffer.
struct FoldedStrings: Sendable {
    private(set) var bytes: [UInt8] = []
    private(set) var starts: [Int32] = [0]

    var count: Int { starts.count - 1 }

    mutating func append(_ text: String, folder: inout TextFolder) {
        folder.append(text, to: &bytes)
        starts.append(Int32(bytes.count))
    }

    mutating func append(contentsOf other: FoldedStrings) {
        let base = Int32(bytes.count)
        bytes.append(contentsOf: other.bytes)
        starts.append(contentsOf: other.starts.dropFirst().map { $0 + base })
    }

    mutating func reserveCapacity(strings: Int, bytes count: Int) {
        starts.reserveCapacity(strings + 1)
        bytes.reserveCapacity(count)
    }

    func isEmpty(_ i: Int) -> Bool { starts[i] == starts[i + 1] }

    func matches(_ i: Int, _ needle: [UInt8], prefix: Bool) -> Bool {
        let start = Int(starts[i]), end = Int(starts[i + 1])
        let length = end - start
        if prefix ? length < needle.count : length != needle.count { return false }
        return bytes.withUnsafeBufferPointer { b in
            needle.withUnsafeBufferPointer { n in memcmp(b.baseAddress! + start, n.baseAddress!, n.count) == 0 }
        }
    }

    /// Whether string `i` holds `needle` as whole words (see `WordMatch`).
    func containsWords(_ i: Int, _ needle: [UInt8], prefix: Bool) -> Bool {
        bytes.withUnsafeBufferPointer { b in
            needle.withUnsafeBufferPointer { n in
                WordMatch.contains(n, in: b, from: Int(starts[i]), to: Int(starts[i + 1]), prefix: prefix)
            }
        }
    }

    func value(_ i: Int) -> ArraySlice<UInt8> { bytes[Int(starts[i])..<Int(starts[i + 1])] }
}
