/// Request type names of the goals service.
public enum GoalMessage {
    /// The current goal: `GetGoalRequest` → `GoalReply`.
    public static let get = "goal.get"
    /// A manual goal: `SetGoalRequest` → `GoalReply` (command).
    public static let set = "goal.set"
    /// Follow the weight-derived goal again: `AutoGoalRequest` → `GoalReply` (command).
    public static let auto = "goal.auto"
    /// The goal in effect on one day: `GoalAtRequest` → `GoalOnDay`.
    public static let at = "goal.at"
    /// The goal in effect on each day of a range: `GoalDaysRequest` → `GoalDaysReply`.
    public static let days = "goal.days"
    /// Every goal the user had, newest first, paged: `GoalHistoryRequest` → `GoalHistoryReply`.
    public static let history = "goal.history"
    /// Everything goals holds about the user, periods paged: `GoalExportRequest` → `GoalExport`.
    public static let export = "goal.export"
    /// Deletes everything goals holds about the user: `UserDataRequest` → `EraseReply` (command).
    public static let erase = "goal.erase"
    /// The challenge catalog: `ListChallengesRequest` → `ListChallengesReply`.
    public static let challengesList = "challenges.list"
    /// Upserts challenges by id, all or nothing: `LoadChallengesRequest` → `LoadChallengesReply` (command, privileged).
    public static let challengesLoad = "challenges.load"
}
