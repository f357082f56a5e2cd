import Foundation

/// The kit's preload cache: one slot, keyed by checkout URL, valid for five minutes from when the
/// load started. The sheet clears it on any configuration change, any HTTP status >= 400, any
/// failure, a completion, and a cancel when the entry did not come from `preload`.
struct PreloadCache<Entry: Hashable & Sendable>: Sendable {
    static var lifetime: TimeInterval { 5 * 60 }

    struct Slot: Hashable, Sendable {
        var url: String
        var entry: Entry
        var createdAt: Date
        /// True when the app asked for it with `preload`; false when `present` loaded it.
        var preloaded: Bool
    }

    private(set) var slot: Slot?

    /// The slot for `url`, when it holds that URL and is younger than `lifetime`.
    func entry(for url: String, now: Date) -> Slot? {
        guard let slot, slot.url == url, now.timeIntervalSince(slot.createdAt) < Self.lifetime,
              now >= slot.createdAt else { return nil }
        return slot
    }

    /// Puts `entry` in the slot; returns what it replaced.
    @discardableResult
    mutating func store(url: String, entry: Entry, at now: Date, preloaded: Bool) -> Entry? {
        let old = slot?.entry
        slot = Slot(url: url, entry: entry, createdAt: now, preloaded: preloaded)
        return old == entry ? nil : old
    }

    /// Empties the slot; returns what it held.
    @discardableResult
    mutating func clear() -> Entry? {
        defer { slot = nil }
        return slot?.entry
    }

    /// Cancel clears the slot only if the app never preloaded it.
    @discardableResult
    mutating func canceled() -> Entry? {
        guard let slot, !slot.preloaded else { return nil }
        return clear()
    }

    func holds(_ entry: Entry) -> Bool { slot?.entry == entry }
}
