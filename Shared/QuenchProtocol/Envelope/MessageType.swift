/// The names of the services, used as `publisher` in events and in principals.
public enum ServiceName {
    public static let intake = "intake"
    public static let goals = "goals"
    public static let healthIngest = "health-ingest"
    public static let analytics = "analytics"
    public static let all = [intake, goals, healthIngest, analytics]
}
