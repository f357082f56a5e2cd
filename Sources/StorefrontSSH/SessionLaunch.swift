import AppCore

/// What a session asks for when the shopper's shell or exec request arrives.
public struct SessionStart: Sendable {
    public var identity: ShopperIdentity
    /// The screen named on the ssh command line, if any.
    public var link: DeepLink?
    /// TERM and the accepted client variables (COLORTERM, NO_COLOR, LANG, LC_*).
    public var environment: [String: String]
}

/// How to run one shopper's storefront: the program, its arguments and its whole environment.
public struct SessionLaunch: Sendable {
    public var executable: String
    public var arguments: [String]
    public var environment: [String: String]
    /// A line shown once before the storefront starts (it stays on the terminal after it ends).
    public var notice: String?
    /// Runs after the process is reaped (removes the session's private directory).
    public var cleanup: @Sendable () -> Void

    public init(executable: String, arguments: [String], environment: [String: String], notice: String? = nil,
                cleanup: @escaping @Sendable () -> Void = {}) {
        self.executable = executable; self.arguments = arguments; self.environment = environment
        self.notice = notice; self.cleanup = cleanup
    }
}

/// Prepares a session: may ask the account server who a key belongs to, so it is async.
public typealias SessionLauncher = @Sendable (SessionStart) async throws -> SessionLaunch
