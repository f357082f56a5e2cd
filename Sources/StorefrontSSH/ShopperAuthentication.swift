import NIOCore
import NIOConcurrencyHelpers
import NIOSSH

/// Lets everyone in, and learns who they are. The user name `guest` needs nothing: its "none"
/// attempt (the first an OpenSSH client makes) succeeds, so a guest is never prompted (swift-nio-ssh
/// can send neither a banner before authentication succeeds nor a keyboard-interactive prompt, so
/// a prompt could not say what to type). For any other name "none" is refused so the client goes on
/// to offer its keys; any key the client proves it holds (ed25519 and ECDSA: swift-nio-ssh checks
/// the signature before asking here) becomes the shopper's identity. A client without such a key
/// falls back to a password, and any password (an empty one: press Enter) makes a guest.
final class ShopperAuthentication: NIOSSHServerUserAuthenticationDelegate {
    /// The user name that shops as a guest without being asked anything.
    static let guestUser = "guest"

    /// Read by the session once authentication is done (same connection, same event loop).
    let identity = NIOLockedValueBox<ShopperIdentity?>(nil)

    var supportedAuthenticationMethods: NIOSSHAvailableUserAuthenticationMethods { [.publicKey, .password] }

    func requestReceived(request: NIOSSHUserAuthenticationRequest,
                         responsePromise: EventLoopPromise<NIOSSHUserAuthenticationOutcome>) {
        switch request.request {
        case .publicKey(let offer):
            identity.withLockedValue { $0 = .key(KeyFingerprint(offer.publicKey)) }
            responsePromise.succeed(.success)
        case .password:
            identity.withLockedValue { $0 = .guest }
            responsePromise.succeed(.success)
        case .none where request.username == Self.guestUser:
            identity.withLockedValue { $0 = .guest }
            responsePromise.succeed(.success)
        case .none, .hostBased:
            responsePromise.succeed(.failure)
        }
    }
}
