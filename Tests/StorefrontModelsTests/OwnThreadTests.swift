import Dispatch
import Foundation
import Synchronization
import Testing
@testable import StorefrontModels

/// Work on a thread of its own lets go of what it holds when it returns, on its thread, before
/// that thread's own data is torn down.
struct OwnThreadTests {
    /// Says, when freed, which thread freed it and whether that thread's data was being torn down.
    final class Held: Sendable {
        let freed: @Sendable (_ thread: pthread_t, _ tornDown: Bool) -> Void
        init(freed: @escaping @Sendable (pthread_t, Bool) -> Void) { self.freed = freed }
        deinit { freed(pthread_self(), OwnThreadTests.tearingDown.withLock { $0.contains(UInt(pthread_self())) }) }
    }

    /// Threads whose thread-specific data is being destroyed.
    static let tearingDown = Mutex<Set<UInt>>([])

    struct Seen { var ran: pthread_t?; var name = ""; var freed: pthread_t?; var tornDown = false }

    @Test func whatTheWorkHoldsIsFreedOnItsThreadBeforeTheThreadEnds() async throws {
        var key = pthread_key_t()
        #expect(pthread_key_create(&key, { _ in
            _ = OwnThreadTests.tearingDown.withLock { $0.insert(UInt(pthread_self())) }
        }) == 0)
        defer { pthread_key_delete(key) }
        let threadKey = key
        let seen = Mutex(Seen())
        let go = DispatchSemaphore(value: 0), done = DispatchSemaphore(value: 0)
        do {
            let held = Held { thread, tornDown in
                seen.withLock { $0.freed = thread; $0.tornDown = tornDown }
                done.signal()
            }
            OwnThread.start(name: "own-thread-test") { [held] in
                // Data of the thread's own, so that its teardown is noticed.
                pthread_setspecific(threadKey, UnsafeRawPointer(bitPattern: 1))
                // Until the test has let go of its reference: the work's is then the last.
                go.wait()
                let name = (try? String(contentsOfFile: "/proc/thread-self/comm", encoding: .utf8)) ?? ""
                seen.withLock { $0.ran = pthread_self(); $0.name = name.trimmingCharacters(in: .newlines) }
                _ = held
            }
        }
        go.signal()
        #expect(await Task.detached { done.wait(timeout: .now() + 10) }.value == .success)
        let result = seen.withLock { $0 }
        let ran = try #require(result.ran)
        #expect(result.freed.map { pthread_equal($0, ran) != 0 } == true, "freed on the work's thread")
        #expect(!result.tornDown, "freed before the thread's data was torn down")
        #expect(result.name == "own-thread-test")
    }
}
