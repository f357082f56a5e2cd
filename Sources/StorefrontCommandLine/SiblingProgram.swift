import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The storefront's two programs find each other: `storefront` (the shop in a terminal and every
/// command that reads a shop) hands `serve` and `mcp` to `storefront-server`, which links the
/// server's libraries the terminal app does without; `serve --ssh-port` runs each shopper's
/// session with `storefront`. Each looks beside its own file (links resolved), then on PATH.
public enum SiblingProgram {
    public static let client = "storefront"
    public static let server = "storefront-server"

    /// The running program's own file, links resolved; nil where /proc is not mounted.
    public static func runningProgram() -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard count > 0 else { return nil }
        return String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// `name` beside `program`, else in the first directory of `path` that has it executable.
    public static func find(_ name: String, beside program: String? = runningProgram(),
                            path: String? = ProcessInfo.processInfo.environment["PATH"]) -> String? {
        var candidates: [String] = []
        if let program { candidates.append(URL(fileURLWithPath: program).deletingLastPathComponent().appendingPathComponent(name).path) }
        for directory in (path ?? "").split(separator: ":") where !directory.isEmpty {
            candidates.append(URL(fileURLWithPath: String(directory)).appendingPathComponent(name).path)
        }
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Replaces this process with the program at `path`, given `arguments` after its name: the
    /// same process id, standard input, output and error, and signal dispositions, so whoever
    /// started this process (a shell, a supervisor, an agent on stdio) sees no difference.
    /// Returns only when the program could not be run, with the system's reason.
    public static func replaceProcess(with path: String, arguments: [String]) -> String {
        let argv: [UnsafeMutablePointer<CChar>?] = ([path] + arguments).map { strdup($0) } + [nil]
        execv(path, argv)
        let reason = String(cString: strerror(errno))
        argv.forEach { free($0) }
        return reason
    }
}
