import NIOConcurrencyHelpers

/// Counts the connections open, in all and per client address, and says why one more is refused.
/// Connections are counted from accept to close, so a handshake in progress takes its place too.
final class SessionRegistry: Sendable {
    private struct State {
        var total = 0
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

    func release(_ address: String) {
        state.withLockedValue { state in
            state.total -= 1
            let left = state.perAddress[address, default: 1] - 1
            state.perAddress[address] = left > 0 ? left : nil
        }
    }

    func startDraining() { state.withLockedValue { $0.draining = true } }

    var openConnections: Int { state.withLockedValue { $0.total } }
}
