extension String {
    /// The string without leading and trailing whitespace; cheap when there is none, which is
    /// almost always (Foundation's trimming costs microseconds per call).
    package var trimmedWhitespace: String {
        // Nearly always: an ASCII letter or digit at each end, seen from the bytes.
        let plainEnds = utf8.withContiguousStorageIfAvailable { bytes in
            guard let first = bytes.first, let last = bytes.last else { return false }
            func solid(_ b: UInt8) -> Bool { b > 0x20 && b < 0x7F }
            return solid(first) && solid(last)
        }
        if plainEnds == true { return self }
        let scalars = unicodeScalars
        guard let first = scalars.first, let last = scalars.last,
              Self.isSpace(first) || Self.isSpace(last) else { return self }
        guard let start = scalars.firstIndex(where: { !Self.isSpace($0) }),
              let end = scalars.lastIndex(where: { !Self.isSpace($0) }) else { return "" }
        return String(scalars[start...end])
    }

    private static func isSpace(_ s: Unicode.Scalar) -> Bool {
        s.value < 0x80 ? (s == " " || (0x09...0x0D).contains(s.value)) : s.properties.isWhitespace
    }
}
