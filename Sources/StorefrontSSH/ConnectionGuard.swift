import NIOCore

/// Sits in front of the SSH handler on a connection (which does not pass channelInactive on):
/// closes the connection when it has not authenticated and asked for the storefront within the
/// handshake timeout (so an authenticated connection that never opens a session cannot hold a
/// place), closes a refused connection after its grace, and gives back its place in the registry
/// when it closes.
final class ConnectionGuard: ChannelInboundHandler {
    typealias InboundIn = Any

    private let context: ConnectionContext
    private let admitted: Bool
    private var timeout: Scheduled<Void>?

    init(context: ConnectionContext, admitted: Bool) {
        self.context = context; self.admitted = admitted
    }

    func handlerAdded(context channelContext: ChannelHandlerContext) {
        let channel = channelContext.channel
        let connection = context
        let limits = context.server.limits
        let delay = admitted ? limits.handshakeTimeout : min(limits.handshakeTimeout, limits.refusalGrace)
        timeout = channelContext.eventLoop.scheduleTask(in: .seconds(Int64(delay))) {
            // Authenticated and a storefront asked for in time; a refused connection has had its say.
            let authenticated = connection.identity.withLockedValue { $0 } != nil
            if !connection.hasSession || !authenticated || connection.refusal != nil { channel.close(promise: nil) }
        }
    }

    func channelInactive(context channelContext: ChannelHandlerContext) {
        timeout?.cancel()
        if admitted { context.server.registry.release(context.address) } else { context.server.registry.releaseRefused() }
        channelContext.fireChannelInactive()
    }

}

/// Behind the SSH handler: a client that speaks something else, or breaks the protocol, is
/// disconnected quietly.
final class ProtocolErrorCloser: ChannelInboundHandler {
    typealias InboundIn = Any

    func errorCaught(context: ChannelHandlerContext, error: Error) {
        context.close(promise: nil)
    }
}
