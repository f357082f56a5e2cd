import Foundation
import Storefront

/// "Your subscriptions", on its screen's own state where it sits on the stack: the customer's
/// contracts, the one selected, a cancellation waiting for its yes, a change waiting for its proof.
public struct SubscriptionsState: Hashable, Sendable {
    /// A change the shop accepted, until the list read again shows it.
    public struct Pending: Hashable, Sendable {
        public var request: SubscriptionRequest
        public var subscription: CustomerSubscription

        public init(request: SubscriptionRequest, subscription: CustomerSubscription) {
            self.request = request; self.subscription = subscription
        }
    }

    public var selectedIndex = 0
    public var firstVisibleIndex = 0
    /// The customer's subscriptions, oldest first; nil until loaded.
    public var subscriptions: [CustomerSubscription]?
    public var isLoading = false
    /// The subscription asked about ("Cancel …? y/n"), by id.
    public var confirmingCancel: String?
    /// A change sent and not yet shown by the list.
    public var pending: Pending?
    /// What the last change did, once the list shows it ("Paused …").
    public var notice: String?

    public init(subscriptions: [CustomerSubscription]? = nil, selectedIndex: Int = 0, isLoading: Bool = false,
                confirmingCancel: String? = nil, notice: String? = nil) {
        self.subscriptions = subscriptions; self.selectedIndex = selectedIndex; self.isLoading = isLoading
        self.confirmingCancel = confirmingCancel; self.notice = notice
    }

    public var selected: CustomerSubscription? {
        guard let subscriptions, subscriptions.indices.contains(selectedIndex) else { return nil }
        return subscriptions[selectedIndex]
    }

    /// The subscription a cancellation is asked about.
    public var cancelling: CustomerSubscription? {
        confirmingCancel.flatMap { id in subscriptions?.first { $0.id == id } }
    }
}

public enum SubscriptionsAction: Hashable, Sendable {
    /// `s` on the account screen: the screen opens and reads the customer's subscriptions.
    case open
    /// `r`, or the customer signed in or out while the screen is on the stack: read them again.
    case reload
    /// `rows`: how many rows the list shows, so it scrolls by lines and stays full.
    case moveSelection(by: Int, rows: Int)
    /// Pauses the selected subscription when it is active, resumes it when paused.
    case togglePause
    /// Skips the selected subscription's next delivery.
    case skipNext
    /// Asks "Cancel …? y/n" about the selected subscription.
    case requestCancel
    case confirmCancel
    case dismissCancel
    /// Sends a change of one subscription, by id (the plain mode names it by its place in the list).
    case send(SubscriptionRequest, id: String)
    case subscriptionsResponse(Result<[CustomerSubscription], AppError>)
    case changeResponse(Result<SubscriptionRequestRefused?, AppError>)
    case delegate(Delegate)

    public typealias Delegate = CustomerScreenDelegate
}

/// "Your subscriptions": the signed-in customer's contracts, and pause / resume, skip the next
/// delivery and cancel (after a yes). A change counts as made only once the list read again
/// shows it; a refusal says why and what to do, and the list is read again to show where it stands.
/// It needs the account client and nothing else of the app, so a test runs it alone.
public struct SubscriptionsReducer: Reducer {
    let account: AccountClient?
    /// Whether a customer is signed in: read from the app.
    var isSignedIn = false

    public init(account: AccountClient?, isSignedIn: Bool) {
        self.account = account
        self.isSignedIn = isSignedIn
    }

    public func reduce(into screen: inout SubscriptionsState, action: SubscriptionsAction) -> Effect<SubscriptionsAction> {
        switch action {
        case .open, .reload:
            guard isSignedIn, let account else {
                screen = SubscriptionsState()
                return .cancel(id: .customerSubscriptions)
            }
            guard !screen.isLoading else { return .none }
            screen.isLoading = true
            return .run { send in
                await send(.subscriptionsResponse(await Result.capture { try await account.subscriptions() }))
            }
            .cancellable(id: .customerSubscriptions).cancellable(id: .customersOwn)
        case .moveSelection(let delta, let rows):
            let count = screen.subscriptions?.count ?? 0
            guard count > 0 else { return .none }
            screen.selectedIndex = min(max(screen.selectedIndex + delta, 0), count - 1)
            screen.firstVisibleIndex = ListScroll.first(selected: screen.selectedIndex, previous: screen.firstVisibleIndex,
                                                        total: count, rows: rows)
            screen.confirmingCancel = nil
            return .none
        case .togglePause:
            guard let selected = screen.selected else { return .none }
            return reduce(into: &screen, action: .send(selected.status == .paused ? .resume : .pause, id: selected.id))
        case .skipNext:
            guard let selected = screen.selected else { return .none }
            return reduce(into: &screen, action: .send(.skip, id: selected.id))
        case .requestCancel:
            // The question takes the notice's place; the last change's line is not shown again after it.
            screen.confirmingCancel = screen.selected?.id
            screen.notice = nil
            return .none
        case .confirmCancel:
            guard let subscription = screen.cancelling else { return .none }
            screen.confirmingCancel = nil
            return reduce(into: &screen, action: .send(.cancel, id: subscription.id))
        case .dismissCancel:
            screen.confirmingCancel = nil
            return .none
        case .send(let request, let id):
            guard let account, isSignedIn,
                  let subscription = screen.subscriptions?.first(where: { $0.id == id }) else { return .none }
            // One request at a time: a change waits for the list being read, the next change (and a
            // reload, whose list could predate it) for the proof of this one.
            guard screen.pending == nil, !screen.isLoading else { return .none }
            screen.isLoading = true
            screen.pending = SubscriptionsState.Pending(request: request, subscription: subscription)
            screen.notice = nil
            return .run { send in
                await send(.changeResponse(await Result.capture { try await account.changeSubscription(subscription, request) }))
            }
            .cancellable(id: .customerSubscriptions).cancellable(id: .customersOwn)
        case .changeResponse(.success(nil)):
            // Accepted: the list read again proves it (or not).
            screen.isLoading = false
            return reduce(into: &screen, action: .reload)
        case .changeResponse(.success(let refused?)):
            guard let pending = screen.pending else { return .none }
            screen.pending = nil
            screen.isLoading = false
            let message = "The shop refused to \(Self.verb(pending.request)) \(pending.subscription.item): "
                + Self.sentence(refused.message) + " " + Self.hint(pending, refused)
            return .merge(.send(.delegate(.failed(AppError(message: message)))), reduce(into: &screen, action: .reload))
        case .changeResponse(.failure(let error)):
            let pending = screen.pending
            screen.pending = nil
            screen.isLoading = false
            if let reason = error.loginRequired { return .send(.delegate(.sessionEnded(reason: reason))) }
            let what = pending.map { "\(Self.verb($0.request)) \($0.subscription.item)" } ?? "change the subscription"
            return .send(.delegate(.failed(AppError(message: "Could not \(what): \(error.message)"))))
        case .subscriptionsResponse(.success(let subscriptions)):
            screen.isLoading = false
            screen.subscriptions = subscriptions
            screen.selectedIndex = min(screen.selectedIndex, max(subscriptions.count - 1, 0))
            if screen.confirmingCancel != nil, screen.cancelling == nil { screen.confirmingCancel = nil }
            guard let pending = screen.pending else { return .none }
            screen.pending = nil
            let now = subscriptions.first { $0.id == pending.subscription.id }
            if let now, Self.shows(pending, now) {
                screen.notice = "\(pending.request.pastTense) \(now.item)."
                return .none
            }
            let seen = now.map { "still shows it \($0.status.rawValue)" } ?? "no longer lists it"
            return .send(.delegate(.failed(AppError(message:
                "The shop accepted the request to \(Self.verb(pending.request)) \(pending.subscription.item), but the list read "
                + "again \(seen). Read your subscriptions again in a moment."))))
        case .subscriptionsResponse(.failure(let error)):
            screen.isLoading = false
            screen.pending = nil
            if let reason = error.loginRequired { return .send(.delegate(.sessionEnded(reason: reason))) }
            return .send(.delegate(.failed(AppError(message: "Could not load your subscriptions: \(error.message)"))))
        case .delegate:
            return .none
        }
    }

    /// The list read again shows the change: the new status, or a next delivery moved on.
    static func shows(_ pending: SubscriptionsState.Pending, _ now: CustomerSubscription) -> Bool {
        switch pending.request {
        case .pause: now.status == .paused
        case .resume: now.status == .active
        case .cancel: now.status == .cancelled
        case .skip:
            switch (pending.subscription.nextDelivery, now.nextDelivery) {
            case (let before?, let after?): after > before
            default: false
            }
        }
    }

    static func verb(_ request: SubscriptionRequest) -> String {
        switch request {
        case .pause: "pause"
        case .resume: "resume"
        case .skip: "skip the next delivery of"
        case .cancel: "cancel"
        }
    }

    /// What to do about a refusal, from what the subscription was when it was asked.
    static func hint(_ pending: SubscriptionsState.Pending, _ refused: SubscriptionRequestRefused) -> String {
        let status = pending.subscription.status
        if status == .cancelled || refused.code == "CONTRACT_TERMINATED" {
            return "A cancelled subscription stays cancelled: to receive it again, subscribe on its product page."
        }
        switch (pending.request, status) {
        case (.pause, .paused): return "It is already paused: resume it instead."
        case (.resume, .active): return "It is already active: pause it instead."
        case (.skip, _): return "Its next delivery is shown in the list; a later one cannot be skipped from here."
        default: return "The list is read again to show where it stands."
        }
    }

    private static func sentence(_ text: String) -> String {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard let last = trimmed.last else { return "no reason given." }
        return ".!?".contains(last) ? trimmed : trimmed + "."
    }
}

extension EffectID {
    /// The signed-in customer's subscriptions being read or changed.
    static let customerSubscriptions = EffectID("account.subscriptions")
}
