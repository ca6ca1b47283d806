/// Thrown by `Socket.receiveMultipart` when a message has more frames than allowed.
/// The whole message has been consumed and discarded; the socket stays usable.
public struct MultipartOverflow: Error, Sendable, Equatable {
    /// The number of frames the discarded message had.
    public let frameCount: Int
    /// The frames that were kept (the first `maxFrames`): on a `ROUTER`, the route back to the
    /// peer, so it can be told why.
    public let keptFrames: [[UInt8]]

    /// An overflow of a `frameCount`-frame message.
    public init(frameCount: Int, keptFrames: [[UInt8]] = []) {
        self.frameCount = frameCount
        self.keptFrames = keptFrames
    }

    /// Equal when the frame counts are (the kept frames are a courtesy).
    public static func == (lhs: MultipartOverflow, rhs: MultipartOverflow) -> Bool {
        lhs.frameCount == rhs.frameCount
    }
}
