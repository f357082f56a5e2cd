import Foundation
import Synchronization

/// The threads GraphQL execution runs on: one per core, each request's execution on one of them.
///
/// The GraphQL library runs every field of an object and every element of a list in a child task of
/// its own: hundreds for one product page. On the shared concurrent pool each of those is a hop to
/// whichever thread is free, with a wake-up and the request's objects moving between cores. With
/// the request's thread as its task executor, the children (which inherit it) run one after another
/// on the thread that made them, and requests still run side by side, one per thread. Nothing
/// blocks on these threads: a job that waits suspends, and the thread goes on with the next.
final class ExecutionThreads: Sendable {
    static let shared = ExecutionThreads(count: max(1, ProcessInfo.processInfo.activeProcessorCount))

    private let threads: [ExecutionThread]
    private let turn = Atomic<UInt>(0)

    init(count: Int) {
        threads = (0..<max(1, count)).map { _ in ExecutionThread() }
    }

    /// The thread the next request runs on, in turn.
    func next() -> ExecutionThread {
        threads[Int(turn.wrappingAdd(1, ordering: .relaxed).oldValue % UInt(threads.count))]
    }
}

/// One thread running the jobs given to it in the order they came.
final class ExecutionThread: TaskExecutor, @unchecked Sendable {
    // Guarded by `condition`.
    private var jobs: [UnownedJob] = []
    private let condition = NSCondition()

    init() {
        Thread { [self] in run() }.start()
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        condition.lock()
        jobs.append(job)
        condition.signal()
        condition.unlock()
    }

    private func run() {
        var batch: [UnownedJob] = []
        while true {
            condition.lock()
            while jobs.isEmpty { condition.wait() }
            swap(&batch, &jobs)
            condition.unlock()
            for job in batch { job.runSynchronously(on: asUnownedTaskExecutor()) }
            batch.removeAll(keepingCapacity: true)
        }
    }
}
