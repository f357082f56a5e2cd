import Dispatch
import Foundation

/// Makes SIGTERM and SIGINT always stop the process: the server's own handlers start a graceful
/// shutdown (requests in flight are answered); if that has not finished `grace` later, because
/// some work does not stop, the process exits anyway with status 1 and says why on stderr.
public final class ShutdownDeadline: @unchecked Sendable {
    private var sources: [any DispatchSourceSignal] = []
    private let queue = DispatchQueue(label: "storefront.shutdown-deadline")

    public init(grace: Duration, signals: [Int32] = [SIGTERM, SIGINT]) {
        let seconds = Double(grace.components.seconds) + Double(grace.components.attoseconds) / 1e18
        for number in signals {
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            source.setEventHandler { [queue] in
                queue.asyncAfter(deadline: .now() + seconds) {
                    FileHandle.standardError.write(Data("storefront: still busy \(grace) after the signal to stop; exiting now\n".utf8))
                    exit(1)
                }
            }
            source.resume()
            sources.append(source)
        }
    }
}
