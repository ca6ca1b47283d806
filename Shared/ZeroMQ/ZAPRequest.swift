/// One authentication request from libzmq to the ZAP handler (RFC 27).
public struct ZAPRequest: Sendable, Equatable {
    /// The request id, echoed in the reply.
    public var requestID: [UInt8]
    /// The socket's `ZMQ_ZAP_DOMAIN`.
    public var domain: String
    /// The peer's address (e.g. an IP address).
    public var address: String
    /// The peer's routing id, if it set one.
    public var routingID: [UInt8]
    /// `NULL`, `PLAIN` or `CURVE`.
    public var mechanism: String
    /// Mechanism-specific credentials; for CURVE one frame, the client's 32-byte public key.
    public var credentials: [[UInt8]]

    /// The CURVE client public key in Z85, when the mechanism is CURVE.
    public var curvePublicKey: String? {
        guard mechanism == "CURVE", let key = credentials.first, key.count == 32 else { return nil }
        return Z85.encode(key)
    }

    /// Parses the frames after the ROUTER envelope (`[version][id][domain][address][identity][mechanism][credentials…]`).
    init?(frames: ArraySlice<[UInt8]>) {
        guard frames.count >= 6, frames.first == Array("1.0".utf8) else { return nil }
        let parts = Array(frames)
        requestID = parts[1]
        domain = String(decoding: parts[2], as: UTF8.self)
        address = String(decoding: parts[3], as: UTF8.self)
        routingID = parts[4]
        mechanism = String(decoding: parts[5], as: UTF8.self)
        credentials = Array(parts.dropFirst(6))
    }
}

/// The ZAP handler's answer.
public struct ZAPResponse: Sendable, Equatable {
    /// `200` admits the peer; `300` temporary error, `400` refused, `500` internal error.
    public var statusCode: Int
    public var statusText: String
    /// Attached to every message from the peer as the `User-Id` property (admitted peers only).
    public var userID: String

    public init(statusCode: Int, statusText: String, userID: String = "") {
        self.statusCode = statusCode
        self.statusText = statusText
        self.userID = userID
    }

    /// Admits the peer as `userID`.
    public static func allow(_ userID: String) -> ZAPResponse {
        ZAPResponse(statusCode: 200, statusText: "OK", userID: userID)
    }

    /// Refuses the peer (status 400): its handshake fails.
    public static func deny(_ reason: String) -> ZAPResponse {
        ZAPResponse(statusCode: 400, statusText: reason)
    }
}
