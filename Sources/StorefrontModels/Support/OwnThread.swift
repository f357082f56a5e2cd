import Dispatch
#if canImport(Glibc)
import Glibc
#endif

/// A thread of its own for work that blocks (reading a catalog file, waiting for a child, reading a
/// terminal), where Swift's few cooperative threads must not wait.
///
/// Not Foundation's `Thread`: it keeps its closure, and so everything the closure holds, until the
/// thread's own data is torn down as the thread exits. An object freed that late (a catalog read on
/// such a thread, with the storefront that held it) ran its deinitializers in the middle of that
/// teardown, with the thread's per-thread state (libdispatch's among it) being freed around them,
/// and glibc found its heap corrupted moments later ("malloc_consolidate(): unaligned fastbin chunk
/// detected"). Here the closure is released as soon as it returns, on its thread, like any other
/// function's locals.
public enum OwnThread {
    /// Runs `body` on a new detached thread named `name` (at most 15 bytes are kept). When no
    /// thread can be made, `body` runs on a new thread of dispatch's global pool instead (never on a
    /// cooperative thread of Swift's).
    public static func start(name: String, stackSize: Int = 0, _ body: @escaping @Sendable () -> Void) {
        let box = Unmanaged.passRetained(Work(name: name, body: body)).toOpaque()
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
        if stackSize > 0 { pthread_attr_setstacksize(&attributes, max(stackSize, Int(PTHREAD_STACK_MIN))) }
        var thread = pthread_t()
        let made = pthread_create(&thread, &attributes, { context in
            let work = Unmanaged<Work>.fromOpaque(context!).takeRetainedValue()
            work.run()
            return nil
        }, box)
        if made != 0 { Unmanaged<Work>.fromOpaque(box).takeRetainedValue().runElsewhere() }
    }

    /// glibc's pthread_setname_np, a GNU extension the Glibc module does not import.
    private typealias SetName = @convention(c) (pthread_t, UnsafePointer<CChar>) -> CInt
    private static let setName: SetName? = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "pthread_setname_np")
        .map { unsafeBitCast($0, to: SetName.self) }

    private final class Work: Sendable {
        let name: String
        let body: @Sendable () -> Void
        init(name: String, body: @escaping @Sendable () -> Void) { self.name = name; self.body = body }

        func run() {
            _ = OwnThread.setName?(pthread_self(), String(name.utf8.prefix(15)) ?? "")
            body()
        }

        func runElsewhere() {
            let body = body
            DispatchQueue.global().async { body() }
        }
    }
}
