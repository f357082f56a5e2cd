import Synchronization
@testable import CheckoutSheet

/// Web views that say exactly what a test tells them to: each load plays the signals `script`
/// returns for it; `emit` sends more at any time. Everything they receive is recorded.
actor FakeWebView: CheckoutWebView {
    private let sink: CheckoutWebSignalSink
    private let script: @Sendable (CheckoutWebRequest) -> [CheckoutWebSignal]
    private(set) var requests: [CheckoutWebRequest] = []
    private(set) var hostMessages: [String] = []
    private(set) var inputs: [CheckoutPageInput] = []
    private(set) var stopped = false

    init(sink: @escaping CheckoutWebSignalSink, script: @escaping @Sendable (CheckoutWebRequest) -> [CheckoutWebSignal]) {
        self.sink = sink
        self.script = script
    }

    func load(_ request: CheckoutWebRequest) async {
        requests.append(request)
        for signal in script(request) { await emit(signal) }
    }

    func post(hostMessage: String) async { hostMessages.append(hostMessage) }
    func handle(_ input: CheckoutPageInput) async { inputs.append(input) }
    func stop() async { stopped = true }

    func emit(_ signal: CheckoutWebSignal) async {
        guard !stopped else { return }
        await sink(signal)
    }
}

final class FakeWebViews: CheckoutWebViewFactory {
    private let made = Mutex<[FakeWebView]>([])
    private let script: @Sendable (CheckoutWebRequest) -> [CheckoutWebSignal]

    init(script: @escaping @Sendable (CheckoutWebRequest) -> [CheckoutWebSignal] = { _ in FakeWebViews.ready }) {
        self.script = script
    }

    func makeWebView(signals: @escaping CheckoutWebSignalSink) async -> any CheckoutWebView {
        let view = FakeWebView(sink: signals, script: script)
        made.withLock { $0.append(view) }
        return view
    }

    var views: [FakeWebView] { made.withLock { $0 } }

    static let contactPage = CheckoutPage(step: .contact, progress: 1)
    /// A load that works: 200 and the first step.
    static let ready: [CheckoutWebSignal] = [.response(url: "https://aurora.example/c", statusCode: 200), .page(contactPage)]
}
