import Clocks
import CustomerAccount
import Determinism
import Foundation
import Testing

struct TokenManagerTests {
    let server = FakeAccountServer()
    let directory = temporaryStateDirectory()
    let clock = TestClock()
    var store: TokenStore { TokenStore(directory: directory) }
    var manager: TokenManager { TokenManager(store: store, client: AccountServerClient(transport: server), now: testDates(clock).closure) }

    @Test func aTokenWithMoreThanAMinuteLeftIsUsedAsItIs() async throws {
        try store.save(makeSession(expiresAt: testDates(clock).now.addingTimeInterval(61)))
        #expect(try await manager.accessToken().rawValue == "access-1")
        #expect(server.requests.isEmpty)
    }

    @Test func aTokenIsRefreshedWhenLessThanAMinuteIsLeft() async throws {
        try store.save(makeSession(expiresAt: testDates(clock).now.addingTimeInterval(3600)))
        server.answerTokens(FakeAccountServer.tokens(access: "access-2", refresh: "refresh-2", expiresIn: 3600))
        let manager = manager
        await clock.advance(by: .seconds(3600 - 59))
        let session = try await manager.validSession()
        #expect(session.accessToken.rawValue == "access-2")
        #expect(session.refreshToken?.rawValue == "refresh-2")
        #expect(session.expiresAt == testDates(clock).now.addingTimeInterval(3600))
        #expect(server.forms(to: "/account/oauth/token") == [
            ["grant_type": "refresh_token", "client_id": "storefront-cli", "refresh_token": "refresh-1"],
        ])
        // Saved: the next run starts from the new tokens.
        #expect(try store.load()?.accessToken.rawValue == "access-2")
        #expect(try await manager.accessToken().rawValue == "access-2")
        #expect(server.forms(to: "/account/oauth/token").count == 1)
    }

    @Test func aServerThatDoesNotRotateKeepsTheRefreshToken() async throws {
        try store.save(makeSession(expiresAt: testDates(clock).now))
        server.answerTokens(FakeAccountServer.tokens(access: "access-2", refresh: nil))
        #expect(try await manager.validSession().refreshToken?.rawValue == "refresh-1")
    }

    @Test func callersAtTheSameTimeShareOneRefresh() async throws {
        try store.save(makeSession(expiresAt: testDates(clock).now))
        server.answerTokens(FakeAccountServer.tokens(access: "access-2", refresh: "refresh-2"))
        let manager = manager
        let tokens = try await withThrowingTaskGroup(of: String.self) { group in
            for _ in 0..<8 { group.addTask { try await manager.accessToken().rawValue } }
            return try await group.reduce(into: [String]()) { $0.append($1) }
        }
        #expect(tokens == Array(repeating: "access-2", count: 8))
        #expect(server.forms(to: "/account/oauth/token").count == 1)
    }

    @Test func aRevokedRefreshTokenAsksForANewLoginAndDeletesTheTokens() async throws {
        try store.save(makeSession(expiresAt: testDates(clock).now.addingTimeInterval(30)))
        server.answerTokens(FakeAccountServer.oauthError("invalid_grant", description: "refresh token revoked"))
        await #expect(throws: AccountError.loginRequired(reason: "refresh token revoked")) { try await manager.accessToken() }
        #expect(try store.load() == nil)
        await #expect(throws: AccountError.notLoggedIn) { try await manager.accessToken() }
    }

    @Test func anUnreachableServerLeavesAStillValidTokenInUse() async throws {
        try store.save(makeSession(expiresAt: testDates(clock).now.addingTimeInterval(30)))
        server.setUnreachable(true)
        #expect(try await manager.accessToken().rawValue == "access-1")
        await clock.advance(by: .seconds(30))
        await #expect(throws: AccountError.transport("the connection was refused")) { try await manager.accessToken() }
        // Nothing is lost: the refresh can be tried again when the server is back.
        #expect(try store.load()?.refreshToken?.rawValue == "refresh-1")
    }

    @Test func withoutRefreshTokenAnExpiredSessionEnds() async throws {
        try store.save(makeSession(refresh: nil, expiresAt: testDates(clock).now))
        await #expect(throws: AccountError.loginRequired(reason: "the access token expired and there is no refresh token")) {
            try await manager.accessToken()
        }
        #expect(try store.load() == nil)
    }

    @Test func logoutRevokesEndsTheSessionAndDeletesTheTokens() async throws {
        try store.save(makeSession(expiresAt: testDates(clock).now.addingTimeInterval(3600)))
        let result = try await manager.logout()
        #expect(result.wasLoggedIn && result.problems.isEmpty)
        #expect(server.forms(to: "/account/oauth/revoke") == [
            ["token": "refresh-1", "token_type_hint": "refresh_token", "client_id": "storefront-cli"],
            ["token": "access-1", "token_type_hint": "access_token", "client_id": "storefront-cli"],
        ])
        #expect(server.forms(to: "/account/logout") == [["client_id": "storefront-cli", "id_token_hint": "id-1"]])
        #expect(!FileManager.default.fileExists(atPath: store.fileURL.path))
    }

    @Test func logoutDeletesTheTokensEvenWhenTheServerIsDown() async throws {
        try store.save(makeSession(expiresAt: testDates(clock).now.addingTimeInterval(3600)))
        server.setUnreachable(true)
        let result = try await manager.logout()
        #expect(result.wasLoggedIn && result.notified.isEmpty && result.problems.count == 2)
        #expect(!FileManager.default.fileExists(atPath: store.fileURL.path))
        let again = try await manager.logout()
        #expect(!again.wasLoggedIn)
    }
}
