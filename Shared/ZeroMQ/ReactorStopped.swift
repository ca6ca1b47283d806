/// Thrown by `Reactor.perform` when the reactor has stopped and can no longer run work.
public struct ReactorStopped: Error, Sendable, Equatable, CustomStringConvertible {
    /// The `name` of the stopped reactor.
    public let reactorName: String

    /// The error for the reactor named `reactorName`.
    public init(reactorName: String) {
        self.reactorName = reactorName
    }

    public var description: String { "Reactor '\(reactorName)' is stopped" }
}
