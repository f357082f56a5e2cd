import Foundation
import StorefrontFuzzing
import Testing
@testable import StorefrontSSH

extension SSHServerTests {
    /// A session's private directory and its pty are released on every way a session can end.
    @Suite(.serialized) struct SessionCleanupTests {
        @Test func anExecThatDoesNotParseOnARunningShellLeavesNothingBehind() async throws {
            let shop = try await SSHTestShop()
            var baseline = 0
            // The first round warms up what the process opens once (event loop threads, the reaper).
            for round in 0..<11 {
                if round == 1 {
                    #expect(await eventually(within: 15) { shop.leftDirectories.isEmpty })
                    try await Task.sleep(for: .milliseconds(300))
                    baseline = openDescriptorCount()
                }
                let client = try await shop.connect()
                let session = try await shop.running(client)
                try await session.exec("cart; id")
                try await Task.sleep(for: .milliseconds(100))
                await client.close()
            }
            #expect(await eventually(within: 15) { shop.leftDirectories.isEmpty }, "left: \(shop.leftDirectories)")
            #expect(await eventually(within: 5) { openDescriptorCount() <= baseline }, "\(openDescriptorCount()) open, \(baseline) before")
        }

        @Test func aSecondShellOnTheSameChannelIsRefusedAndTheFirstGoesOn() async throws {
            let shop = try await SSHTestShop(program: "echo started; exec sleep 30")
            let client = try await shop.connect()
            let session = try await shop.running(client)
            try await session.shell()
            try await session.exec("cart")
            // One that does not parse changes nothing either: it is refused, not answered with an error that ends the shell.
            try await session.exec("cart; id")
            try await Task.sleep(for: .milliseconds(300))
            #expect(!session.closed)
            #expect(shop.starts.withLockedValue { $0.count } == 1)
            await client.close()
            #expect(await eventually(within: 15) { shop.leftDirectories.isEmpty })
        }

        @Test func theProgramEndingCleansUp() async throws {
            let shop = try await SSHTestShop(program: "echo bye")
            let client = try await shop.connect()
            let session = try await client.session()
            try await session.requestTerminal()
            try await session.shell()
            #expect(await eventually(within: 10) { session.closed })
            #expect(session.output.contains("bye"))
            #expect(await eventually(within: 5) { !shop.directories.withLockedValue { $0 }.isEmpty && shop.leftDirectories.isEmpty })
            await client.close()
        }

        @Test func theClientGoingAwayCleansUp() async throws {
            let shop = try await SSHTestShop()
            let client = try await shop.connect()
            let session = try await shop.running(client)
            await session.close()
            #expect(await eventually(within: 15) { shop.leftDirectories.isEmpty })
            await client.close()
        }

        @Test func anIdleSessionIsClosedAndCleanedUp() async throws {
            var limits = SessionLimits()
            limits.idleTimeout = 1
            let shop = try await SSHTestShop(limits: limits)
            let client = try await shop.connect()
            let session = try await shop.running(client)
            #expect(await eventually(within: 10) { session.closed })
            #expect(session.output.contains("without a key press"))
            #expect(await eventually(within: 5) { shop.leftDirectories.isEmpty })
            await client.close()
        }

        @Test func aDrainCleansUp() async throws {
            let shop = try await SSHTestShop()
            let client = try await shop.connect()
            _ = try await shop.running(client)
            await shop.server.drain()
            #expect(await eventually(within: 10) { shop.leftDirectories.isEmpty })
            await client.close()
        }
    }
}

extension SSHServerTests {
    /// Ctrl-C behind a paste the session has not read yet still stops it at once.
    @Suite struct InterruptTests {
        @Test func ctrlCBehindAnUnreadPasteIsDeliveredAtOnce() async throws {
            // A program that reads nothing, its terminal out of line mode as the storefront's is (in
            // line mode the terminal drops what overflows a line, so nothing would wait): the paste
            // fills the terminal and waits at the server.
            let shop = try await SSHTestShop(program: "stty -icanon; trap 'echo interrupted; exit 0' INT; sleep 30 & wait")
            let client = try await shop.connect()
            let session = try await shop.running(client)
            for _ in 0..<8 { try await session.send(String(repeating: "p", count: 32 << 10)) }
            let sent = ContinuousClock.now
            try await session.send("\u{03}")
            #expect(await eventually(within: 5) { session.output.contains("interrupted") })
            #expect(ContinuousClock.now - sent < .seconds(1))
            await client.close()
        }
    }
}
