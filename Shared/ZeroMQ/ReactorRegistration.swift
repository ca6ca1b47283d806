/// A socket watched by a reactor; only touched on the reactor thread.
final class ReactorRegistration {
    let socket: Socket
    let handler: () -> Void
    var isActive = true

    init(socket: Socket, handler: @escaping () -> Void) {
        self.socket = socket
        self.handler = handler
    }
}
