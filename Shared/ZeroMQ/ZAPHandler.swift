/// A ZAP (ZeroMQ Authentication Protocol, RFC 27) handler: a ROUTER bound to
/// `inproc://zeromq.zap.01` in a context, answering every security handshake of that
/// context's server sockets (those with a `ZMQ_ZAP_DOMAIN` or a security mechanism).
///
/// It runs on the given reactor's thread and calls `authenticate` there for each request,
/// so `authenticate` must be quick and must not block. Only one handler may exist per
/// context. Bind it before any server socket accepts connections: libzmq admits every
/// peer while no handler is bound.
public final class ZAPHandler: @unchecked Sendable {
    /// The endpoint RFC 27 fixes.
    public static let endpoint = "inproc://zeromq.zap.01"

    private let reactor: Reactor
    private let authenticate: (ZAPRequest) -> ZAPResponse
    // Reactor-thread state.
    private var socket: Socket?

    private init(reactor: Reactor, authenticate: @escaping (ZAPRequest) -> ZAPResponse) {
        self.reactor = reactor
        self.authenticate = authenticate
    }

    /// Binds the handler in `context` and serves it on `reactor`.
    public static func start(
        context: Context, reactor: Reactor,
        authenticate: @escaping @Sendable (ZAPRequest) -> ZAPResponse
    ) async throws -> ZAPHandler {
        let handler = ZAPHandler(reactor: reactor, authenticate: authenticate)
        try await reactor.perform {
            let socket = try context.makeSocket(.router)
            try socket.setLinger(0)
            try socket.bind(endpoint)
            handler.socket = socket
            reactor.register(socket) { handler.serve() }
        }
        return handler
    }

    /// Unbinds and closes the handler (peers connecting afterwards are not authenticated
    /// by it; close it only after the server sockets).
    public func close() async {
        _ = try? await reactor.perform { [self] in
            if let socket {
                reactor.unregister(socket)
                socket.close()
            }
            socket = nil
        }
    }

    private func serve() {
        guard let socket else { return }
        while true {
            let frames: [[UInt8]]
            do {
                guard let message = try socket.receiveMultipart(dontWait: true, maxFrames: 16) else { return }
                frames = message
            } catch {
                continue
            }
            // [routing id][empty][request…]
            guard frames.count >= 3, frames[1].isEmpty else { continue }
            let requestID = frames.count > 3 ? frames[3] : []
            let response = ZAPRequest(frames: frames[2...]).map(authenticate)
                ?? ZAPResponse(statusCode: 500, statusText: "malformed ZAP request")
            let reply: [[UInt8]] = [
                frames[0], [], Array("1.0".utf8), requestID,
                Array(String(response.statusCode).utf8), Array(response.statusText.utf8),
                response.statusCode == 200 ? Array(response.userID.utf8) : [], [],
            ]
            _ = try? socket.send(reply, dontWait: true)
        }
    }
}
