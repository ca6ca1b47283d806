/// A multipart message with metadata properties read from its last frame.
public struct ReceivedMessage: Sendable, Equatable {
    /// The frames, in order.
    public var frames: [[UInt8]]
    /// The requested properties the message carried (`zmq_msg_gets`), e.g. `"User-Id"`.
    public var properties: [String: String]

    public init(frames: [[UInt8]], properties: [String: String] = [:]) {
        self.frames = frames
        self.properties = properties
    }

    /// The `User-Id` the ZAP handler returned for the sending peer, if any.
    public var userID: String? { properties[ReceivedMessage.userIDProperty] }

    /// The property name of the ZAP user id.
    public static let userIDProperty = "User-Id"
}
