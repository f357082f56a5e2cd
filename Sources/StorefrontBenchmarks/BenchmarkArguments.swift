import TerminalUI

/// The few options the terminal benchmarks take.
enum BenchmarkArguments {
    static func option(_ name: String, in arguments: [String]) -> String? {
        guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count else { return nil }
        return arguments[index + 1]
    }

    /// `--size WxH`, or `fallback`.
    static func size(_ arguments: [String], default fallback: Size, option name: String = "--size") -> Size {
        let parts = (option(name, in: arguments) ?? "").split(separator: "x").compactMap { Int($0) }
        return parts.count == 2 ? Size(width: parts[0], height: parts[1]) : fallback
    }
}
