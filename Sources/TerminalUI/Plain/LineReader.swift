import Foundation
import StorefrontModels
#if canImport(Glibc)
import Glibc
#endif

/// Lines from a file descriptor (stdin), read on their own thread so the main actor keeps running
/// effects while nobody types. A line longer than `maximumLength` is cut there (a pasted megabyte
/// is not held whole); bytes that are not UTF-8 become U+FFFD.
enum LineReader {
    static let maximumLength = 16 * 1024

    static func lines(descriptor: Int32 = 0) -> AsyncStream<String> {
        let (stream, continuation) = AsyncStream<String>.makeStream()
        OwnThread.start(name: "storefront.lines") {
            var line: [UInt8] = []
            var buffer = [UInt8](repeating: 0, count: 4096)
            var dropping = false
            while true {
                let n = read(descriptor, &buffer, buffer.count)
                if n < 0 && errno == EINTR { continue }
                guard n > 0 else { break }
                for byte in buffer[..<n] {
                    if byte == UInt8(ascii: "\n") {
                        continuation.yield(String(decoding: line, as: UTF8.self))
                        line.removeAll(keepingCapacity: true)
                        dropping = false
                    } else if line.count < maximumLength && !dropping {
                        if byte != UInt8(ascii: "\r") { line.append(byte) }
                    } else {
                        dropping = true
                    }
                }
            }
            if !line.isEmpty { continuation.yield(String(decoding: line, as: UTF8.self)) }
            continuation.finish()
        }
        return stream
    }
}
