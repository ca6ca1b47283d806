public import GRDB
public import QuenchProtocol

/// An applier's events, one handler each, registered by descriptor: registering one declares
/// it (``applied``: what the subscriber hands over), and its handler gets the body as the
/// descriptor's type (a body it cannot read is an `EventSkip`). `Context` is what the
/// handlers share within a run (the applier's batch, a streak backlog); `Void` for nothing.
public struct EventRoutes<Context>: Sendable {
    public typealias Handler<Body> = @Sendable (inout Context, Database, Body, Envelope) throws -> Void

    private var handlers: [String: @Sendable (inout Context, Database, Envelope) throws -> Void] = [:]
    private var events: [any AnyMessageDescriptor] = []

    public init() {}

    /// Applies the events of `event` with `handler`.
    public mutating func on<Body>(_ event: Event<Body>, _ handler: @escaping Handler<Body>) {
        precondition(handlers[event.name] == nil, "\(event.name) is routed twice")
        events.append(event)
        handlers[event.name] = { context, db, envelope in
            try handler(&context, db, try envelope.body(event), envelope)
        }
    }

    /// The events routed: what the subscriber applies.
    public var applied: AppliedEvents {
        AppliedEvents(events)
    }

    /// Applies `event` with its handler; one without gets the rule for the rest
    /// (``AppliedEvents/otherwise(_:)``: passed over, or an `EventSkip`).
    public func apply(_ context: inout Context, _ db: Database, _ event: Envelope) throws {
        guard let handler = handlers[event.type] else {
            return try applied.otherwise(event)
        }
        try handler(&context, db, event)
    }
}

extension EventRoutes where Context == Void {
    /// Applies `event` (handlers that share nothing).
    public func apply(_ db: Database, _ event: Envelope) throws {
        var nothing: Void = ()
        try apply(&nothing, db, event)
    }
}
