import Synchronization
@testable import CheckoutSheet

/// A delegate that writes down every call, in order, and answers `shouldRecoverFromError` as told
/// (nil: the default, `error.isRecoverable`).
final class RecordingDelegate: CheckoutDelegate {
    let calls = Mutex<[String]>([])
    let events = Mutex<[CheckoutEvent]>([])
    let recoverAnswer: Bool?

    init(recover: Bool? = nil) { recoverAnswer = recover }

    var recordedCalls: [String] { calls.withLock { $0 } }
    var recordedEvents: [CheckoutEvent] { events.withLock { $0 } }

    private func record(_ call: String, _ event: CheckoutEvent?) {
        calls.withLock { $0.append(call) }
        if let event { events.withLock { $0.append(event) } }
    }

    func checkoutDidComplete(event: CheckoutCompletedEvent) { record("complete", .completed(event)) }
    func checkoutDidCancel() { record("cancel", nil) }
    func checkoutDidCancel(afterCompletion: Bool) {
        record("cancel(afterCompletion: \(afterCompletion))", .canceled(afterCompletion: afterCompletion))
    }
    func checkoutDidFail(error: CheckoutError) { record("fail", .failed(error)) }
    func shouldRecoverFromError(error: CheckoutError) -> Bool {
        record("shouldRecover", nil)
        return recoverAnswer ?? error.isRecoverable
    }
    func checkoutDidClickLink(url: String) { record("link", .linkClicked(url: url)) }
    func checkoutDidEmitWebPixelEvent(event: PixelEvent) { record("pixel", .pixel(event)) }
    func checkoutDidStartRecovery() { record("recovery", .recoveryStarted) }
    func checkoutDidDismiss(afterCompletion: Bool) {
        record("dismiss(afterCompletion: \(afterCompletion))", .dismissed(afterCompletion: afterCompletion))
    }
}
