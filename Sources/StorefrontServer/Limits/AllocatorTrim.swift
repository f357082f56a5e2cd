import CAllocator

/// Gives memory back after a burst. glibc's allocator keeps what a burst of requests freed in its
/// arenas (a load test left ~330 MB held and ~6 MB in use), so the process stays as large as its
/// busiest moment. When no request is being worked on and the allocator holds more than
/// `threshold` free, `trim` hands the free pages back to the system.
public enum AllocatorTrim {
    /// Free bytes worth a trim: below this the pages are more useful kept for the next request.
    public static let threshold = 16 << 20

    public struct Figures: Sendable, Equatable {
        public var freeBytes: Int
        public var usedBytes: Int
    }

    public static var figures: Figures {
        Figures(freeBytes: Int(clamping: storefront_allocator_free_bytes()), usedBytes: Int(clamping: storefront_allocator_used_bytes()))
    }

    /// Trims when idle (`busy` false) and the allocator holds more than `threshold` free; true when it trimmed.
    @discardableResult
    public static func trimIfIdle(busy: Bool, threshold: Int = threshold) -> Bool {
        guard !busy, figures.freeBytes > threshold else { return false }
        return storefront_allocator_trim() == 1
    }

    /// Checks every `interval` until cancelled.
    static func watch(every interval: Duration = .seconds(1), busy: @escaping @Sendable () -> Bool) async {
        while !Task.isCancelled {
            try? await Task.sleep(for: interval)
            trimIfIdle(busy: busy())
        }
    }
}
