import AppCore
import ConcurrencyExtras
import CustomDump
import IssueReporting
import Testing

/// A store for tests that is as strict as the Composable Architecture's:
///
/// - `await send(action) { $0.field = value }` runs the reducer and fails, with a diff, unless the
///   closure describes the state change exactly;
/// - every action an effect sends must be asserted, in order, with `await receive(...)`;
/// - `await finish()` (or the store going away) fails if an effect is still running or a received
///   action was not asserted.
///
/// Reducers run synchronously on the main actor; effects run as tasks the store tracks, through
/// the same `EffectRunner` as the app's `Store`. While the store lives, every task runs on the main
/// serial executor (swift-concurrency-extras' `withMainSerialExecutor`): jobs run one at a time in
/// the order they were enqueued, so effects start, sleep on a test clock and send their actions in
/// the same order on every run, however loaded the machine. Failures are reported with
/// IssueReporting, which records them in XCTest or Swift Testing, whichever is running.
@MainActor
public final class TestStore<State: Equatable & Sendable, Action: Equatable & Sendable> {
    public typealias Reducer = @MainActor (inout State, Action) -> Effect<Action>

    /// The state as asserted so far.
    public private(set) var state: State
    /// How long `receive` and `finish` wait for effects (real time; only a failing test waits it out).
    public var timeout: Duration

    private var reducedState: State
    private let reducer: Reducer
    private var runner: EffectRunner<Action>!
    private var received: [(action: Action, state: State)] = []
    private var waiters: [CheckedContinuation<Void, Never>] = []
    private var isFinished = false
    /// Whether tasks ran on the main serial executor before this store: restored when it finishes.
    private let serialExecutorBefore: Bool
    /// Where the store was made and who reported issues there: a deinit runs without the test's
    /// task-local context, so it reports through these.
    private let origin: (reporters: [any IssueReporter], swiftTesting: Bool, fileID: StaticString, filePath: StaticString,
                         line: UInt, column: UInt)

    public init(initialState: State, timeout: Duration = .seconds(1), reducer: @escaping Reducer,
                fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column) {
        self.origin = (IssueReporters.current, Test.current != nil, fileID, filePath, line, column)
        self.state = initialState
        self.reducedState = initialState
        self.reducer = reducer
        self.timeout = timeout
        self.serialExecutorBefore = uncheckedUseMainSerialExecutor
        uncheckedUseMainSerialExecutor = true
        self.runner = EffectRunner(
            deliver: { [weak self] action in self?.deliver(action) },
            onIdle: { [weak self] in self?.wakeWaiters() }
        )
    }

    /// A store dropped without `finish()` still fails for what it left behind (without waiting).
    isolated deinit {
        guard !isFinished else { return }
        uncheckedUseMainSerialExecutor = serialExecutorBefore
        withIssueReporters(origin.reporters) {
            reportUnfinishedWork(underSwiftTesting: origin.swiftTesting, fileID: origin.fileID, filePath: origin.filePath,
                                 line: origin.line, column: origin.column)
        }
        runner.cancelAll()
    }

    /// Actions effects have sent that are not asserted yet.
    public var unreceivedActions: [Action] { received.map(\.action) }

    /// Sends `action` as the buyer would and asserts the state change it makes.
    public func send(
        _ action: Action,
        assert updateExpectedState: ((inout State) throws -> Void)? = nil,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) async {
        if !received.isEmpty {
            TestFailure.report("""
                Must handle \(received.count) received action(s) before sending an action:

                \(Self.list(received.map(\.action)))
                Sent: \(Self.summary(action))
                """, fileID: fileID, filePath: filePath, line: line, column: column)
        }
        // Earlier failures may have left unasserted changes: continue from what really happened.
        let previous = reducedState
        let effect = reducer(&reducedState, action)
        let after = reducedState
        runner.start(effect, origin: action)
        expect(updateExpectedState, from: previous, actual: after, action: action,
               fileID: fileID, filePath: filePath, line: line, column: column)
        state = after
        // On the serial executor, one yield runs the effects just started up to their first
        // suspension (a sleep on the test clock, a call into a fake) before the test goes on.
        await Task.yield()
    }

    /// Asserts that the next action an effect sent is `expected`, and the state change it made.
    public func receive(
        _ expected: Action,
        timeout: Duration? = nil,
        assert updateExpectedState: ((inout State) throws -> Void)? = nil,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) async {
        await receive(description: Self.summary(expected), timeout: timeout, matching: { actual in
            guard actual != expected else { return nil }
            return """
                Received an unexpected action: \u{2212} expected, + received

                \(diff(expected, actual, format: .proportional) ?? String(customDumping: actual))
                """
        }, assert: updateExpectedState, fileID: fileID, filePath: filePath, line: line, column: column)
    }

    /// Asserts that the next action an effect sent satisfies `matches` (for actions whose payload the
    /// test cannot spell out, such as an error from a fake), and the state change it made.
    public func receive(
        where matches: @escaping (Action) -> Bool,
        timeout: Duration? = nil,
        assert updateExpectedState: ((inout State) throws -> Void)? = nil,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) async {
        await receive(description: "an action matching the predicate", timeout: timeout, matching: { actual in
            matches(actual) ? nil : "Received an action that does not match the predicate:\n\n\(Self.summary(actual))"
        }, assert: updateExpectedState, fileID: fileID, filePath: filePath, line: line, column: column)
    }

    /// Waits for every effect to end, then fails for any action received but not asserted.
    /// Effects still running after `timeout` fail the test and are cancelled.
    public func finish(
        timeout: Duration? = nil,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) async {
        let deadline = ContinuousClock.now.advanced(by: timeout ?? self.timeout)
        while !runner.isIdle, await waitForChange(until: deadline) {}
        reportUnfinishedWork(fileID: fileID, filePath: filePath, line: line, column: column)
        runner.cancelAll()
        isFinished = true
        uncheckedUseMainSerialExecutor = serialExecutorBefore
    }

    /// Drops the actions received but not asserted, taking the state they led to as asserted.
    public func skipReceivedActions() {
        if let last = received.last { state = last.state }
        received.removeAll()
    }

    /// Waits for every running effect to end, then drops what they sent, taking the state they led to
    /// as asserted: for tests about one outcome of several effects whose order is not fixed.
    public func skipReceivedActionsWhenEffectsEnd(timeout: Duration? = nil) async {
        let deadline = ContinuousClock.now.advanced(by: timeout ?? self.timeout)
        while !runner.isIdle, await waitForChange(until: deadline) {}
        skipReceivedActions()
    }

    /// Cancels every running effect (an open checkout stream, say) and waits until they have ended.
    public func cancelInFlightEffects() async {
        runner.cancelAll()
        let deadline = ContinuousClock.now.advanced(by: timeout)
        while !runner.isIdle, await waitForChange(until: deadline) {}
    }

    // MARK: - Internals

    private func deliver(_ action: Action) {
        let effect = reducer(&reducedState, action)
        received.append((action, reducedState))
        runner.start(effect, origin: action)
        wakeWaiters()
    }

    private func receive(
        description: String, timeout: Duration?, matching mismatch: (Action) -> String?,
        assert updateExpectedState: ((inout State) throws -> Void)?,
        fileID: StaticString, filePath: StaticString, line: UInt, column: UInt
    ) async {
        let deadline = ContinuousClock.now.advanced(by: timeout ?? self.timeout)
        while received.isEmpty, !runner.isIdle, await waitForChange(until: deadline) {}
        guard !received.isEmpty else {
            let running = runner.isIdle ? "No effect is running." : "Effects still running, started by:\n\n\(Self.list(runner.running.map(\.origin)))"
            TestFailure.report("Expected to receive \(description), but received none. \(running)",
                        fileID: fileID, filePath: filePath, line: line, column: column)
            return
        }
        let (action, after) = received.removeFirst()
        if let message = mismatch(action) {
            TestFailure.report(message, fileID: fileID, filePath: filePath, line: line, column: column)
        }
        expect(updateExpectedState, from: state, actual: after, action: action,
               fileID: fileID, filePath: filePath, line: line, column: column)
        state = after
        await Task.yield()
    }

    private func expect(
        _ updateExpectedState: ((inout State) throws -> Void)?, from previous: State, actual: State, action: Action,
        fileID: StaticString, filePath: StaticString, line: UInt, column: UInt
    ) {
        var expected = previous
        do {
            try updateExpectedState?(&expected)
        } catch {
            TestFailure.report("The assertion closure threw: \(error)", fileID: fileID, filePath: filePath, line: line, column: column)
            return
        }
        if expected == actual {
            if updateExpectedState != nil, actual == previous {
                TestFailure.report("""
                    Expected the state to change, but \(Self.summary(action)) changed nothing. \
                    Omit the closure when no change is expected.
                    """, fileID: fileID, filePath: filePath, line: line, column: column)
            }
            return
        }
        let difference = diff(expected, actual, format: .proportional) ?? "(no printable difference)"
        TestFailure.report("""
            The state after \(Self.summary(action)) does not match the expectation: \
            \u{2212} expected, + actual

            \(difference)
            """, fileID: fileID, filePath: filePath, line: line, column: column)
    }

    private func reportUnfinishedWork(underSwiftTesting: Bool = Test.current != nil,
                                      fileID: StaticString, filePath: StaticString, line: UInt, column: UInt) {
        if !received.isEmpty {
            TestFailure.report("""
                \(received.count) received action(s) were not asserted:

                \(Self.list(received.map(\.action)))
                """, underSwiftTesting: underSwiftTesting, fileID: fileID, filePath: filePath, line: line, column: column)
        }
        if !runner.isIdle {
            TestFailure.report("""
                \(runner.running.count) effect(s) are still running, started by:

                \(Self.list(runner.running.map(\.origin)))
                Make them finish (advance the clock, end the stream) or cancel them, and receive what they send.
                """, underSwiftTesting: underSwiftTesting, fileID: fileID, filePath: filePath, line: line, column: column)
        }
    }

    /// Waits until an action arrives, the effects go idle, or `deadline` passes (then returns false).
    private func waitForChange(until deadline: ContinuousClock.Instant) async -> Bool {
        guard ContinuousClock.now < deadline else { return false }
        let timer = Task { [weak self] in
            try? await Task.sleep(until: deadline, clock: .continuous)
            guard !Task.isCancelled else { return }
            self?.wakeWaiters()
        }
        await withCheckedContinuation { waiters.append($0) }
        timer.cancel()
        return ContinuousClock.now < deadline
    }

    private func wakeWaiters() {
        let waiting = waiters
        waiters.removeAll()
        for waiter in waiting { waiter.resume() }
    }

    private static func list(_ actions: [Action]) -> String {
        actions.map { "  • " + summary($0).replacingOccurrences(of: "\n", with: "\n    ") }.joined(separator: "\n")
    }

    /// An action as CustomDump prints it, cut short: responses can carry whole pages of products.
    static func summary(_ action: Action, lines: Int = 5) -> String {
        let dumped = String(customDumping: action).split(separator: "\n", omittingEmptySubsequences: false)
        guard dumped.count > lines else { return dumped.joined(separator: "\n") }
        return (dumped.prefix(lines) + ["  … (\(dumped.count - lines) more lines)"]).joined(separator: "\n")
    }
}
