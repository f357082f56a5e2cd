import NIOConcurrencyHelpers

/// Counts the connections open, in all and per client address, and says why one more is refused.
/// Connections are counted from accept to close, so a handshake in progress takes its place too.
final class SessionRegistry: Sendable {
    private struct State {
        var total = 0
        var refused = 0
        var perAddress: [String: Int] = [:]
        var draining = false
    }

    private let limits: SessionLimits
    private let state = NIOLockedValueBox(State())

    init(limits: SessionLimits) { self.limits = limits }

    /// Takes a place for a connection from `address`, or returns the reason there is none.
    func admit(_ address: String) -> String? {
        state.withLockedValue { state in
            if state.draining { return "The shop is closing for now; please come back in a minute." }
            if state.total >= limits.maximumSessions {
                return "The shop is full (\(limits.maximumSessions) shoppers); please try again in a minute."
            }
            if state.perAddress[address, default: 0] >= limits.maximumPerAddress {
                return "Too many sessions from your address (\(limits.maximumPerAddress) at most); close one and try again."
            }
            state.total += 1
            state.perAddress[address, default: 0] += 1
            return nil
        }
    }

    /// Takes one of the few places for a refused connection to be told why; false: none is left,
    /// and the connection is to be closed at once.
    func holdRefused() -> Bool {
        state.withLockedValue { state in
            guard state.refused < limits.maximumRefused else { return false }
            state.refused += 1
            return true
        }
    }

    func releaseRefused() { state.withLockedValue { $0.refused = max(0, $0.refused - 1) } }

    var refusedConnections: Int { state.withLockedValue { $0.refused } }

    func release(_ address: String) {
        state.withLockedValue { state in
            state.total = max(0, state.total - 1)
            let left = state.perAddress[address, default: 1] - 1
            state.perAddress[address] = left > 0 ? left : nil
        }
    }

    func startDraining() { state.withLockedValue { $0.draining = true } }

    var openConnections: Int { state.withLockedValue { $0.total } }
}
