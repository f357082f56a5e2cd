public enum AboutAction: Hashable, Sendable {
    /// i: the page opens, at its top.
    case open
    /// Scrolls by `delta` lines, at most to `limit` (the page's last line at the bottom).
    case scroll(by: Int, limit: Int)
}

/// "About the shop": the page is the shop's own words (its description and policies, in the state
/// since start); the reducer only scrolls it.
struct AboutReducer: Reducer {
    func reduce(into state: inout AboutState?, action: AboutAction) -> Effect<AboutAction> {
        switch action {
        case .open:
            return .none
        case .scroll(let delta, let limit):
            guard let offset = state?.offset else { return .none }
            state?.offset = min(max(offset + delta, 0), max(limit, 0))
            return .none
        }
    }
}
