import Foundation
import StorefrontFuzzing
import Testing
@testable import StorefrontSSH

extension SSHServerTests {
    /// Connections that go quiet at every stage of SSH, beside a real session, on a front with a
    /// 1 s handshake and a 2 s idle timeout: each is closed within its timeout, the front's places
    /// and this process's descriptors come back, and the real session is answered throughout.
    /// `storefront-bench fuzz ssh-idle --seconds N` runs the same cases for longer.
    @Suite(.serialized) struct SSHIdleFuzzTests {
        @Test func everyStallAtOnce() async throws {
            let (front, server) = try await SSHFrontUnderTest.start()
            let input = SSHStall.allCases.map { $0 == .garbage ? "garbage 474554202f20485454502f312e310d0a0d0a" : $0.rawValue }
                .joined(separator: "\n")
            let problem = await FuzzTarget.sshIdle(front: front).check(input)
            await server.drain()
            #expect(problem == nil, "\(problem ?? "")")
        }

        @Test func seededMixes() async throws {
            let (front, server) = try await SSHFrontUnderTest.start()
            let report = await FuzzRunner.run(.sshIdle(front: front), seed: 20_261_124, cases: 2, seconds: 30, slowLimit: .seconds(40))
            await server.drain()
            #expect(report.failures.isEmpty, "\(report.summary)")
            #expect(report.tried > 0)
        }
    }
}
