import Foundation

/// Opens the authorization URL in the customer's browser when this terminal has one: a graphical
/// session (`DISPLAY` or `WAYLAND_DISPLAY`) and `xdg-open` on the PATH. Over SSH there is none,
/// and the customer opens the printed URL elsewhere and pastes the redirect back.
public enum BrowserLauncher {
    public static func canOpen(environment: [String: String] = ProcessInfo.processInfo.environment) -> Bool {
        let graphical = [environment["DISPLAY"], environment["WAYLAND_DISPLAY"]].contains { !($0 ?? "").isEmpty }
        return graphical && xdgOpen(environment: environment) != nil
    }

    /// Starts `xdg-open URL` without waiting for it. False when it could not be started.
    @discardableResult
    public static func open(_ url: URL, environment: [String: String] = ProcessInfo.processInfo.environment) -> Bool {
        guard canOpen(environment: environment), let path = xdgOpen(environment: environment) else { return false }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = [url.absoluteString]
        // The browser's chatter must not mix with the prompt.
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        do { try process.run() } catch { return false }
        return true
    }

    static func xdgOpen(environment: [String: String]) -> String? {
        let directories = (environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin").split(separator: ":")
        return directories.map { "\($0)/xdg-open" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }
}
