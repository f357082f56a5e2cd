import Foundation
import Synchronization
import UserConfig

/// `config.toml`, read once per process (`ConfigFile.location`): what it says, and what was wrong
/// with it, said once on stderr. Commands that serve a shop (`serve`) do not read it.
public enum SettingsFile {
    public static let loaded: ConfigFile = {
        let (file, problems) = ConfigFile.load(environment: ProcessInfo.processInfo.environment)
        for problem in problems { warn(problem.description) }
        return file
    }()

    /// Says `message` on stderr, once per process however many times the settings are asked for.
    public static func warn(_ message: String) {
        guard said.withLock({ $0.insert(message).inserted }) else { return }
        FileHandle.standardError.write(Data("storefront: \(message)\n".utf8))
    }

    private static let said = Mutex<Set<String>>([])

    /// Whether nothing has been said on stderr so far (the file read without a problem).
    public static var saidNothing: Bool { said.withLock { $0.isEmpty } }

    /// The file's `colours = false` as the environment's `NO_COLOR=1`, which the terminal UI and
    /// the pictures already follow. A `NO_COLOR` of the environment's own is left as it is.
    public static func applyColours(_ settings: Settings) {
        let environment = ProcessInfo.processInfo.environment
        if !settings.colours, (environment["NO_COLOR"] ?? "").isEmpty { setenv("NO_COLOR", "1", 1) }
    }
}
