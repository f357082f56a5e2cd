import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
import StorefrontCatalog
import StorefrontModels
#endif

/// JSON files under the state directory, written atomically: a temporary file in the same
/// directory, fsync, rename over the old file, fsync the directory. A crash leaves either the old
/// or the new file, never half of one.
///
/// A file that cannot be decoded is never overwritten: it is renamed to `<name>.corrupt-<time>`
/// and reported, and the store starts that part empty.
///
/// Public so that other parts of the app keep their files (the customer's tokens) the same way.
public struct StateStore: Sendable {
    public enum ReadResult<Value> {
        case missing
        case loaded(Value)
        /// The file was unusable; `message` says why and where it was moved (if it could be).
        case corrupt(message: String, movedAside: Bool)
    }

    public let directory: URL

    public init(directory: URL) { self.directory = directory }

    public func url(_ name: String) -> URL { directory.appendingPathComponent(name) }

    public func read<Value: Decodable>(_ type: Value.Type, from name: String, now: Date) -> ReadResult<Value> {
        let file = url(name)
        guard FileManager.default.fileExists(atPath: file.path) else { return .missing }
        let problem: String
        do {
            let data = try Data(contentsOf: file)
            do {
                return .loaded(try Self.decoder.decode(Value.self, from: data))
            } catch let error as DecodingError {
                problem = Self.describe(error)
            }
        } catch {
            problem = "cannot be read (\(CatalogLoader.reason(error)))"
        }
        let aside = url("\(name).corrupt-\(Self.stamp(now))")
        do {
            try FileManager.default.moveItem(at: file, to: aside)
            return .corrupt(message: "\(file.path) \(problem); moved aside to \(aside.lastPathComponent) and started empty",
                            movedAside: true)
        } catch {
            return .corrupt(message: "\(file.path) \(problem) and could not be moved aside (\(CatalogLoader.reason(error))); it is left untouched",
                            movedAside: false)
        }
    }

    public func write<Value: Encodable>(_ value: Value, to name: String) throws {
        let data: Data
        do { data = try Self.encoder.encode(value) } catch {
            throw StorefrontError.storage("Could not encode \(name): \(error)")
        }
        try ensureDirectory()
        let target = url(name)
        let temporary = url(".\(name).tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        let fd = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL, 0o600)
        // Said by the file's name: the temporary name means nothing to the reader.
        guard fd >= 0 else { throw storageError("save \(name) in \(directory.path)") }
        var ok = data.withUnsafeBytes { raw -> Bool in
            var offset = 0
            while offset < raw.count {
                let n = systemWrite(fd, raw.baseAddress! + offset, raw.count - offset)
                if n < 0 { if errno == EINTR { continue }; return false }
                offset += n
            }
            return true
        }
        ok = ok && fsync(fd) == 0
        let writeErrno = errno
        close(fd)
        guard ok else {
            unlink(temporary.path)
            errno = writeErrno
            throw storageError("save \(name) in \(directory.path)")
        }
        guard rename(temporary.path, target.path) == 0 else {
            let error = storageError("replace \(target.path)")
            unlink(temporary.path)
            throw error
        }
        let dirFd = open(directory.path, O_RDONLY)
        if dirFd >= 0 { _ = fsync(dirFd); close(dirFd) }
    }

    /// Creates the directory (and its parents) readable only by the user.
    public func ensureDirectory() throws {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: directory.path, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else { throw StorefrontError.storage("\(directory.path) is not a directory") }
            return
        }
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: 0o700])
        } catch {
            throw StorefrontError.storage("Could not create the state directory \(directory.path): \(CatalogLoader.reason(error))")
        }
    }

    private func storageError(_ action: String) -> StorefrontError {
        .storage("Could not \(action): \(String(cString: strerror(errno)))")
    }

    // Dates as the exact Double the Date holds, so a cart reads back equal to what was written.
    private static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        encoder.dateEncodingStrategy = .deferredToDate
        return encoder
    }()
    private static var decoder: JSONDecoder { RecordCoding.decoder }

    private static func describe(_ error: DecodingError) -> String {
        switch error {
        case .dataCorrupted(let context) where context.codingPath.isEmpty: return "is not valid JSON"
        case .dataCorrupted(let context), .typeMismatch(_, let context), .valueNotFound(_, let context):
            return "has an unexpected value at \(CatalogLoader.path(context.codingPath))"
        case .keyNotFound(let key, let context):
            return "misses \"\(key.stringValue)\" at \(CatalogLoader.path(context.codingPath))"
        @unknown default: return "cannot be decoded"
        }
    }

    /// "20250611T093000Z", safe in a file name.
    public static func stamp(_ date: Date) -> String {
        let seconds = Int(date.timeIntervalSince1970.rounded(.down))
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let rest = seconds - days * 86_400
        let (y, m, d) = ISODate.civil(fromDays: days)
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        return "\(y)\(two(m))\(two(d))T\(two(rest / 3600))\(two(rest / 60 % 60))\(two(rest % 60))Z"
    }
}

/// `write(2)`, under a name that does not collide with `StateStore.write`.
private func systemWrite(_ fd: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
    #if canImport(Glibc)
    return Glibc.write(fd, buffer, count)
    #else
    return Darwin.write(fd, buffer, count)
    #endif
}
