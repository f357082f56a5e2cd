import Foundation
import TerminalUI

/// The few options the terminal benchmarks take.
enum BenchmarkArguments {
    static func option(_ name: String, in arguments: [String]) -> String? {
        guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count else { return nil }
        return arguments[index + 1]
    }

    /// `--storefront PATH`, else the `storefront` beside this program; an error unless it is built.
    static func storefront(_ arguments: [String]) throws -> String {
        let binary = option("--storefront", in: arguments)
            ?? URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent().appendingPathComponent("storefront").path
        guard FileManager.default.isExecutableFile(atPath: binary) else {
            throw PtyBenchmark.Failure.spawn("\(binary) is not built (swift build -c release --product storefront)")
        }
        return binary
    }

    /// `--size WxH`, or `fallback`.
    static func size(_ arguments: [String], default fallback: Size, option name: String = "--size") -> Size {
        let parts = (option(name, in: arguments) ?? "").split(separator: "x").compactMap { Int($0) }
        return parts.count == 2 ? Size(width: parts[0], height: parts[1]) : fallback
    }

    /// `--size WxH[,WxH...]`, or `fallback`; a size that does not read as WxH is refused.
    static func sizes(_ arguments: [String], default fallback: [Size], option name: String = "--size") throws -> [Size] {
        guard let value = option(name, in: arguments) else { return fallback }
        return try value.split(separator: ",").map { word in
            let parts = word.split(separator: "x").compactMap { Int($0) }
            guard parts.count == 2, parts[0] > 0, parts[1] > 0 else { throw SizeError(word: String(word)) }
            return Size(width: parts[0], height: parts[1])
        }
    }

    struct SizeError: Error, CustomStringConvertible {
        var word: String
        var description: String { "\(word) is not a size (WxH, e.g. 80x24)" }
    }
}

/// One entry of `storefront-bench`: its name, a line of help, what it takes and how it runs.
struct Benchmark {
    let name: String
    let summary: String
    let takes: ArgumentSpec
    let run: ([String]) async throws -> Void

    init(_ name: String, _ summary: String, takes: ArgumentSpec, run: @escaping ([String]) async throws -> Void) {
        (self.name, self.summary, self.takes, self.run) = (name, summary, takes, run)
    }
}

/// What a benchmark accepts: options that take a value, flags, and how many plain words.
struct ArgumentSpec {
    var options: Set<String> = []
    var flags: Set<String> = []
    var positionals = 0
    /// Everything after `--` belongs to another program (the storefront the pty benchmark runs).
    var passesRest = false

    enum Verdict: Equatable { case run, help, refused(String) }

    func check(_ arguments: [String]) -> Verdict {
        var words = arguments[...]
        var plain = 0
        while let word = words.popFirst() {
            if word == "--" {
                return passesRest ? .run : .refused("takes nothing after --")
            }
            if word == "-h" || word == "--help" { return .help }
            if options.contains(word) {
                guard let value = words.popFirst(), !value.hasPrefix("--") else { return .refused("\(word) needs a value") }
                continue
            }
            if flags.contains(word) { continue }
            if word.hasPrefix("-"), word.count > 1, Double(word) == nil {
                let known = (options.sorted() + flags.sorted()).joined(separator: ", ")
                return .refused("unknown option \(word)" + (known.isEmpty ? " (it takes no options)" : " (it takes \(known))"))
            }
            plain += 1
            if plain > positionals {
                return .refused(positionals == 0 ? "unexpected argument \(word)" : "too many arguments (at most \(positionals))")
            }
        }
        return .run
    }
}
