import CustomerAccount
import Foundation
import Storefront

/// The OAuth 2.0 Device Authorization Grant (RFC 8628), for a shopper on a terminal without a
/// browser (an SSH session): the terminal gets a short user code and an address to open anywhere,
/// and polls the token endpoint while the shopper approves on another device.
///
/// Every request is kept for `lifetime` at most, and at most `maximumPending` at once: the store
/// cannot be grown by anyone who can reach the endpoint.
public actor DeviceAuthorizations {
    public static let grantType = "urn:ietf:params:oauth:grant-type:device_code"
    /// RFC 8628 §6.1: consonants only (no vowels spell no words), no look-alikes.
    static let alphabet = Array("BCDFGHJKLMNPQRSTVWXZ")

    public struct Configuration: Sendable {
        public var lifetime: TimeInterval = 600
        /// Seconds between polls (`interval`); polling faster is answered `slow_down`.
        public var interval = 5
        public var maximumPending = 1_000
        /// Wrong codes one client (address) may type within `guessWindow` seconds; past that its
        /// codes are not looked at until the window has passed (RFC 8628 §5.1).
        public var maximumWrongGuessesPerClient = 10
        public var guessWindow: TimeInterval = 600
        /// Wrong codes typed anywhere while a code waits; past that the code is spent and its
        /// terminal told to ask for a new one, so guesses spread over many addresses stay bounded.
        public var maximumWrongGuessesPerCode = 1_000
        public init() {}
    }

    /// What the device authorization endpoint answers (RFC 8628 §3.2).
    public struct Started: Hashable, Sendable, Codable {
        public var deviceCode: String
        public var userCode: String
        public var verificationURI: URL
        public var verificationURIComplete: URL
        public var expiresIn: Int
        public var interval: Int

        enum CodingKeys: String, CodingKey {
            case deviceCode = "device_code", userCode = "user_code", verificationURI = "verification_uri"
            case verificationURIComplete = "verification_uri_complete", expiresIn = "expires_in", interval
        }
    }

    /// A pending request as the verification page shows it.
    public struct Request: Hashable, Sendable {
        public var userCode: String
        public var clientId: String
    }

    enum Decision: Hashable { case pending, approved(Customer), denied, guessedAt }

    /// What a typed code names.
    public enum Lookup: Hashable, Sendable {
        case waiting(Request)
        /// No code waiting by that name: a wrong guess, counted.
        case unknown
        /// This client typed too many wrong codes; try again after this many seconds.
        case tooManyGuesses(retryAfter: Int)
    }

    private struct Pending {
        var userCode: String
        var clientId: String
        var scope: String
        var expiresAt: Date
        var interval: Int
        var lastPoll: Date?
        var decision: Decision
        var wrongGuessesSeen = 0
    }

    public let configuration: Configuration
    /// Where a shopper opens the verification page: on the address serve was told is public.
    public nonisolated let verificationURI: URL
    private let now: @Sendable () -> Date
    private var byDeviceCode: [String: Pending] = [:]
    private var deviceCodeByUserCode: [String: String] = [:]
    /// Wrong codes by client, when each was typed (within the guess window; at most
    /// `maximumWrongGuessesPerClient` each, for at most `maximumPending` × 10 clients).
    private var wrongGuesses: [String: [Date]] = [:]

    public init(verificationURI: URL, configuration: Configuration = Configuration(), now: @escaping @Sendable () -> Date = { Date() }) {
        self.verificationURI = verificationURI; self.configuration = configuration; self.now = now
    }

    /// A new request for `clientId`; nil when `maximumPending` requests are waiting already.
    public func start(clientId: String, scope: String) -> Started? {
        prune()
        guard byDeviceCode.count < configuration.maximumPending else { return nil }
        var generator = SystemRandomNumberGenerator()
        var userCode: String
        repeat {
            let letters = (0..<8).map { _ in Self.alphabet[Int.random(in: 0..<Self.alphabet.count, using: &generator)] }
            userCode = String(letters[0..<4]) + "-" + String(letters[4..<8])
        } while deviceCodeByUserCode[Self.normalized(userCode)] != nil
        let deviceCode = (0..<32).map { _ in String(format: "%02x", UInt8.random(in: 0...255, using: &generator)) }.joined()
        byDeviceCode[deviceCode] = Pending(userCode: userCode, clientId: clientId, scope: scope,
                                           expiresAt: now().addingTimeInterval(configuration.lifetime),
                                           interval: configuration.interval, lastPoll: nil, decision: .pending)
        deviceCodeByUserCode[Self.normalized(userCode)] = deviceCode
        var complete = URLComponents(url: verificationURI, resolvingAgainstBaseURL: false)
        complete?.queryItems = [URLQueryItem(name: "user_code", value: userCode)]
        return Started(deviceCode: deviceCode, userCode: userCode, verificationURI: verificationURI,
                       verificationURIComplete: complete?.url ?? verificationURI,
                       expiresIn: Int(configuration.lifetime), interval: configuration.interval)
    }

    /// The request a user code typed by `client` names, while it waits for a decision. A client
    /// past its wrong guesses is not answered about any code until its window has passed.
    public func request(userCode: String, from client: String = "") -> Lookup {
        prune()
        let time = now()
        let recent = (wrongGuesses[client] ?? []).filter { time.timeIntervalSince($0) < configuration.guessWindow }
        wrongGuesses[client] = recent.isEmpty ? nil : recent
        if recent.count >= configuration.maximumWrongGuessesPerClient, let first = recent.first {
            return .tooManyGuesses(retryAfter: max(1, Int((configuration.guessWindow - time.timeIntervalSince(first)).rounded(.up))))
        }
        if let device = deviceCodeByUserCode[Self.normalized(userCode)], let pending = byDeviceCode[device], pending.decision == .pending {
            return .waiting(Request(userCode: pending.userCode, clientId: pending.clientId))
        }
        if wrongGuesses.count < configuration.maximumPending * 10 || wrongGuesses[client] != nil {
            wrongGuesses[client, default: []].append(time)
        }
        for (device, pending) in byDeviceCode where pending.decision == .pending {
            byDeviceCode[device]?.wrongGuessesSeen += 1
            if pending.wrongGuessesSeen + 1 >= configuration.maximumWrongGuessesPerCode { byDeviceCode[device]?.decision = .guessedAt }
        }
        return .unknown
    }

    /// The shopper's answer on the verification page; false when the code names nothing waiting.
    public func decide(userCode: String, approvedFor customer: Customer?) -> Bool {
        prune()
        guard let device = deviceCodeByUserCode[Self.normalized(userCode)], byDeviceCode[device]?.decision == .pending else {
            return false
        }
        byDeviceCode[device]?.decision = customer.map { .approved($0) } ?? .denied
        return true
    }

    /// The terminal's poll (RFC 8628 §3.4, §3.5): the customer once approved (the device code is
    /// then spent), or the error to answer.
    public func poll(deviceCode: String, clientId: String) -> Result<(customer: Customer, scope: String), OAuthFailure> {
        guard var pending = byDeviceCode[deviceCode], pending.clientId == clientId else {
            return .failure(.invalidGrant("The device code is not known."))
        }
        let time = now()
        if time >= pending.expiresAt {
            forget(deviceCode)
            return .failure(OAuthFailure("expired_token", "The code expired before it was approved; ask for a new one."))
        }
        defer { if byDeviceCode[deviceCode] != nil { byDeviceCode[deviceCode] = pending } }
        switch pending.decision {
        case .approved(let customer):
            forget(deviceCode)
            return .success((customer, pending.scope))
        case .denied:
            forget(deviceCode)
            return .failure(OAuthFailure("access_denied", "The login was declined."))
        case .guessedAt:
            forget(deviceCode)
            return .failure(OAuthFailure("expired_token", "Too many wrong codes were tried while this one waited; ask for a new one."))
        case .pending:
            if let last = pending.lastPoll, time.timeIntervalSince(last) < Double(pending.interval) {
                pending.interval += 5
                pending.lastPoll = time
                return .failure(OAuthFailure("slow_down", "Poll at most every \(pending.interval) seconds."))
            }
            pending.lastPoll = time
            return .failure(OAuthFailure("authorization_pending", "The login has not been approved yet."))
        }
    }

    /// Requests waiting now (for tests and limits).
    public var pendingCount: Int { byDeviceCode.count }

    /// A code as typed: case and dashes or spaces do not matter.
    static func normalized(_ code: String) -> String {
        String(code.uppercased().filter { $0 != "-" && $0 != " " }.prefix(16))
    }

    private func forget(_ deviceCode: String) {
        if let pending = byDeviceCode.removeValue(forKey: deviceCode) {
            deviceCodeByUserCode.removeValue(forKey: Self.normalized(pending.userCode))
        }
    }

    private func prune() {
        let time = now()
        for (code, pending) in byDeviceCode where time >= pending.expiresAt { forget(code) }
    }
}
