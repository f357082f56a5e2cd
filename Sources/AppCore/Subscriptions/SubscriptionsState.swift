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
