import CAllocator
import Foundation
import Synchronization

/// Gives memory back after a burst. glibc's allocator keeps what a burst of requests freed in its
/// arenas (a load test left ~330 MB held and ~6 MB in use), so the process stays as large as its
/// busiest moment. One watcher per process (however many servers it runs) looks every second: once
/// no server has a request in flight and the allocator holds more than `threshold` free, it hands
/// the free pages back to the system, and then waits for the next burst before it looks again
/// (reading the allocator's figures and trimming lock its arenas: neither runs while requests do).
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

    /// Arenas a server's allocator may make. glibc makes up to eight per core, one for each thread
    /// that finds the others busy, and each keeps its own free pages and its own fragments between
    /// live blocks; with few, fewer such fragments stay behind after a burst (see the README).
    public static let arenas = 2

    /// Limits the allocator to `arenas` arenas, unless `MALLOC_ARENA_MAX` already says how many
    /// (glibc reads it itself). Called once, first thing, by a process that serves.
    @discardableResult
    public static func limitArenas(_ count: Int = arenas, environment: [String: String] = ProcessInfo.processInfo.environment) -> Bool {
        guard limitsArenas(count, environment: environment) else { return false }
        return storefront_allocator_limit_arenas(Int32(clamping: count)) == 1
    }

    /// Whether `limitArenas` sets a limit: not when the environment already gives one.
    static func limitsArenas(_ count: Int, environment: [String: String]) -> Bool {
        environment["MALLOC_ARENA_MAX"] == nil && count > 0
    }

    /// Runs `body` with the watcher holding off, so a measurement of resident memory sees only what
    /// `body` does.
    public static func holdingOff<T>(_ body: () throws -> T) rethrows -> T {
        state.withLock { $0.paused += 1 }
        defer { state.withLock { $0.paused -= 1 } }
        return try body()
    }

    private struct State {
        var servers: [UUID: @Sendable () -> Bool] = [:]
        var watcher: Task<Void, Never>?
        var paused = 0
    }
    private static let state = Mutex(State())

    /// Counts a server's requests in flight until the returned handle is cancelled.
    static func watch(busy: @escaping @Sendable () -> Bool) -> Task<Void, Never> {
        let id = UUID()
        state.withLock { state in
            state.servers[id] = busy
            if state.watcher == nil { state.watcher = Task.detached(priority: .background) { await loop() } }
        }
        return Task {
            await withTaskCancellationHandler {
                while !Task.isCancelled { try? await Task.sleep(for: .seconds(3600)) }
            } onCancel: {
                state.withLock { state in
                    state.servers[id] = nil
                    if state.servers.isEmpty { state.watcher?.cancel(); state.watcher = nil }
                }
            }
        }
    }

    /// Idle seconds after work during which the watcher still looks: what a burst holds can be
    /// freed a little after its last request (a connection closing, a cache entry let go).
    static let idleLook = 15

    private static func loop() async {
        // A trim is worth looking for only after work: not again and again in an idle process.
        var looksLeft = idleLook
        while !Task.isCancelled {
            try? await Task.sleep(for: .seconds(1))
            let busy = state.withLock { $0.servers.values.contains { $0() } }
            if busy { looksLeft = idleLook; continue }
            guard looksLeft > 0 else { continue }
            looksLeft -= 1
            let paused = state.withLock { $0.paused > 0 }
            if trimIfIdle(busy: paused) { looksLeft = 0 }
        }
    }
}
