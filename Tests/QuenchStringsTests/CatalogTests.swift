import QuenchStrings
import Testing

/// The catalog itself: every translation keeps the message's data, no text is left empty.
@Suite("Catalog")
struct CatalogTests {
    /// Messages with distinctive values (⟨1⟩, ⟨2⟩, …): every language must show each value.
    static let samples: [(any LocalizedMessage, [String])] = [
        (HydrationText.logged(volume: "⟨1⟩", fluid: "⟨2⟩", water: "⟨3⟩", time: "⟨4⟩", day: "⟨5⟩"), ["⟨1⟩", "⟨2⟩", "⟨3⟩", "⟨4⟩", "⟨5⟩"]),
        (HydrationText.updated(id: "⟨1⟩", volume: "⟨2⟩", fluid: "⟨3⟩", water: "⟨4⟩", time: "⟨5⟩", day: "⟨6⟩"), ["⟨1⟩", "⟨2⟩", "⟨3⟩", "⟨4⟩", "⟨5⟩", "⟨6⟩"]),
        (HydrationText.progress(total: "⟨1⟩", goal: "⟨2⟩", source: "⟨3⟩"), ["⟨1⟩", "⟨2⟩", "⟨3⟩"]),
        (HydrationText.streaks(current: "⟨1⟩", longest: "⟨2⟩"), ["⟨1⟩", "⟨2⟩"]),
        (HydrationText.notAnAmount(field: "⟨1⟩", text: "⟨2⟩", examples: "⟨3⟩"), ["⟨1⟩", "⟨2⟩", "⟨3⟩"]),
        (GoalsText.goal(amount: "⟨1⟩", source: "⟨2⟩"), ["⟨1⟩", "⟨2⟩"]),
        (GoalsText.loaded(received: 7, created: 8, updated: 9, unchanged: 6), ["7", "8", "9", "6"]),
        (GoalsText.tooManyItems(name: "⟨1⟩", max: 1000, got: 1001), ["⟨1⟩", "1000", "1001"]),
        (HealthText.weightRecorded(weight: "⟨1⟩", given: "⟨2⟩", measured: "⟨3⟩", duplicate: true), ["⟨1⟩", "⟨2⟩", "⟨3⟩"]),
        (HealthText.twoUnits(field: "⟨0⟩", value: "⟨1⟩", written: "⟨2⟩", option: "⟨3⟩"), ["⟨0⟩", "⟨1⟩", "⟨2⟩", "⟨3⟩"]),
        (HealthText.sourceLine(rank: 3, name: "⟨1⟩", samples: 7, why: "⟨2⟩"), ["3", "⟨1⟩", "7", "⟨2⟩"]),
        (HealthText.units(weight: "⟨1⟩", volume: "⟨2⟩", stored: false), ["⟨1⟩", "⟨2⟩"]),
        (ImportText.importedRecords(imported: "⟨1⟩", seen: 7, duplicates: 8, skipped: 9), ["⟨1⟩", "7", "8", "9"]),
        (ImportText.importedSets(imported: "⟨1⟩", lines: 7, format: "⟨2⟩", duplicates: 8, bad: 9), ["⟨1⟩", "7", "⟨2⟩", "8", "9"]),
        (ImportText.problemLines(count: 7, problem: "⟨1⟩", lines: "⟨2⟩", example: "⟨3⟩", lineCount: 2), ["7", "⟨1⟩", "⟨2⟩", "⟨3⟩"]),
        (ImportText.undid(job: "⟨1⟩", kind: "⟨2⟩", file: "⟨3⟩", removed: 7), ["⟨1⟩", "⟨2⟩", "⟨3⟩", "7"]),
        (ImportText.unreadable(path: "⟨1⟩", total: 7, reasons: "⟨2⟩"), ["⟨1⟩", "7", "⟨2⟩"]),
        (AnalyticsText.record(weight: "⟨1⟩", day: "⟨2⟩"), ["⟨1⟩", "⟨2⟩"]),
        (AnalyticsText.rebuilt(rows: 7, publishers: "⟨1⟩"), ["7", "⟨1⟩"]),
        (SystemText.answered(service: "⟨1⟩", endpoint: "⟨2⟩", roundTrip: "⟨3⟩", details: "⟨4⟩"), ["⟨1⟩", "⟨2⟩", "⟨3⟩", "⟨4⟩"]),
        (SystemText.stillUnreachable(publisher: "⟨1⟩", address: "⟨2⟩", seconds: "⟨3⟩"), ["⟨1⟩", "⟨2⟩", "⟨3⟩"]),
        (SystemText.dataIn(root: "⟨1⟩", config: "⟨2⟩"), ["⟨1⟩", "⟨2⟩"]),
        (SetupText.admitted(principal: "⟨1⟩", key: "⟨2⟩", config: "⟨3⟩"), ["⟨1⟩", "⟨2⟩", "⟨3⟩"]),
        (SetupText.didNotStart(service: "⟨1⟩", seconds: 7, log: "⟨2⟩", tail: "⟨3⟩"), ["⟨1⟩", "7", "⟨2⟩", "⟨3⟩"]),
        (SetupText.timeoutRange(low: "⟨1⟩", high: "⟨2⟩", got: "⟨3⟩"), ["⟨1⟩", "⟨2⟩", "⟨3⟩"]),
        (StepsText.nextBadge(at: "⟨1⟩", toGo: "⟨2⟩"), ["⟨1⟩", "⟨2⟩"]),
        (ShareStrings.chatWater(total: "⟨1⟩", goal: "⟨2⟩", percent: "⟨3⟩"), ["⟨1⟩", "⟨2⟩", "⟨3⟩"]),
        (ShareStrings.chatSteps(month: "⟨1⟩", total: "⟨2⟩", badges: "⟨3⟩"), ["⟨1⟩", "⟨2⟩", "⟨3⟩"]),
        (ErrorText.notAnswering(service: "⟨1⟩", endpoint: "⟨2⟩", noConnection: true), ["⟨1⟩", "⟨2⟩", "`quench up`"]),
        (ErrorText.service(code: "not_found", field: "⟨1⟩", detail: "⟨2⟩"), ["⟨2⟩"]),  // English: the field goes before it (CLIError)
        (CommonText.notCounted(types: "⟨1⟩", grant: "⟨2⟩"), ["⟨1⟩", "`quench consent grant ⟨2⟩`"]),
        (CommonText.changesNotApplied(publisher: "⟨1⟩"), ["⟨1⟩"]),
        (DashboardText.ringLabel(total: "⟨1⟩", goal: "⟨2⟩", percent: "⟨3⟩"), ["⟨1⟩", "⟨2⟩", "⟨3⟩"]),
        (DashboardText.dayCell(day: "⟨1⟩", total: "⟨2⟩", goal: "⟨3⟩", met: true), ["⟨1⟩", "⟨2⟩", "⟨3⟩"]),
        (DashboardText.editLabel(fluid: "⟨1⟩", time: "⟨2⟩"), ["⟨1⟩", "⟨2⟩"]),
        (DashboardText.record(weight: "⟨1⟩", day: "⟨2⟩"), ["⟨1⟩", "⟨2⟩"]),
        (DashboardText.nextBadge(at: "⟨1⟩", toGo: "⟨2⟩"), ["⟨1⟩", "⟨2⟩"]),
        (DashboardText.reward(trophy: "⟨1⟩", points: 7), ["⟨1⟩", "7"]),
        (DashboardText.excluded(sets: 7, reps: 12), ["7", "12"]),
        (DashboardText.challengeDay(day: "⟨1⟩", value: "⟨2⟩", completed: true), ["⟨1⟩", "⟨2⟩"]),
        (DashboardText.signInCommand("⟨1⟩"), ["⟨1⟩"]),
    ]

    @Test("every translation shows every value of its message (and code in backticks as it is)")
    func valuesKept() {
        for (message, values) in Self.samples {
            for language in Language.allCases {
                let text = Localizer(language)(message)
                let missing = values.filter { !text.contains($0) }
                #expect(missing.isEmpty, "\(language.rawValue): \(text) lacks \(missing)")
            }
        }
    }

    @Test("German and French differ from English: no message left untranslated in the samples")
    func translated() {
        for (message, _) in Self.samples {
            let english = Localizer(.en)(message)
            // English shows a service's detail as it is; the translations explain the code first.
            #expect(Localizer(.de)(message) != english && Localizer(.fr)(message) != english, "\(english)")
        }
    }

    @Test("trophies by name in every language; an id outside the set stays as it is, even in the pseudo-locale")
    func trophies() {
        for id in ["bronze", "silver", "gold", "zombie_hand"] {
            let english = Localizer(.en)(TrophyText(id: id))
            #expect(!english.contains("_") && Localizer(.pseudo)(TrophyText(id: id)) != english, "\(english)")
            if id != "bronze" {
                #expect(Localizer(.de)(TrophyText(id: id)) != english && Localizer(.fr)(TrophyText(id: id)) != english, "\(id)")
            }
        }
        #expect(Localizer(.de)(TrophyText(id: "silver")) == "Silber" && Localizer(.fr)(TrophyText(id: "gold")) == "or")
        for language in Language.allCases {
            #expect(Localizer(language)(TrophyText(id: "platinum")) == "platinum")
        }
    }

    @Test("every stable error code has its meaning, with and without a field, in every language")
    func errorCodes() {
        for code in ServiceErrorText.codes {
            for language in Language.translations where language != .en {
                let plain = Localizer(language)(ServiceErrorText(code: code, field: nil))
                let unknown = Localizer(language)(ServiceErrorText(code: "no_such_code", field: nil))
                #expect(!plain.isEmpty && plain != unknown && !plain.contains(code), "\(language.rawValue) \(code): \(plain)")
                #expect(Localizer(language)(ErrorText.service(code: code, field: "amount", detail: "d")).hasSuffix("(d)"))
            }
        }
        #expect(Localizer(.en)(ErrorText.service(code: "not_found", field: "exercise", detail: "no such exercise")) == "no such exercise")
        #expect(Localizer(.de)(ErrorText.service(code: "not_found", field: "exercise", detail: "no such exercise")) == "exercise nicht gefunden (no such exercise)")
        #expect(Localizer(.fr)(ErrorText.service(code: "invalid_argument", field: "volume", detail: "")) == "valeur invalide pour volume")
    }
}
