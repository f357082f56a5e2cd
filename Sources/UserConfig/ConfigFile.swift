import Foundation
import TOMLKit

/// What `config.toml` says: the shop a shopper uses every day and how the app looks. Every field is
/// optional: nil means the file says nothing about it (flags, the environment or the built-in
/// default decide).
///
///     shop = "aurora.myshopify.com"     # or endpoint = "https://…/api/2025-10/graphql.json"
///     token_env = "AURORA_TOKEN"        # or token = "…"
///     country = "NL"
///     colours = false                   # monochrome, as NO_COLOR=1 (default true)
///     pictures = false                  # no product pictures (default true)
public struct ConfigFile: Equatable, Sendable {
    public var shop: String?
    public var endpoint: String?
    public var token: String?
    /// The name of an environment variable holding the token (`token_env`).
    public var tokenVariable: String?
    /// An ISO 3166 alpha-2 code, upper-cased.
    public var country: String?
    public var colours: Bool?
    public var pictures: Bool?

    public init(shop: String? = nil, endpoint: String? = nil, token: String? = nil, tokenVariable: String? = nil,
                country: String? = nil, colours: Bool? = nil, pictures: Bool? = nil) {
        self.shop = shop; self.endpoint = endpoint; self.token = token; self.tokenVariable = tokenVariable
        self.country = country; self.colours = colours; self.pictures = pictures
    }

    /// The keys the file may have (`colors` is read as `colours`).
    public static let keys = ["shop", "endpoint", "token", "token_env", "country", "colours", "pictures"]

    /// `$XDG_CONFIG_HOME/storefront/config.toml`, else `~/.config/storefront/config.toml`; nil when
    /// neither variable gives an absolute directory. (A relative XDG_CONFIG_HOME is ignored, as the
    /// XDG Base Directory specification says.)
    public static func location(environment: [String: String]) -> URL? {
        let base: URL
        if let xdg = environment["XDG_CONFIG_HOME"], xdg.hasPrefix("/") {
            base = URL(fileURLWithPath: xdg, isDirectory: true)
        } else if let home = environment["HOME"], home.hasPrefix("/") {
            base = URL(fileURLWithPath: home, isDirectory: true).appendingPathComponent(".config", isDirectory: true)
        } else {
            return nil
        }
        return base.appendingPathComponent("storefront", isDirectory: true).appendingPathComponent("config.toml")
    }

    /// The file at `location(environment:)`. No file is no settings and no problem; a file that
    /// cannot be read or parsed is no settings and one problem.
    public static func load(environment: [String: String]) -> (file: ConfigFile, problems: [ConfigProblem]) {
        guard let url = location(environment: environment),
              FileManager.default.fileExists(atPath: url.path) else { return (ConfigFile(), []) }
        return load(contentsOf: url)
    }

    public static func load(contentsOf url: URL) -> (file: ConfigFile, problems: [ConfigProblem]) {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            return (ConfigFile(), [ConfigProblem(path: url.path, line: nil, message: "cannot be read; using the built-in settings")])
        }
        // More than any settings file needs: not read, rather than parsed at length.
        guard data.count <= maximumSize else {
            return (ConfigFile(), [ConfigProblem(path: url.path, line: nil,
                                                 message: "is larger than \(maximumSize / 1024) KB; using the built-in settings")])
        }
        guard let text = String(data: data, encoding: .utf8) else {
            return (ConfigFile(), [ConfigProblem(path: url.path, line: nil, message: "is not UTF-8 text; using the built-in settings")])
        }
        return parse(text, path: url.path)
    }

    public static let maximumSize = 64 * 1024

    /// The settings in `text`. A document that is not TOML gives no settings and one problem at
    /// the parser's line; a key the app does not know, or a value of the wrong kind, is left out
    /// and named.
    public static func parse(_ text: String, path: String) -> (file: ConfigFile, problems: [ConfigProblem]) {
        // toml++ reads a C string: a NUL would end the document early without a word.
        if let nul = text.firstIndex(of: "\0") {
            let line = text[..<nul].reduce(1) { $1 == "\n" ? $0 + 1 : $0 }
            return (ConfigFile(), [ConfigProblem(path: path, line: line, message: "contains a NUL character; using the built-in settings")])
        }
        let table: TOMLTable
        do {
            table = try TOMLTable(string: text)
        } catch let error as TOMLParseError {
            return (ConfigFile(), [ConfigProblem(path: path, line: error.source.begin.line,
                                                 message: "\(error.description); using the built-in settings")])
        } catch {
            return (ConfigFile(), [ConfigProblem(path: path, line: nil, message: "is not TOML; using the built-in settings")])
        }
        var file = ConfigFile()
        var problems: [ConfigProblem] = []
        func problem(_ key: String, _ message: String) {
            problems.append(ConfigProblem(path: path, line: Self.line(of: key, in: text), message: message))
        }
        func string(_ key: String, _ value: TOMLValueConvertible) -> String? {
            guard let string = value.string else { problem(key, "\(key) takes a string, not \(Self.kind(value.type)); ignored"); return nil }
            guard !string.trimmingCharacters(in: .whitespaces).isEmpty else { problem(key, "\(key) is empty; ignored"); return nil }
            return string
        }
        func toggle(_ key: String, _ value: TOMLValueConvertible) -> Bool? {
            if let bool = value.bool { return bool }
            switch value.string?.lowercased() {
            case "on", "yes": return true
            case "off", "no": return false
            default:
                problem(key, "\(key) takes true or false (or \"on\", \"off\"), not \(value.string.map { "\"\($0)\"" } ?? Self.kind(value.type)); ignored")
                return nil
            }
        }
        for key in table.keys.sorted(by: { (Self.line(of: $0, in: text) ?? 0) < (Self.line(of: $1, in: text) ?? 0) }) {
            guard let value = table[key] else { continue }
            switch key {
            case "shop": file.shop = string(key, value)
            case "endpoint": file.endpoint = string(key, value)
            case "token": file.token = string(key, value)
            case "token_env":
                guard let name = string(key, value) else { break }
                if Self.isVariableName(name) { file.tokenVariable = name } else {
                    problem(key, "token_env takes the name of an environment variable, such as STOREFRONT_TOKEN, not \"\(name)\"; ignored")
                }
            case "country":
                guard let text = string(key, value) else { break }
                if let code = Self.countryCode(text) { file.country = code } else {
                    problem(key, "country takes a two-letter country code such as US or JP, not \"\(text)\"; ignored")
                }
            case "colours", "colors": file.colours = toggle(key, value)
            case "pictures": file.pictures = toggle(key, value)
            default:
                problem(key, "unknown key \"\(key)\" (known: \(keys.joined(separator: ", "))); ignored")
            }
        }
        if file.shop != nil, file.endpoint != nil {
            problem("endpoint", "give shop or endpoint, not both; both ignored")
            file.shop = nil; file.endpoint = nil
        }
        if file.token != nil, file.tokenVariable != nil {
            problem("token_env", "give token or token_env, not both; token_env ignored")
            file.tokenVariable = nil
        }
        return (file, problems)
    }

    /// An ISO 3166 alpha-2 code, upper-cased, or nil for anything else.
    public static func countryCode(_ text: String) -> String? {
        let code = text.trimmingCharacters(in: .whitespacesAndNewlines).uppercased()
        return code.count == 2 && code.unicodeScalars.allSatisfy({ ("A"..."Z").contains($0) }) ? code : nil
    }

    static func isVariableName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, !("0"..."9").contains(first) else { return false }
        return name.unicodeScalars.allSatisfy { ("A"..."Z").contains($0) || ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "_" }
    }

    /// The line a top-level key (or a table of that name) is written on, for messages.
    static func line(of key: String, in text: String) -> Int? {
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let trimmed = line.drop(while: { $0 == " " || $0 == "\t" })
            for spelling in [key, "\"\(key)\"", "'\(key)'"] where trimmed.hasPrefix(spelling) {
                let rest = trimmed.dropFirst(spelling.count).drop(while: { $0 == " " || $0 == "\t" })
                if rest.hasPrefix("=") || rest.hasPrefix(".") { return index + 1 }
            }
            if trimmed.hasPrefix("[") {
                let name = trimmed.drop(while: { $0 == "[" }).prefix(while: { $0 != "]" && $0 != "." })
                if name.trimmingCharacters(in: .whitespaces) == key { return index + 1 }
            }
        }
        return nil
    }

    static func kind(_ type: TOMLType) -> String {
        switch type {
        case .table: return "a table"
        case .array: return "an array"
        case .string: return "a string"
        case .int: return "a number"
        case .double: return "a number"
        case .bool: return "true or false"
        case .date, .time, .dateTime: return "a date"
        }
    }
}

/// One thing wrong with the settings file, said as `path:line: message`.
public struct ConfigProblem: Equatable, Sendable, CustomStringConvertible {
    public let path: String
    public let line: Int?
    public let message: String

    public init(path: String, line: Int?, message: String) {
        self.path = path; self.line = line; self.message = message
    }

    public var description: String {
        "\(path)\(line.map { ":\($0)" } ?? ""): \(message)"
    }
}
