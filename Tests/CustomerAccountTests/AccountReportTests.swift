import Clocks
import CustomerAccount
import Determinism
import Foundation
import Synchronization
import Testing

struct AccountReportTests {
    @Test(arguments: [(0.0, "0 seconds"), (42, "42 seconds"), (60, "1 minute"), (3599, "59 minutes 59 seconds"),
                      (3600, "1 hour"), (3660, "1 hour 1 minute"), (3601, "1 hour"), (93_784, "1 day 2 hours")])
    func durations(seconds: Double, text: String) {
        #expect(AccountReport.duration(seconds) == text)
    }

    @Test func expiryIsRelativeAndAbsolute() {
        let now = Date(timeIntervalSince1970: 1_800_000_000)   // 2027-01-15 08:00:00 UTC
        #expect(AccountReport.expiry(now.addingTimeInterval(3540), now: now) == "expires in 59 minutes (2027-01-15 08:59:00 UTC)")
        #expect(AccountReport.expiry(now.addingTimeInterval(-180), now: now) == "expired 3 minutes ago (2027-01-15 07:57:00 UTC)")
    }

    @Test func whoamiSaysWhoUntilWhenAndWhere() {
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        let session = makeSession(access: "sh-SECRET", expiresAt: now.addingTimeInterval(3600))
        let lines = AccountReport.whoami(session, now: now)
        #expect(lines == [
            "Logged in as Jane Doe <jane@example.com>.",
            "Access token expires in 1 hour (2027-01-15 09:00:00 UTC).",
            "It is refreshed automatically when less than a minute is left.",
            "Account server: http://127.0.0.1:9/account",
        ])
        #expect(!lines.joined().contains("SECRET"))
    }

    @Test func whoamiRefreshesAnAlmostExpiredTokenAndSaysNobodyOtherwise() async throws {
        let server = FakeAccountServer()
        let clock = TestClock()
        let output = Mutex<[String]>([])
        let store = TokenStore(directory: temporaryStateDirectory())
        let commands = AccountCommands(tokenStore: store, client: AccountServerClient(transport: server), now: testDates(clock).closure,
                                       environment: [:], output: { line in output.withLock { $0.append(line) } })
        #expect(try await commands.whoami() == false)
        #expect(output.withLock { $0 } == ["Not logged in."])

        try store.save(makeSession(expiresAt: testDates(clock).now.addingTimeInterval(30)))
        server.answerTokens(FakeAccountServer.tokens(access: "access-2", expiresIn: 3600))
        #expect(try await commands.whoami())
        #expect(server.forms(to: "/account/oauth/token").first?["grant_type"] == "refresh_token")
        #expect(try store.load()?.accessToken.rawValue == "access-2")
        #expect(output.withLock { $0 }.last == "Account server: http://127.0.0.1:9/account")
    }
}
