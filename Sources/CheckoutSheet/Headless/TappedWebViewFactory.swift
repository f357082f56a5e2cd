/// Wraps a web view factory so every signal its views send can be watched on the way to the sheet
/// (to record the bridge messages of a run as a replay file, or to check them in tests).
package struct TappedWebViewFactory: CheckoutWebViewFactory {
    private let base: any CheckoutWebViewFactory
    private let tap: @Sendable (CheckoutWebSignal) -> Void

    package init(_ base: any CheckoutWebViewFactory, tap: @escaping @Sendable (CheckoutWebSignal) -> Void) {
        self.base = base
        self.tap = tap
    }

    package func makeWebView(signals: @escaping CheckoutWebSignalSink) async -> any CheckoutWebView {
        let tap = self.tap
        return await base.makeWebView { signal in
            tap(signal)
            await signals(signal)
        }
    }
}
