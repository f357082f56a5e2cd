import Logging
import ServiceLifecycle
import UnixSignals

/// Runs `service` until it ends, a signal in `signals` arrives, or the calling task is cancelled;
/// cancelling shuts it down gracefully rather than tearing it down.
///
/// A server task that is simply cancelled can drop a connection it accepted but had not started
/// to serve, and SwiftNIO traps on that ("Deinited NIOAsyncWriter without calling finish()").
/// So the service runs in a task of its own that is never cancelled; cancellation of the caller
/// becomes a graceful shutdown: stop accepting, finish what is in flight, close.
public func runWithGracefulCancellation(_ service: some Service, signals: [UnixSignal] = [], logger: Logger) async throws {
    let group = ServiceGroup(configuration: .init(services: [service], gracefulShutdownSignals: signals, logger: logger))
    let running = Task { try await group.run() }
    try await withTaskCancellationHandler {
        try await running.value
    } onCancel: {
        Task { await group.triggerGracefulShutdown() }
    }
}
