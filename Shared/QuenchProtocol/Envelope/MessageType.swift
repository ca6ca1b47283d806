/// The names of the services, used as `publisher` in events and in principals.
public enum ServiceName {
    public static let intake = "intake"
    public static let goals = "goals"
    public static let healthIngest = "health-ingest"
    public static let analytics = "analytics"
    /// The web edge (`quench-web`): HTTP outside, a client of the others inside; serves
    /// `tokens.*` itself.
    public static let web = "web"
    /// Every service, the web edge last.
    public static let all = [intake, goals, healthIngest, analytics, web]
    /// The four domain services (each owns data; the web edge calls them).
    public static let domain = [intake, goals, healthIngest, analytics]
}
