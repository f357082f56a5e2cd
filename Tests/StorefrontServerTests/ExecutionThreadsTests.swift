import Foundation
@testable import StorefrontServer
import Testing

/// A request's execution, and every child task it starts, runs on the one thread it was given.
struct ExecutionThreadsTests {
    private static func currentThread() -> pthread_t { pthread_self() }

    @Test func childTasksRunOnTheThreadTheRequestWasGiven() async {
        let threads = ExecutionThreads(count: 2)
        var ran: [Set<pthread_t>] = []
        for _ in 0..<3 {
            let thread = threads.next()
            ran.append(await withTaskExecutorPreference(thread) {
                await withTaskGroup(of: [pthread_t].self) { group in
                    for _ in 0..<50 {
                        group.addTask {
                            // Nested children too, as the library's lists inside objects.
                            await withTaskGroup(of: pthread_t.self) { inner in
                                for _ in 0..<4 { inner.addTask { Self.currentThread() } }
                                var seen: [pthread_t] = []
                                for await one in inner { seen.append(one) }
                                return seen + [Self.currentThread()]
                            }
                        }
                    }
                    var seen = Set<pthread_t>()
                    for await batch in group { seen.formUnion(batch) }
                    return seen
                }
            })
        }
        #expect(ran.allSatisfy { $0.count == 1 }, "every child on one thread")
        #expect(ran[0] == ran[2] && ran[0] != ran[1], "the requests' threads in turn")
    }
}
