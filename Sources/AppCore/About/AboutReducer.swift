import Storefront

public enum AboutAction: Hashable, Sendable {
    /// Scrolls by `delta` lines, at most to `limit` (the page's last line at the bottom).
    case scroll(by: Int, limit: Int)
    /// The first scroll of a page opened at a policy: from `line`, where that policy's title is.
    case scrollFrom(line: Int, by: Int, limit: Int)
    /// Shows a policy (its title at the top), or the page's top.
    case show(policy: ShopPolicy.Kind?)
}

/// "About the shop": the page is the shop's own words (its description and policies, in the state
/// since start); the reducer only scrolls it. It opens with `.navigation(.push(.about(AboutState())))`.
struct AboutReducer: Reducer {
    func reduce(into state: inout AboutState, action: AboutAction) -> Effect<AboutAction> {
        switch action {
        case .scroll(let delta, let limit):
            state.offset = min(max(state.offset + delta, 0), max(limit, 0))
            return .none
        case .scrollFrom(let line, let delta, let limit):
            state.policy = nil
            state.offset = line
            return reduce(into: &state, action: .scroll(by: delta, limit: limit))
        case .show(let policy):
            state.policy = policy
            state.offset = 0
            return .none
        }
    }
}
