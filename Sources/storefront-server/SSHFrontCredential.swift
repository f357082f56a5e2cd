import Foundation

/// The secret an account server and its SSH front-ends share so a front-end may ask for a key's
/// customer session. `serve` makes a new one each run and keeps it in the process; a front-end in
/// another process (`serve --ssh-port --endpoint`) and the serve it fronts are given the same one
/// in `STOREFRONT_SSH_FRONT_CREDENTIAL`. It is never the Storefront access token, which is public.
enum SSHFrontCredential {
    static let variable = "STOREFRONT_SSH_FRONT_CREDENTIAL"

    /// The shared secret from the environment, when one of at least 16 characters is set.
    static func fromEnvironment(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        guard let value = environment[variable], value.count >= 16 else { return nil }
        return value
    }
}
