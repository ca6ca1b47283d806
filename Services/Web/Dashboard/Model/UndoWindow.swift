/// How long a deleted drink can be brought back (issue #39 item 15): the page shows "Undo"
/// for ``pageSeconds`` (its script takes the button away then); the web edge accepts it for
/// ``serverSeconds``, a little longer, for a tap that was on its way (and a page without
/// JavaScript, whose button stays: after that it says it is too late).
public enum UndoWindow {
    public static let pageSeconds = 20
    public static let serverSeconds = 60
}

/// A drink just deleted, which the today page offers to bring back.
public struct UndoNotice: Sendable, Equatable {
    /// The deleted drink's id (its undo posts to ``TodayPage/undoPath(_:)``).
    public var id: String
    public var fluid: String
    /// Its time of day as the page writes it.
    public var time: String

    public init(id: String, fluid: String, time: String) {
        self.id = id
        self.fluid = fluid
        self.time = time
    }
}
