/// Every string the dashboard shows, in one place, so that they move to the strings
/// catalog as one piece once it is on main (the CLI's `Text` enums follow the same rule).
/// Numbers and units come in already formatted (``WebFormat``).
enum DashboardText {
    // MARK: Shell
    static let appName = "Quench"
    static let skipToContent = "Skip to content"
    static let navigation = "Pages"
    static let signOut = "Sign out"
    static func signedInAs(_ user: String) -> String { "Signed in as \(user)" }
    static let liveConnected = "Live: updates appear by themselves."
    static let liveOffline = "Live updates paused; reload to see changes."
    static let noticeError = "Error"

    static func pageTitle(_ page: DashboardPage) -> String {
        switch page {
        case .today: "Today"
        case .goal: "Goal"
        case .history: "History"
        case .steps: "Steps"
        case .strength: "Strength"
        case .challenges: "Challenges"
        case .consents: "Consents"
        }
    }

    // MARK: Today
    static let waterToday = "Water today"
    static func ringLabel(total: String, goal: String, percent: String) -> String { "\(total) of \(goal) (\(percent))" }
    static func of(_ goal: String) -> String { "of \(goal)" }
    static func toGo(_ remaining: String) -> String { "\(remaining) to go" }
    static let goalReached = "Goal reached"
    static func goalSourceNote(_ source: String) -> String {
        switch source {
        case "manual": "your own goal"
        case "auto": "goal from your weight"
        default: "the default goal"
        }
    }
    static let quickLog = "Log a drink"
    static let quickLogHint = "One tap logs it now."
    static func quickLogButton(fluid: String, volume: String) -> String { "\(capitalised(fluid)) \(volume)" }
    static let otherAmount = "Another drink"
    static let fluid = "Drink"
    static let volume = "Amount"
    static let unit = "Unit"
    static let time = "Time"
    static let log = "Log"
    static let intakesHeading = "Today's drinks"
    static let noIntakes = "Nothing logged yet today."
    static let columnTime = "Time"
    static let columnDrink = "Drink"
    static let columnAmount = "Amount"
    static let columnWater = "Water"
    static let columnActions = "Change"
    static let edit = "Edit"
    static let save = "Save"
    static let delete = "Delete"
    static func editLabel(_ fluid: String, _ time: String) -> String { "Edit \(fluid) at \(time)" }
    static func deleteLabel(_ fluid: String, _ time: String) -> String { "Delete \(fluid) at \(time)" }
    static let fromHealth = "from Apple Health"
    static func moreIntakes(_ count: Int) -> String { "and more (\(count) shown)" }
    static let updated = "Drink changed."
    static let deleted = "Drink deleted."

    // MARK: Goal
    static let currentGoal = "Your goal"
    static func goalSource(_ source: String) -> String {
        switch source {
        case "manual": "Manual"
        case "auto": "From your weight"
        default: "Default"
        }
    }
    static func sourceLine(_ source: String) -> String { "Source: \(goalSource(source))" }
    static func since(_ day: String) -> String { "Since \(day)" }
    static func fromWeight(_ weight: String) -> String { "Derived from your weight of \(weight)" }
    static func adjusted(_ how: String) -> String { how == "capped" ? "capped at the maximum" : "raised to the minimum" }
    static let pinned = "Pinned: new weights do not change it until you follow your weight again."
    static let setGoal = "Set a goal"
    static let setGoalButton = "Set goal"
    static let followWeight = "Follow my weight"
    static let followWeightHint = "Derive the goal from your newest weight (needs the body-mass consent and a weight)."
    static let goalHistory = "Goal history"
    static let columnFrom = "From"
    static let columnTo = "To"
    static let columnGoal = "Goal"
    static let columnSource = "Source"
    static let current = "now"
    static let noGoalHistory = "No goal set yet: the default applies."
    static let goalSaved = "Goal saved."

    // MARK: History
    static let streaks = "Streaks"
    static func currentStreak(_ days: String) -> String { "Current streak: \(days)" }
    static func longestStreak(_ days: String) -> String { "Longest: \(days)" }
    static func days(_ count: Int) -> String { count == 1 ? "1 day" : "\(count) days" }
    static let weekdays = ["Mo", "Tu", "We", "Th", "Fr", "Sa", "Su"]
    static let weekdayNames = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]
    static func dayCell(day: String, total: String, goal: String, met: Bool) -> String {
        "\(day): \(total) of \(goal)" + (met ? ", goal met" : "")
    }
    static let legendMet = "goal met"
    static let legendPartial = "some water"
    static let legendNone = "nothing logged"

    // MARK: Steps
    static func stepsTotal(_ steps: String) -> String { "\(steps) steps this month" }
    static func badgesEarned(_ count: Int) -> String { count == 1 ? "1 badge" : "\(count) badges" }
    static func nextBadge(at: String, toGo: String) -> String { "next at \(at) (\(toGo) to go)" }
    static let badgesHint = "A badge for every 10,000 steps of the month."
    static func stepsChartTitle(_ month: String) -> String { "Steps per day, \(month)" }
    static let today = "today"
    static let previousMonth = "Previous month"
    static let nextMonth = "Next month"
    static let noSteps = "No steps this month yet."
    static func revoked(_ types: [String]) -> String { "Left out while consent is revoked: \(types.joined(separator: ", "))." }

    // MARK: Strength
    static let strengthIntro = "Estimated one-rep max per exercise (Brzycki), one point per training day."
    static let noStrength = "No strength sets yet: import a workout log to see them."
    static func record(_ weight: String, _ day: String) -> String { "Record: \(weight) on \(day)" }
    static func excluded(_ count: Int) -> String { count == 1 ? "1 set of more than 12 reps left out" : "\(count) sets of more than 12 reps left out" }
    static func strengthChartTitle(_ exercise: String) -> String { "One-rep max of \(exercise)" }

    // MARK: Challenges
    static func pointsTotal(_ points: String) -> String { "\(points) points this month" }
    static func challengeGoal(_ goal: String) -> String { "Daily goal: \(goal)" }
    static func completed(_ days: Int) -> String { days == 1 ? "1 day completed" : "\(days) days completed" }
    static func points(_ points: Int) -> String { points == 1 ? "1 point" : "\(points) points" }
    static func reward(_ trophy: String, _ points: Int) -> String { "\(trophyName(trophy)) and \(Self.points(points)) a day" }
    static func trophies(_ trophy: String, _ count: Int) -> String { "\(trophyName(trophy)) × \(count)" }
    static func trophyName(_ trophy: String) -> String { trophy.split(separator: "_").map { capitalised(String($0)) }.joined(separator: " ") }
    static let noChallenges = "No challenges in the catalog yet."
    static func challengeDay(_ day: String, _ value: String, completed: Bool) -> String { "\(day): \(value)" + (completed ? ", completed" : "") }

    // MARK: Consents
    static let consentsIntro = "What Quench may use from your Health data. Revoking stops its use at once; you can also delete what is stored."
    static func consentName(_ type: String) -> String {
        switch type {
        case "steps": "Steps"
        case "body-mass": "Body mass (weight)"
        case "distance": "Walking and running distance"
        case "dietary-water": "Water from Apple Health"
        case "workouts": "Workouts"
        default: type
        }
    }
    static let granted = "Granted"
    static let revokedState = "Revoked"
    static let grant = "Grant"
    static let revoke = "Revoke"
    static let deleteData = "Also delete the stored data"
    static func changedOn(_ day: String) -> String { "since \(day)" }
    static let consentSaved = "Consent changed."

    // MARK: Sign-in
    static let signInTitle = "Sign in"
    static let signInIntro = "Sign in with a token made on the server by"
    static let signInCommand = "quench tokens create YOUR-NAME"
    static let token = "Token"
    static let signInButton = "Sign in"
    static func signInError(_ code: String?) -> String? {
        switch code {
        case "invalid": "That token is not valid (unknown, revoked or mistyped)."
        case "limited": "Too many attempts from here; wait a minute and try again."
        case "expired": "Your session ended; sign in again."
        default: nil
        }
    }

    /// The notice after a successful form post, by the code the post redirects with.
    static func done(_ code: String?) -> String? {
        switch code {
        case "logged": "Drink logged."
        case "updated": updated
        case "deleted": deleted
        case "goal": goalSaved
        case "consent": consentSaved
        default: nil
        }
    }

    // MARK: Errors
    static let somethingWrong = "Something went wrong"
    static let backToToday = "Back to today"

    static func capitalised(_ text: String) -> String {
        guard let first = text.first else { return text }
        return first.uppercased() + text.dropFirst()
    }
}
