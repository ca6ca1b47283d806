public import GRDB
public import QuenchProtocol

/// A command's view of its write transaction: the database and the outbox. Everything
/// done through it commits or rolls back together with the idempotency record.
public struct WriteContext {
    public let db: Database
    public let outbox: Outbox
    public let request: RequestContext

    /// Appends an event to the outbox in this transaction.
    @discardableResult
    public func emit<Body>(_ event: Event<Body>, user: String?, _ body: Body) throws -> UInt64 {
        try outbox.append(db, event, user: user, body: body)
    }

    /// `emit(_:user:_:)` with a body already encoded.
    @discardableResult
    public func emit<Body>(_ event: Event<Body>, user: String?, _ body: Encoded<Body>) throws -> UInt64 {
        try outbox.append(db, event, user: user, body: body)
    }
}
