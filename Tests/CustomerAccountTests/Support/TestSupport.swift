import Clocks
import CustomerAccount
import Determinism
import Foundation
import Storefront
import Synchronization

/// A fresh state directory under the temporary directory.
func temporaryStateDirectory() -> URL {
    FileManager.default.temporaryDirectory.appendingPathComponent("customer-account-\(UUID().uuidString)")
}

/// The dates on `clock`: 2027-01-15T08:00:00Z until it is advanced.
func testDates(_ clock: TestClock<Duration>) -> DateSource {
    .following(clock, from: Date(timeIntervalSince1970: 1_800_000_000), at: TestClock.Instant())
}

/// Random bytes counting up from a seed: deterministic, but each call differs.
func countingRandom(seed: UInt8 = 0) -> RandomSource {
    let counter = Mutex(seed)
    return RandomSource { count in
        (0..<count).map { _ in counter.withLock { value in defer { value &+= 1 }; return value } }
    }
}

/// A saved session that expires `expiresIn` seconds after `now`.
func makeSession(access: String = "access-1", refresh: String? = "refresh-1", expiresAt: Date) -> CustomerSession {
    CustomerSession(accessToken: SecretToken(access), refreshToken: refresh.map(SecretToken.init), idToken: SecretToken("id-1"),
                    expiresAt: expiresAt, scope: AuthorizationRequest.defaultScope, clientId: "storefront-cli",
                    server: FakeAccountServer.metadata,
                    customer: Customer(id: "gid://shopify/Customer/7", email: "jane@example.com", firstName: "Jane", lastName: "Doe"))
}
