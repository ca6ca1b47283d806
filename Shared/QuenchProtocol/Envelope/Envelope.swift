public import Foundation
public import MessagePack

/// The one message shape on every Quench socket: requests, replies and events.
///
/// On the wire it is a MessagePack map whose keys are the `CodingKeys` below; absent
/// optionals are left out of the map. `docs/PROTOCOL.md` documents it byte by byte.
///
/// ```swift
/// let ping = try Envelope.request(type: MessageDescriptor.systemPing.name, body: PingRequest())
/// let bytes = try ping.encoded()
/// ```
public struct Envelope: Codable, Sendable, Equatable {
    /// The protocol version this build speaks.
    public static let currentVersion = 1

    /// Protocol version of the sender (`v`).
    public var version: Int
    /// Message id: 1–64 bytes of printable ASCII (`isValidID`); Quench sends lower-case UUIDs.
    public var id: String
    /// Message type: `intake.log`, `goal.changed`, `system.ping`, …
    public var type: String
    /// The user the message is about, when there is one.
    public var user: String?
    /// When the sender made the message (MessagePack timestamp, extension type -1).
    public var sentAt: Date
    /// The sender's IANA time zone, e.g. `Europe/Berlin`; servers use it for "today".
    public var timeZone: String?
    /// Commands only: the client's key that makes a retry safe.
    public var idempotencyKey: String?
    /// Replies only: the `id` of the request this answers.
    public var replyTo: String?
    /// The typed payload, itself a MessagePack value nested in the map.
    public var body: MessagePackRaw?
    /// Replies only: set instead of `body` when the request failed.
    public var error: WireError?
    /// Events only: the publishing service.
    public var publisher: String?
    /// Events only: the publisher's gapless sequence number.
    public var seq: UInt64?

    enum CodingKeys: String, CodingKey {
        case version = "v"
        case id
        case type
        case user
        case sentAt
        case timeZone = "tz"
        case idempotencyKey
        case replyTo
        case body
        case error
        case publisher
        case seq
    }

    public init(
        version: Int = Envelope.currentVersion,
        id: String = Envelope.newID(),
        type: String,
        user: String? = nil,
        sentAt: Date = Date(),
        timeZone: String? = nil,
        idempotencyKey: String? = nil,
        replyTo: String? = nil,
        body: MessagePackRaw? = nil,
        error: WireError? = nil,
        publisher: String? = nil,
        seq: UInt64? = nil
    ) {
        self.version = version
        self.id = id
        self.type = type
        self.user = user
        self.sentAt = sentAt
        self.timeZone = timeZone
        self.idempotencyKey = idempotencyKey
        self.replyTo = replyTo
        self.body = body
        self.error = error
        self.publisher = publisher
        self.seq = seq
    }

    /// The rule for `id`, as a phrase for messages and docs.
    public static let idRule = "1 to 64 bytes of printable ASCII (no spaces or control characters), e.g. a UUID"

    /// Whether `id` follows the rule: 1–64 bytes, each 0x21–0x7E. Services refuse a request
    /// whose id breaks it (`invalid_argument`, field `id`), since replies echo it as `replyTo`.
    public static func isValidID(_ id: String) -> Bool {
        var count = 0
        for byte in id.utf8 {
            count += 1
            guard count <= 64, byte >= 0x21, byte <= 0x7e else { return false }
        }
        return count > 0
    }

    /// A fresh lower-case random (version 4) UUID string.
    ///
    /// Built from the system generator (`getrandom`, through `RandomPool`) rather than
    /// `UUID()`, which on Linux opens and reads `/dev/urandom` for every id.
    public static func newID() -> String {
        var bytes = [UInt8](repeating: 0, count: 16)
        let high = RandomPool.next()
        let low = RandomPool.next()
        for index in 0..<8 {
            bytes[index] = UInt8(truncatingIfNeeded: high >> (8 * index))
            bytes[index + 8] = UInt8(truncatingIfNeeded: low >> (8 * index))
        }
        bytes[6] = bytes[6] & 0x0F | 0x40
        bytes[8] = bytes[8] & 0x3F | 0x80
        let hex = Array("0123456789abcdef".utf8)
        var text = [UInt8]()
        text.reserveCapacity(36)
        for (index, byte) in bytes.enumerated() {
            if index == 4 || index == 6 || index == 8 || index == 10 { text.append(UInt8(ascii: "-")) }
            text.append(hex[Int(byte >> 4)])
            text.append(hex[Int(byte & 0x0F)])
        }
        return String(decoding: text, as: UTF8.self)
    }
}
