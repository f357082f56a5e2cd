import CustomerAccount
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing

struct LoopbackListenerTests {
    @Test func itListensOnLoopbackOnAPortTheSystemPicks() throws {
        let listener = try LoopbackListener.start()
        defer { listener.close() }
        #expect(listener.port > 0)
        #expect(listener.redirectURI.absoluteString == "http://127.0.0.1:\(listener.port)/callback")
    }

    @Test func aPortInUseIsAClearError() throws {
        let first = try LoopbackListener.start()
        defer { first.close() }
        #expect(throws: AccountError.self) { try LoopbackListener.start(port: first.port) }
    }

    @Test func closingEndsTheWait() async throws {
        let listener = try LoopbackListener.start()
        let wait = Task { try await listener.waitForRedirect() }
        listener.close()
        await #expect(throws: AccountError.cancelled) { try await wait.value }
    }

    @Test func cancellingEndsTheWait() async throws {
        let listener = try LoopbackListener.start()
        let wait = Task { try await listener.waitForRedirect() }
        wait.cancel()
        await #expect(throws: AccountError.cancelled) { try await wait.value }
    }

    @Test func onlyAGetOfTheCallbackEndsTheWait() async throws {
        let listener = try LoopbackListener.start()
        defer { listener.close() }
        let wait = Task { try await listener.waitForRedirect() }
        var post = URLRequest(url: URL(string: "http://127.0.0.1:\(listener.port)/callback?code=x&state=y")!)
        post.httpMethod = "POST"
        let (_, postResponse) = try await URLSession.shared.data(for: post)
        #expect((postResponse as? HTTPURLResponse)?.statusCode == 400)
        let (_, response) = try await URLSession.shared.data(from: URL(string: "http://127.0.0.1:\(listener.port)/callback?code=x&state=y")!)
        #expect((response as? HTTPURLResponse)?.statusCode == 200)
        #expect(try await wait.value.absoluteString == "http://127.0.0.1:\(listener.port)/callback?code=x&state=y")
    }

    @Test func otherPathsAreNotFoundAndTheWaitGoesOn() async throws {
        let listener = try LoopbackListener.start()
        defer { listener.close() }
        let wait = Task { try await listener.waitForRedirect() }
        let (_, favicon) = try await URLSession.shared.data(from: URL(string: "http://127.0.0.1:\(listener.port)/favicon.ico")!)
        #expect((favicon as? HTTPURLResponse)?.statusCode == 404)
        let (_, callback) = try await URLSession.shared.data(from: URL(string: "http://127.0.0.1:\(listener.port)/callback?code=z")!)
        #expect((callback as? HTTPURLResponse)?.statusCode == 200)
        #expect(try await wait.value.query == "code=z")
    }

    @Test func aRedirectBeforeTheWaitIsKeptAndASecondOneIsRefused() async throws {
        let listener = try LoopbackListener.start()
        defer { listener.close() }
        let (_, first) = try await URLSession.shared.data(from: URL(string: "http://127.0.0.1:\(listener.port)/callback?code=1")!)
        #expect((first as? HTTPURLResponse)?.statusCode == 200)
        let (_, second) = try await URLSession.shared.data(from: URL(string: "http://127.0.0.1:\(listener.port)/callback?code=2")!)
        #expect((second as? HTTPURLResponse)?.statusCode == 410)
        #expect(try await listener.waitForRedirect().query == "code=1")
    }
}
