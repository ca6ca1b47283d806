/// A test kit failure with a message saying what went wrong (a service that did not start,
/// did not catch up, a missing executable).
public struct TestFailure: Error, CustomStringConvertible {
    public let description: String

    public init(_ description: String) {
        self.description = description
    }
}
