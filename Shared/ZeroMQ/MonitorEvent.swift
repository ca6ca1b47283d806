internal import CZeroMQ

/// One event read from a socket monitor's PAIR socket: frame 0 is a 16-bit event id and a
/// 32-bit value (native byte order), frame 1 the affected endpoint.
public struct MonitorEvent: Sendable, Equatable {
    /// The single event kind.
    public var event: SocketEvents
    /// The event's value: a ZAP status code for `handshakeFailedAuth`, a protocol error
    /// code for `handshakeFailedProtocol`, an errno or file descriptor for others.
    public var value: UInt32
    /// The endpoint the event is about.
    public var endpoint: String

    public init(event: SocketEvents, value: UInt32, endpoint: String) {
        self.event = event
        self.value = value
        self.endpoint = endpoint
    }

    /// Parses the frames a monitor sends; `nil` for anything else.
    public init?(frames: [[UInt8]]) {
        guard frames.count == 2, frames[0].count == 6 else { return nil }
        let head = frames[0]
        let id = head.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: 0, as: UInt16.self) }
        let value = head.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: 2, as: UInt32.self) }
        self.init(event: SocketEvents(rawValue: Int32(id)), value: value, endpoint: String(decoding: frames[1], as: UTF8.self))
    }

    /// Whether this is a failed handshake because the peers use different security
    /// mechanisms (e.g. a plain client against a CURVE server).
    public var isMechanismMismatch: Bool {
        event == .handshakeFailedProtocol && value == UInt32(bitPattern: Int32(ZMQ_PROTOCOL_ERROR_ZMTP_MECHANISM_MISMATCH))
    }
}
