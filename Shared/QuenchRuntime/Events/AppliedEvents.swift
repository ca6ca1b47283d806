public import QuenchProtocol

/// The events a subscriber applies, declared by descriptor (an applier's ``EventRoutes``),
/// and the one rule for the rest, the same for every subscriber:
/// - an event it applies goes to its `EventBatch`; one it cannot use (an `EventSkip`, a
///   body that is not its type) is skipped: logged and counted in `system.health`;
/// - an event the protocol has (``MessageCatalog``) from that publisher, or any `system.*`
///   event, that it does not apply is passed over: the cursor moves, nothing is called or
///   counted (an import sends tens of thousands such events);
/// - any other type (from a newer publisher, or no message at all) is skipped and counted.
public struct AppliedEvents: Sendable {
    /// What the subscriber does with one event.
    public enum Disposition: Sendable, Equatable {
        case apply
        case passOver
        case skip(String)
    }

    public let names: Set<String>
    /// Every event goes to the batch (``everything``).
    private let all: Bool

    /// `events` must be events (not requests).
    public init(_ events: [any AnyMessageDescriptor]) {
        precondition(events.allSatisfy { $0.kind == .event }, "a subscriber applies events only")
        names = Set(events.map(\.name))
        all = false
    }

    /// A recorder's: every event goes to the batch, whatever its type (test ledgers, tools).
    public static let everything = AppliedEvents(all: true)

    private init(all: Bool) {
        names = []
        self.all = all
    }

    /// What the subscriber of `publisher` does with an event of `type`.
    public func disposition(of type: String, from publisher: String) -> Disposition {
        if all || names.contains(type) { return .apply }
        if type.hasPrefix("system.") { return .passOver }
        if let known = MessageCatalog.named(type), known.kind == .event, known.service == publisher || known.service == nil {
            return .passOver
        }
        return .skip("unknown event type from \(publisher)")
    }
}

extension AppliedEvents {
    /// The rule for an event an applier was handed but does not apply (``EventRoutes`` has
    /// no handler for it): a pass-over returns, anything else is an `EventSkip`. The
    /// subscriber never hands such an event over (it applies the rule itself); direct calls
    /// (tests) get the same answer.
    public func otherwise(_ event: Envelope) throws {
        let publisher = event.publisher ?? "?"
        if case .skip(let reason) = disposition(of: event.type, from: publisher) {
            throw EventSkip("\(event.type) seq \(event.seq ?? 0): \(reason)")
        }
    }
}

extension Envelope {
    /// The body of this event read as `event`'s body type; one that cannot be read is an
    /// `EventSkip` naming the event (skipped and counted, never a stalled subscriber).
    public func body<Body>(_ event: Event<Body>) throws -> Body {
        do {
            return try decodeBody(Body.self)
        } catch {
            throw EventSkip("\(type) seq \(seq ?? 0): body is not a \(Body.self): \(error)")
        }
    }
}
