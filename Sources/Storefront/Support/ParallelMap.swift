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

    /// The result slots, shared by the iterations. Unchecked because a pointer is not Sendable,
    /// and safe because iteration i writes slot i only and nothing reads until all have finished.
    private struct Slots<T>: @unchecked Sendable {
        let base: UnsafeMutablePointer<Result<T, any Error>?>
    }
}
