extension String {
    /// The string without leading and trailing whitespace; cheap when there is none, which is
    /// almost always (Foundation's trimming costs microseconds per call).
    var trimmedWhitespace: String {
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
