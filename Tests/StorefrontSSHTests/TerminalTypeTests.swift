import Foundation
import StorefrontFuzzing
import Testing
@testable import StorefrontSSH

extension SSHServerTests {
    /// The terminal type a client names in its pty-req is checked as the env request's TERM is:
    /// escape sequences or forged lines in it never reach the storefront (which prints TERM on exit).
    @Suite(.serialized) struct TerminalTypeTests {
        private func term(sentAs term: String) async throws -> String? {
            let shop = try await SSHTestShop()
            let client = try await shop.connect()
            let session = try await client.session()
            try await session.requestTerminal(term: term)
            try await session.shell()
            #expect(await eventually(within: 10) { !shop.starts.withLockedValue { $0 }.isEmpty })
            await client.close()
            return shop.starts.withLockedValue { $0 }.first?.environment["TERM"]
        }

        @Test func anOrdinaryTerminalTypeIsKept() async throws {
            #expect(try await term(sentAs: "xterm-256color") == "xterm-256color")
            #expect(try await term(sentAs: "screen.xterm-256color") == "screen.xterm-256color")
        }

        @Test(arguments: ["\u{1b}]0;owned\u{07}xterm", "xterm\r\nstorefront: your card was declined", "x term", String(repeating: "x", count: 300), ""])
        func aHostileTerminalTypeNeverReachesTheSession(_ hostile: String) async throws {
            let used = try await term(sentAs: hostile)
            #expect(used == ClientEnvironment.fallbackTerminal)
        }

        @Test func theNameCheckIsTheSameForBothRequests() {
            #expect(ClientEnvironment.accepts("TERM", "xterm-kitty"))
            #expect(!ClientEnvironment.accepts("TERM", "\u{1b}[2Jxterm"))
            #expect(!ClientEnvironment.accepts("TERM", "xterm; rm"))
            #expect(ClientEnvironment.terminalName("\u{9b}31mxterm") == nil)
        }
    }
}
