/// What stops the SSH server from starting or a session from opening, in words for the operator.
public enum SSHServerError: Error, Hashable, Sendable, CustomStringConvertible {
    case hostKey(String)
    case spawn(String)

    public var description: String {
        switch self {
        case .hostKey(let message), .spawn(let message): return message
        }
    }
}
