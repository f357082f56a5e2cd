import Foundation

/// Lines of a replay input as bytes, read in chunks from a file descriptor: a file and standard
/// input go through the same reader, so they are split and decoded the same way. A line longer
/// than `maximumLineLength` is cut there (the rest, up to its newline, is skipped) and flagged.
package struct ReplayLineReader {
    /// 16 MiB: far beyond any bridge message, small enough that one line cannot exhaust memory.
    package static let maximumLineLength = 16 << 20

    package struct Line: Sendable {
        package var bytes: [UInt8]
        /// The line went on past `maximumLineLength`.
        package var truncated: Bool

        package init(bytes: [UInt8], truncated: Bool = false) { self.bytes = bytes; self.truncated = truncated }
    }

    private let descriptor: Int32
    private var buffer: [UInt8] = []
    private var start = 0
    /// Where the search for the next newline goes on (bytes before it hold none).
    private var scanned = 0
    private var atEnd = false
    /// In the rest of a line that was cut.
    private var skipping = false

    package init(descriptor: Int32) { self.descriptor = descriptor }

    /// The next line without its newline (a trailing carriage return is the decoder's business),
    /// or nil at the end of the input. A last line without a newline still counts.
    package mutating func next() throws -> Line? {
        while true {
            if let newline = buffer[scanned...].firstIndex(of: 0x0A) {
                let line = Array(buffer[start..<newline])
                start = newline + 1; scanned = start
                if skipping { skipping = false; continue }
                return Line(bytes: line, truncated: false)
            }
            scanned = buffer.count
            if !skipping && buffer.count - start > Self.maximumLineLength {
                let line = Array(buffer[start..<start + Self.maximumLineLength])
                start = buffer.count; scanned = start
                skipping = true
                return Line(bytes: line, truncated: true)
            }
            if skipping { start = buffer.count; scanned = start }
            if atEnd {
                guard start < buffer.count else { return nil }
                let line = Array(buffer[start...])
                start = buffer.count; scanned = start
                return Line(bytes: line, truncated: false)
            }
            try fill()
        }
    }

    private mutating func fill() throws {
        if start > 0 { buffer.removeFirst(start); scanned -= start; start = 0 }
        let chunk = 1 << 16
        let old = buffer.count
        buffer.append(contentsOf: repeatElement(0, count: chunk))
        let got = buffer.withUnsafeMutableBytes { raw -> Int in
            while true {
                let n = read(descriptor, raw.baseAddress! + old, chunk)
                if n < 0 && errno == EINTR { continue }
                return n
            }
        }
        guard got >= 0 else {
            buffer.removeLast(chunk)
            throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
        }
        buffer.removeLast(chunk - got)
        if got == 0 { atEnd = true }
    }
}
