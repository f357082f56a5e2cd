import CheckoutSheet
import Foundation
import Testing

/// Replay input read from a file line by line, exactly as from standard input.
struct ReplayInputTests {
    func replay(_ bytes: [UInt8]) throws -> [String] {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("replay-\(UUID().uuidString).jsonl")
        try Data(bytes).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let descriptor = open(url.path, O_RDONLY)
        defer { close(descriptor) }
        var reader = ReplayLineReader(descriptor: descriptor)
        var replay = CheckoutReplay()
        var output: [String] = []
        while let line = try reader.next() { output += replay.feed(line).output }
        return output
    }

    @Test func aLineThatIsNotUTF8GetsAnErrorAndTheReplayGoesOn() throws {
        let good = Array(#"{"name":"checkoutBlockingEvent","body":"true"}"#.utf8)
        let bad = Array(#"{"name":"error","body":"x"#.utf8) + [0xFF] + Array(#""}"#.utf8)
        let output = try replay(bad + [0x0A] + Array(#"{"name":"completed","body":"{\"orderDetails\":{\"id\":\"7\"}}"}"#.utf8) + [0x0A] + good)
        #expect(output.first == #"{"event":"error","line":1,"message":"not UTF-8 (invalid byte at offset 25)"}"#)
        #expect(output.count == 2)
        #expect(output[1].hasPrefix(#"{"event":"complete","orderId":"7""#))
    }

    @Test func aLastLineWithoutANewlineIsRead() throws {
        let output = try replay(Array("not json\nalso not".utf8))
        #expect(output.count == 2)
        #expect(output[1].hasPrefix(#"{"event":"error","line":2,"#))
    }

    @Test func manyEscapesParseInLinearTime() throws {
        let body = String(repeating: #"\\u0041"#, count: 400_000)
        let line = #"{"name":"error","body":"\#(body)"}"#
        let clock = ContinuousClock()
        let start = clock.now
        _ = try replay(Array(line.utf8))
        // Linear, this takes about 2 s in a debug build on a busy machine; quadratic, 400,000 escapes
        // would take many minutes. The bound sits far from both, so a busy machine does not fail it
        // and a quadratic parser does.
        #expect(start.duration(to: clock.now) < .seconds(30))
    }
}
