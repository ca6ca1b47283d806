internal import CSQLiteExtras

/// SQLite settings that belong to the process, not to a connection: made once, before the
/// process opens its first database (``ServiceDatabase`` does it).
///
/// A service's writes run in savepoints inside group-committed transactions (a request, or a
/// run of another service's events), and SQLite keeps what a savepoint changes, to roll it
/// back, in a sub-journal that moves to a temporary file past 64 KiB. An import's batch or an
/// event of 500 intakes changes more than that, so every page it touched went through a
/// `pwrite` to a file in `/var/tmp` (a profile counted 6,900 for a 1,000,000-record import
/// in health-ingest and 20,600 in intake). Up to ``statementJournalSpillBytes`` now stay in
/// memory: a bounded amount per writing connection, and a larger sub-journal still spills.
enum SQLiteProcessSettings {
    static let statementJournalSpillBytes: Int32 = 4 << 20

    /// Whether the settings took effect (false when SQLite had been used before).
    static let applied: Bool = quench_sqlite_set_statement_journal_spill(statementJournalSpillBytes) == 0
}
