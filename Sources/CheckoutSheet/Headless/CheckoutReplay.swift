/// `checkout replay`: recorded bridge messages (one per line) through the same decoder and lifecycle
/// rules as the sheet, as if a presented sheet had received them. Each line's protocol is found
/// from the line itself: a `{"name","body"}` object is 8.1, a JSON-RPC object is 2025-10 (either
/// spelling of its methods), and the closing rules follow the last protocol seen.
/// Events come out as JSON lines (`CheckoutEventLine`); a line that is not understood produces an
/// `error` line naming it, and the replay goes on. Messages the rules ignore (a second completion,
/// anything after the sheet is gone) produce notes.
package struct CheckoutReplay: Sendable {
    /// The checkout URL the messages belong to (decides whether a failure may be recovered: a
    /// multipass URL never is).
    package var checkoutURL: String
    private var lifecycle: CheckoutLifecycle
    private var lineNumber = 0

    package init(checkoutURL: String = "") {
        self.checkoutURL = checkoutURL
        lifecycle = CheckoutLifecycle(checkoutURL: checkoutURL, presented: true)
    }

    /// What one line produced.
    package struct Step: Hashable, Sendable {
        /// JSON lines to print.
        package var output: [String] = []
        /// Notes about messages the rules ignored (for standard error).
        package var notes: [String] = []
        /// False when the line was not understood (its output is an `error` line).
        package var understood = true
    }

    /// Feeds one line.
    package mutating func feed(_ line: String) -> Step {
        lineNumber += 1
        let text = line.hasSuffix("\r") ? String(line.dropLast()) : line
        guard !text.allSatisfy({ $0 == " " || $0 == "\t" }) else { return Step() }
        let message: BridgeMessage
        do {
            let decoded = try BridgeMessageDecoder.decodeDetectingProtocol(text)
            message = decoded.message
            lifecycle.protocolVersion = decoded.protocolVersion
        } catch {
            return Step(output: [CheckoutEventLine.error(line: lineNumber, message: error.description)], understood: false)
        }
        var output: [String] = []
        var notes: [String] = []
        if case .completed(_, let issues) = message, !issues.isEmpty {
            notes.append("line \(lineNumber): completed partly decoded: \(issues.joined(separator: "; "))")
        }
        var outcome = lifecycle.receive(message)
        while true {
            output += outcome.events.map(CheckoutEventLine.encode)
            notes += outcome.notes.map { "line \(lineNumber): \($0)" }
            // With no app to ask, a failure is recovered when the error says it is recoverable.
            guard let error = outcome.recoveryDecision else { break }
            outcome = lifecycle.resolveFailure(recover: error.isRecoverable)
        }
        return Step(output: output, notes: notes)
    }

    /// Feeds one line as read from the input: text that is not UTF-8, or a line the reader had to
    /// cut, gets an `error` line naming where, and the replay goes on with the next line.
    package mutating func feed(_ line: ReplayLineReader.Line) -> Step {
        if line.truncated {
            lineNumber += 1
            return Step(output: [CheckoutEventLine.error(
                line: lineNumber, message: "line longer than \(ReplayLineReader.maximumLineLength) bytes, skipped")], understood: false)
        }
        if let offset = Self.firstInvalidUTF8(in: line.bytes) {
            lineNumber += 1
            return Step(output: [CheckoutEventLine.error(line: lineNumber, message: "not UTF-8 (invalid byte at offset \(offset))")],
                        understood: false)
        }
        return feed(String(decoding: line.bytes, as: UTF8.self))
    }

    /// The 0-based offset of the first byte that does not belong to valid UTF-8, if any.
    static func firstInvalidUTF8(in bytes: [UInt8]) -> Int? {
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        var offset = 0
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let scalar): offset += scalar.count
            case .error: return offset
            case .emptyInput: return nil
            }
        }
    }

    /// Replays every line.
    package static func run(lines: some Sequence<String>, checkoutURL: String = "",
                           output: (String) -> Void, notes: (String) -> Void = { _ in }) {
        var replay = CheckoutReplay(checkoutURL: checkoutURL)
        for line in lines {
            let result = replay.feed(line)
            result.output.forEach(output)
            result.notes.forEach(notes)
        }
    }
}
