import Dispatch

/// Runs independent pieces of work on all cores and collects their results in order: loading a
/// large catalog builds products and sort orders this way.
enum ParallelMap {
    static func map<T: Sendable>(_ count: Int, _ transform: @Sendable (Int) throws -> T) rethrows -> [T] {
        guard count > 1 else { return try (0..<count).map(transform) }
        var results = [Result<T, any Error>?](repeating: nil, count: count)
        // concurrentPerform returns only when every iteration has, so the closure never escapes.
        withoutActuallyEscaping(transform) { transform in
            results.withUnsafeMutableBufferPointer { buffer in
                let slots = Slots(base: buffer.baseAddress!)
                DispatchQueue.concurrentPerform(iterations: count) { i in
                    slots.base[i] = Result { try transform(i) }
                }
            }
        }
        return try results.map { try $0!.get() }
    }

    /// `a()` and `b()` at the same time.
    static func both<A: Sendable, B: Sendable>(_ a: @Sendable () -> A, _ b: @Sendable () -> B) -> (A, B) {
        let results = map(2) { i -> (A?, B?) in i == 0 ? (a(), nil) : (nil, b()) }
        return (results[0].0!, results[1].1!)
    }

    /// An array of `count` elements made in runs on all cores, with nothing copied afterwards:
    /// `body(run, slots)` initializes the run's part of the array, `slots[0..<k]`, and returns
    /// `k` with whatever else it has to say. The array is made only if every run filled its part.
    static func fill<Element, Note: Sendable>(count: Int, runs: [Range<Int>],
                                              _ body: @Sendable (Range<Int>, UnsafeMutablePointer<Element>) -> (filled: Int, note: Note))
        -> (elements: [Element]?, notes: [Note]) {
        var notes: [Note] = []
        var complete = false
        let elements = [Element](unsafeUninitializedCapacity: count) { buffer, initialized in
            let slots = Slots(base: buffer.baseAddress ?? UnsafeMutablePointer<Element>.allocate(capacity: 0))
            let results = map(runs.count) { r in body(runs[r], slots.base + runs[r].lowerBound) }
            notes = results.map(\.note)
            complete = zip(runs, results).allSatisfy { $0.count == $1.filled }
            if complete {
                initialized = count
            } else {
                for (run, result) in zip(runs, results) { (slots.base + run.lowerBound).deinitialize(count: result.filled) }
                initialized = 0
            }
        }
        return (complete ? elements : nil, notes)
    }

    /// Where the iterations write, shared by them. Unchecked because a pointer is not Sendable,
    /// and safe because each iteration writes its own slots only and nothing reads until all have
    /// finished.
    private struct Slots<T>: @unchecked Sendable {
        let base: UnsafeMutablePointer<T>
    }
}
