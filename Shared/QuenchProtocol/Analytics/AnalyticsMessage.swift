/// Request type names of the analytics service. Every query is answered from analytics'
/// own read models and carries a `lag` section saying how far behind each publisher it is.
public enum AnalyticsMessage {
    /// `DayRequest` → `DaySummary`: one day's water against that day's goal.
    public static let today = "analytics.today"
    /// `HistoryRequest` → `HistoryReply`: daily totals against each day's goal, streaks.
    public static let history = "analytics.history"
    /// `MonthRequest` → `StepsMonthReply`: a month's daily steps, axis maximum, badges.
    public static let stepsMonth = "analytics.steps-month"
    /// `MonthRequest` → `ChallengesProgressReply`: each catalog challenge over a month.
    public static let challengesProgress = "analytics.challenges-progress"
    /// `OneRepMaxRequest` → `OneRepMaxReply`: estimated one-rep max per exercise.
    public static let oneRepMax = "analytics.orm"
    /// `MonthRequest` → `WorkoutsReply`: a month's workouts (Apple Health imports), by day.
    public static let workouts = "analytics.workouts"
    /// `LagRequest` → `LagReply`: per publisher, last applied seq against head seq.
    public static let lag = "analytics.lag"
    /// `RebuildRequest` → `RebuildReply` (privileged command): drop every read model and
    /// reset the cursors; the subscribers then rebuild from seq 0.
    public static let rebuild = "analytics.rebuild"
}
