/// Thrown by `Socket.receiveMultipart` when a message has more frames than allowed.
/// The whole message has been consumed and discarded; the socket stays usable.
public struct MultipartOverflow: Error, Sendable, Equatable {
    /// The number of frames the discarded message had.
    public let frameCount: Int

    /// An overflow of a `frameCount`-frame message.
    public init(frameCount: Int) {
        self.frameCount = frameCount
    }
}
