#if canImport(Glibc)
import Glibc
#endif

/// The variables a client may set for its session (the `env` request): the terminal type and
/// colours, and the locale. Anything else (PATH, LD_PRELOAD, HOME…) is refused.
enum ClientEnvironment {
    static func accepts(_ name: String, _ value: String) -> Bool {
        if name == "TERM" { return terminalName(value) != nil }
        let allowed = ["COLORTERM", "NO_COLOR", "LANG"].contains(name) || name.hasPrefix("LC_")
        return allowed && name.count <= 64 && value.utf8.count <= 256
            && name.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || $0 == "_" || ("0"..."9").contains($0)) }
            && !value.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7f }
    }

    /// Stands in for a terminal type that is not a terminfo name: every SSH client's terminal
    /// understands it.
    static let fallbackTerminal = "xterm-256color"

    /// `value` when it can be a terminfo entry's name (letters, digits and `.+-_`, at most 64),
    /// whether it came in the pty-req or an env request; nil otherwise. The storefront prints TERM
    /// when it has no entry for it, so nothing else may pass.
    static func terminalName(_ value: String) -> String? {
        guard !value.isEmpty, value.utf8.count <= 64,
              value.utf8.allSatisfy({ (0x30...0x39).contains($0) || (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0)
                  || $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "_") })
        else { return nil }
        return value
    }

    /// The locale variables this machine can honour; a client's `de_DE.UTF-8` that is not
    /// installed here (its character set is what matters) would leave the storefront without UTF-8, so it gives way to C.UTF-8.
    static func usableLocale(_ variables: [String: String]) -> [String: String] {
        var result = variables.filter { name, value in
            guard name == "LANG" || name.hasPrefix("LC_") else { return true }
            guard let locale = newlocale(1 << LC_CTYPE, value, nil) else { return false }
            freelocale(locale)
            return true
        }
        if result["LANG"] == nil && result["LC_ALL"] == nil && result["LC_CTYPE"] == nil { result["LANG"] = "C.UTF-8" }
        return result
    }
}
