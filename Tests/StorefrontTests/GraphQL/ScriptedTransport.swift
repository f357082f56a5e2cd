import Foundation
import Synchronization
@testable import Storefront

/// An `HTTPTransport` that answers from a script and records what was sent.
actor ScriptedTransport: HTTPTransport {
    enum Step {
        case respond(TransportResponse)
        case fail(TransportError)
    }

    private var steps: [Step]
    private(set) var requests: [TransportRequest] = []

    init(_ steps: [Step]) { self.steps = steps }

    func send(_ request: TransportRequest) async throws -> TransportResponse {
        requests.append(request)
        guard !steps.isEmpty else { throw TransportError(message: "script exhausted", requestSent: false) }
        switch steps.removeFirst() {
        case .respond(let response): return response
        case .fail(let error): throw error
        }
    }

    func append(_ step: Step) { steps.append(step) }

    /// The operation names of the requests sent so far.
    var operations: [String] {
        requests.compactMap { request in
            (try? JSONSerialization.jsonObject(with: request.body) as? [String: Any])?["operationName"] as? String
        }
    }

    /// The string variables of each request sent so far.
    var stringVariables: [[String: String]] {
        requests.map { request in
            let variables = (try? JSONSerialization.jsonObject(with: request.body) as? [String: Any])?["variables"] as? [String: Any]
            return (variables ?? [:]).compactMapValues { $0 as? String }
        }
    }
}

extension ScriptedTransport.Step {
    static func json(_ text: String, status: Int = 200, headers: [String: String] = [:]) -> Self {
        .respond(TransportResponse(status: status, headers: headers, body: Data(text.utf8)))
    }

    static func status(_ status: Int, body: String = "", headers: [String: String] = [:]) -> Self {
        .respond(TransportResponse(status: status, headers: headers, body: Data(body.utf8)))
    }

    static let throttled = json(#"{"errors":[{"message":"Throttled","extensions":{"code":"THROTTLED"}}]}"#)
    static let refused = fail(TransportError(message: "the connection was refused", requestSent: false))
    static let timedOut = fail(TransportError(message: "the request timed out", requestSent: true))
}

/// Records the waits a retry handler asks for instead of waiting.
actor SleepRecorder {
    private(set) var delays: [TimeInterval] = []
    func sleep(_ seconds: TimeInterval) { delays.append(seconds) }
}

extension RetryHandler {
    /// A handler that never waits and has no jitter (random is 0: the lower half of each wait).
    static func instant(_ recorder: SleepRecorder, attempts: Int = 3) -> RetryHandler {
        RetryHandler(endurance: .finite(attempts), random: { 0 }, sleep: { await recorder.sleep($0) })
    }
}

/// A value shared with synchronous callbacks.
final class Protected<Value: Sendable>: Sendable {
    private let storage: Mutex<Value>
    init(_ value: Value) { storage = Mutex(value) }
    var value: Value { storage.withLock { $0 } }
    func update(_ change: (inout Value) -> Void) { storage.withLock { change(&$0) } }
}
