/// What a message is: a request that changes something, a read, or an event a service
/// publishes.
public enum MessageKind: String, Sendable, CaseIterable {
    /// Mutating: runs in one write transaction with its idempotency record; needs
    /// `idempotencyKey`.
    case command
    /// A read: retried freely, no idempotency key.
    case query
    /// Published on the service's event socket (topic = type) and kept in its outbox.
    case event
}

/// A kind as a type, so that a descriptor's kind is checked when it compiles
/// (``CommandKind``, ``QueryKind``).
public protocol RequestKind: Sendable {
    static var kind: MessageKind { get }
}

/// The kind of a ``Command``.
public enum CommandKind: RequestKind {
    public static var kind: MessageKind { .command }
}

/// The kind of a ``Query``.
public enum QueryKind: RequestKind {
    public static var kind: MessageKind { .query }
}

/// What every descriptor says about its message, whatever its types: the catalogue
/// (``MessageCatalog``) and the checks against docs/PROTOCOL.md read this.
public protocol AnyMessageDescriptor: Sendable {
    /// The wire type string (the envelope's `type`, an event's topic).
    var name: String { get }
    /// The service that serves or publishes it (`ServiceName`); nil for the messages every
    /// service serves or publishes (`system.*`, `events.since`).
    var service: String? { get }
    var kind: MessageKind { get }
}

/// One request type of the protocol: its name, owning service, kind, and the types of its
/// body and reply. Registering a handler for it (`HandlerRegistry`) and calling it
/// (`RPCClient.call`) take these types, so a handler or a call that disagrees does not
/// compile. The catalogue's values are static members (`.intakeLog`), one file per service.
public struct MessageDescriptor<Kind: RequestKind, Request: Codable & Sendable, Reply: Codable & Sendable>: AnyMessageDescriptor {
    public let name: String
    public let service: String?

    public init(name: String, service: String?) {
        self.name = name
        self.service = service
    }

    public var kind: MessageKind { Kind.kind }

    /// The same message with its reply read as another type: for a caller that handles
    /// replies generically (the CLI's export joins pages as `MessagePackValue`s).
    public func replying<Other: Codable & Sendable>(as _: Other.Type) -> MessageDescriptor<Kind, Request, Other> {
        MessageDescriptor<Kind, Request, Other>(name: name, service: service)
    }
}

/// A mutating request (`intake.log`).
public typealias Command<Request: Codable & Sendable, Reply: Codable & Sendable> = MessageDescriptor<CommandKind, Request, Reply>
/// A read (`intake.list`).
public typealias Query<Request: Codable & Sendable, Reply: Codable & Sendable> = MessageDescriptor<QueryKind, Request, Reply>

/// One event type of the protocol: its name (the topic), the publishing service and the
/// type of its body. Emitting it (`WriteContext.emit`, `Outbox.append`) and applying it
/// (`EventHandlers`) take this type.
public struct EventDescriptor<Body: Codable & Sendable>: AnyMessageDescriptor {
    public let name: String
    public let service: String?

    public init(name: String, service: String?) {
        self.name = name
        self.service = service
    }

    public var kind: MessageKind { .event }
}

/// An event (`intake.logged`).
public typealias Event<Body: Codable & Sendable> = EventDescriptor<Body>
