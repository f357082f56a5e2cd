import Foundation

/// The date now, as everything that stamps or compares dates reads it (carts, orders, tokens, the
/// checkout's events). A run reads the system's; tests and headless runs read dates that follow a
/// clock, so time moves only when the clock does: swift-clocks' `TestClock` when told
/// (`advance(by:)`), its `ImmediateClock` with every sleep.
public struct DateSource: Sendable {
    private let read: @Sendable () -> Date

    public init(_ read: @escaping @Sendable () -> Date) { self.read = read }

    /// The system's date.
    public static let system = DateSource { Date() }

    /// `start` at the clock's current instant, then on by exactly as much as the clock moves.
    public static func following<C: Clock>(_ clock: C, from start: Date) -> DateSource where C.Duration == Duration {
        following(clock, from: start, at: clock.now)
    }

    /// `start` at the clock's instant `origin`, and as far from it as the clock is from `origin`:
    /// every source made this way from one clock reads the same date, whenever it was made.
    public static func following<C: Clock>(_ clock: C, from start: Date, at origin: C.Instant) -> DateSource
        where C.Duration == Duration {
        DateSource { start.addingTimeInterval(Self.seconds(origin.duration(to: clock.now))) }
    }

    public var now: Date { read() }

    /// The source as the closure the storefront's, the checkout's and the app's initialisers take.
    public var closure: @Sendable () -> Date { read }

    static func seconds(_ duration: Duration) -> TimeInterval {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }
}
