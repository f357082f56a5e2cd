import Foundation
import Synchronization
import XCTest
@testable import TerminalUI
#if canImport(Glibc)
import Glibc
#endif

/// The input monitor on a real pseudo-terminal: when the other end closes (an SSH session that
/// ended, a terminal window closed), it says the terminal hung up once, instead of reporting input
/// that never comes for ever (which kept an orphaned session busy at full CPU).
final class InputMonitorTests: XCTestCase {
    func testAClosedTerminalIsAHangupNotEndlessInput() throws {
        var master: Int32 = -1, slave: Int32 = -1
        XCTAssertEqual(openpty(&master, &slave, nil, nil, nil), 0)
        _ = fcntl(slave, F_SETFL, fcntl(slave, F_GETFL) | O_NONBLOCK)
        defer { close(slave) }

        let events = Mutex<[InputMonitor.Event]>([])
        let hungUp = expectation(description: "hangup")
        let holder = Mutex<InputMonitor?>(nil)
        let monitor = InputMonitor(descriptor: slave) { event in
            events.withLock { $0.append(event) }
            switch event {
            case .hangup: hungUp.fulfill()
            // The app's loop reads what is pending (nothing is), then acknowledges.
            case .input: holder.withLock { $0?.acknowledge() }
            }
        }
        holder.withLock { $0 = monitor }
        monitor.start()
        close(master)
        wait(for: [hungUp], timeout: 5)
        monitor.stop()
        let inputs = events.withLock { $0.filter { if case .input = $0 { true } else { false } }.count }
        XCTAssertLessThan(inputs, 5, "a closed terminal reported input \(inputs) times")
    }
}
