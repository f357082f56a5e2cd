import ArgumentParser
import CheckoutSheet
import Foundation
import StorefrontCommandLine

/// `storefront checkout replay FILE|-`: recorded bridge messages through the sheet's decoder and
/// lifecycle rules, printed as lifecycle events (JSON lines).
struct CheckoutReplayCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "replay",
        abstract: "Replay recorded checkout bridge messages and print the lifecycle events as JSON lines.",
        discussion: """
            Each input line is one message of Shopify's web checkout, in either protocol, found per \
            line: 8.1, {"name": NAME, "body": "<JSON text>"}, or 2025-10, a JSON-RPC 2.0 object \
            {"jsonrpc":"2.0","method":...} with the checkout.* or the ec.* method names (what \
            `checkout-demo --record` writes). The messages go through the same \
            decoder and lifecycle rules as the checkout sheet, as if a presented sheet received them. \
            A line that is not understood prints {"event":"error","line":N,"message":...} and the \
            replay goes on; messages the rules ignore are noted on standard error. Exit status: 0, \
            or 2 when the input cannot be read or any line was not understood.
            """)

    @Argument(help: "A file of checkout messages, one per line, or - for standard input.")
    var file: String

    @Option(help: "The checkout URL the messages came from (a multipass URL is never recovered).")
    var url: String = ""

    @Flag(help: "Do not print notes about ignored messages on standard error.")
    var quiet = false

    func run() async throws {
        try await reportingFailures(replayInput)
    }

    private func replayInput() throws {
        var replay = CheckoutReplay(checkoutURL: url)
        var failedLines = 0
        let handle = { (line: ReplayLineReader.Line) in
            let result = replay.feed(line)
            if !result.understood { failedLines += 1 }
            result.output.forEach { print($0) }
            if !quiet { for note in result.notes { FileHandle.standardError.write(Data("note: \(note)\n".utf8)) } }
        }
        // A file and standard input are read by the same line reader: a bad line is reported
        // and the rest goes on either way.
        let descriptor: Int32
        if file == "-" {
            descriptor = FileHandle.standardInput.fileDescriptor
        } else {
            descriptor = open(file, O_RDONLY)
            guard descriptor >= 0 else {
                throw CommandFailure.input("cannot read \(file): \(String(cString: strerror(errno)))")
            }
        }
        defer { if file != "-" { close(descriptor) } }
        var reader = ReplayLineReader(descriptor: descriptor)
        do {
            while let line = try reader.next() { handle(line) }
        } catch {
            throw CommandFailure.input("cannot read \(file): \(error.localizedDescription)")
        }
        if failedLines > 0 { throw ExitCode(2) }
    }
}
