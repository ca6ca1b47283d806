public import MessagePack

extension Envelope {
    /// The decoder limits used for every envelope that arrives from a socket.
    public static let wireLimits = MessagePackLimits(
        maxDepth: 32,
        maxStringLength: 1 << 20,
        maxBinaryLength: 8 << 20,
        maxContainerCount: 100_000,
        requireUniqueStringKeys: true
    )

    /// Encodes the envelope as MessagePack bytes.
    public func encoded() throws -> [UInt8] {
        try writeWire()
    }

    /// Decodes an envelope from MessagePack bytes received from a socket.
    public static func decode(_ bytes: [UInt8]) throws -> Envelope {
        try bytes.withUnsafeBytes { try readWire($0, limits: wireLimits) }
    }

    /// Decodes an envelope under other limits (tests compare it with the generic decoder,
    /// which does not check keys for uniqueness).
    public static func decode(_ bytes: [UInt8], limits: MessagePackLimits) throws -> Envelope {
        try bytes.withUnsafeBytes { try readWire($0, limits: limits) }
    }

    /// Decodes the body as `T`. A missing body decodes as `T` from an empty map, so
    /// requests whose fields are all optional need not send one.
    public func decodeBody<T: Decodable>(_ type: T.Type) throws -> T {
        let raw = body ?? MessagePackRaw.emptyMap
        return try raw.decode(T.self, decoder: MessagePackDecoder(limits: Envelope.wireLimits))
    }

    /// A request envelope carrying `body`.
    public static func request<Body: Encodable>(
        type: String,
        body: Body,
        user: String? = nil,
        timeZone: String? = nil,
        idempotencyKey: String? = nil
    ) throws -> Envelope {
        Envelope(
            type: type,
            user: user,
            timeZone: timeZone,
            idempotencyKey: idempotencyKey,
            body: try MessagePackRaw(encoding: body)
        )
    }

    /// A successful reply to this request.
    public func reply<Body: Encodable>(body: Body) throws -> Envelope {
        reply(raw: try MessagePackRaw(encoding: body))
    }

    /// A successful reply to this request with an already encoded body.
    public func reply(raw: MessagePackRaw) -> Envelope {
        Envelope(type: type, user: user, replyTo: id, body: raw)
    }

    /// An error reply to this request.
    public func reply(error: WireError) -> Envelope {
        Envelope(type: type, user: user, replyTo: id, error: error)
    }
}

extension MessagePackRaw {
    /// An empty map (`0x80`).
    public static let emptyMap: MessagePackRaw = {
        // 0x80 is a complete, valid value; this cannot fail.
        (try? MessagePackRaw(validating: [0x80])) ?? .nil
    }()
}
