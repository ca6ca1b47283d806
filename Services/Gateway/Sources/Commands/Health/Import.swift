import ArgumentParser

/// `quench import apple-health PATH`, `quench import workouts PATH [--strict] [--unit kg|lb]`, `quench import health-auto-export FILE`
struct Import: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Import health data from files on this machine.",
        discussion: HelpText.reflow("""
            The file is read here and streamed to health-ingest in batches, so it may be on a
            different machine than the services. Imports are idempotent: importing the same file
            again, or a newer export that overlaps an older one, adds only what is new and says
            how many records were duplicates.
            """),
        subcommands: [ImportAppleHealth.self, ImportWorkouts.self, ImportHealthAutoExport.self])
}
