import Foundation
import NIOConcurrencyHelpers
import Testing
@testable import StorefrontSSH
#if canImport(Glibc)
import Glibc
#endif

extension SSHServerTests {
    /// Sessions start on several event-loop threads at once: each child must get its own terminal.
    /// (With the suites that count descriptors: these open ptys.)
    @Suite struct SessionProcessTests {
        /// The pts number behind a pty master (TIOCGPTN), as the path its slave has.
        private func slavePath(ofMaster master: CInt) -> String? {
            var number: CUnsignedInt = 0
            guard ioctl(master, 0x8004_5430, &number) == 0 else { return nil }
            return "/dev/pts/\(number)"
        }

        /// What a child wrote on its terminal within `seconds`, read from the master.
        private func read(_ master: CInt, seconds: Int32) -> String {
            var bytes: [UInt8] = []
            var buffer = [UInt8](repeating: 0, count: 4096)
            var descriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
            while !bytes.contains(0x0A), poll(&descriptor, 1, seconds * 1000) > 0 {
                let count = Glibc.read(master, &buffer, buffer.count)
                guard count > 0 else { break }
                bytes += buffer[..<count]
            }
            return String(decoding: bytes, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        }

        @Test func theNameLookupIsRightOnManyThreadsAtOnce() throws {
            // ttyname's static buffer, shared by every thread, answered here with another thread's terminal.
            let pairs = try (0..<4).map { _ -> (master: CInt, slave: CInt) in
                var master: CInt = -1, slave: CInt = -1
                try #require(openpty(&master, &slave, nil, nil, nil) == 0)
                return (master, slave)
            }
            defer { pairs.forEach { close($0.master); close($0.slave) } }
            let expected = pairs.map { slavePath(ofMaster: $0.master) }
            let wrong = NIOLockedValueBox(0)
            DispatchQueue.concurrentPerform(iterations: 8) { index in
                let pair = pairs[index % pairs.count], want = expected[index % pairs.count]
                var mistakes = 0
                for _ in 0..<5_000 where SessionProcess.terminalName(pair.slave) != want { mistakes += 1 }
                wrong.withLockedValue { $0 += mistakes }
            }
            #expect(wrong.withLockedValue { $0 } == 0)
        }

        @Test func childrenStartedAtOnceEachWriteOnTheirOwnTerminal() async throws {
            let spawned = NIOLockedValueBox<[SessionProcess]>([])
            let failures = NIOLockedValueBox(0)
            DispatchQueue.concurrentPerform(iterations: 24) { _ in
                do {
                    let process = try SessionProcess.spawn(executable: "/bin/sh", arguments: ["-c", "tty; sleep 2"],
                                                           environment: ["PATH": "/usr/bin:/bin"], size: TerminalSize(columns: 80, rows: 24))
                    spawned.withLockedValue { $0.append(process) }
                } catch {
                    failures.withLockedValue { $0 += 1 }
                }
            }
            let processes = spawned.withLockedValue { $0 }
            defer {
                for process in processes {
                    process.signal(SIGKILL)
                    process.reap { _ in }
                    close(process.master)
                }
            }
            #expect(failures.withLockedValue { $0 } == 0)
            for process in processes {
                #expect(read(process.master, seconds: 10) == slavePath(ofMaster: process.master), "pid \(process.pid)")
            }
        }
    }
}
