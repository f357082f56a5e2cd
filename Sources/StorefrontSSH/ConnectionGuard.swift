import NIOCore

/// Sits in front of the SSH handler on a connection (which does not pass channelInactive on):
/// closes the connection when authentication takes longer than the handshake timeout, and gives
/// back its place in the registry when it closes.
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
        let identity = context.identity
        timeout = channelContext.eventLoop.scheduleTask(in: .seconds(Int64(context.server.limits.handshakeTimeout))) {
            // Authenticated in time: the identity is known.
            if identity.withLockedValue({ $0 }) == nil { channel.close(promise: nil) }
        }
    }

    func channelInactive(context channelContext: ChannelHandlerContext) {
        timeout?.cancel()
        if admitted { context.server.registry.release(context.address) }
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
