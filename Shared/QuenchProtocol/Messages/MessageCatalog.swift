/// Every message of the protocol. Tests check it three ways: each service registers
/// exactly the requests it owns (and the ones every service serves), each subscriber applies
/// only events that are here, and docs/PROTOCOL.md §7's tables list these names, services
/// and kinds. A new message goes here as well as in its service's descriptor file.
public enum MessageCatalog {
    /// Requests and events, every service's and each service's, in docs order.
    public static let all: [any AnyMessageDescriptor] = system + intake + goals + healthIngest + analytics + web

    public static let system: [any AnyMessageDescriptor] = [
        r(.systemPing), r(.systemHealth), r(.systemMetrics), r(.eventsSince),
        e(.heartbeat),
    ]

    public static let intake: [any AnyMessageDescriptor] = [
        r(.intakeLog), r(.intakeEdit), r(.intakeDelete), r(.intakeList),
        r(.intakeDayTotal), r(.intakeTotals), r(.fluidsList), r(.fluidsAdd),
        r(.fluidsEdit), r(.intakeExport), r(.intakeErase),
        e(.intakeLogged), e(.intakeUpdated), e(.intakeDeleted), e(.intakeBatchLogged),
        e(.intakeErased),
    ]

    public static let goals: [any AnyMessageDescriptor] = [
        r(.goalGet), r(.goalSet), r(.goalAuto), r(.goalAt),
        r(.goalDays), r(.goalHistory), r(.goalExport), r(.goalErase),
        r(.challengesList), r(.challengesLoad), r(.challengesReplace), r(.challengesChecked),
        e(.goalChanged), e(.challengeUpserted), e(.challengeRetired), e(.goalErased),
    ]

    public static let healthIngest: [any AnyMessageDescriptor] = [
        r(.consentList), r(.consentGrant), r(.consentRevoke),
        r(.weightAdd), r(.weightLatest), r(.samplesAdd), r(.samplesLatest),
        r(.samplesDaily), r(.samplesChanges), r(.stepsPrioritySet),
        r(.stepsPriorityGet), r(.importBegin), r(.importBatch),
        r(.importFinish), r(.importStatus), r(.importUndo), r(.unitsGet), r(.unitsSet),
        r(.importKnownDays),
        r(.healthExport), r(.healthErase),
        e(.healthWeightRecorded), e(.healthWeightBatchRecorded), e(.healthStepsDayChanged),
        e(.healthDistanceDayChanged), e(.healthStrengthRecorded), e(.healthStrengthBatchRecorded),
        e(.healthWorkoutRecorded),
        e(.healthWorkoutBatchRecorded), e(.healthWaterRecorded), e(.healthWaterBatchRecorded),
        e(.healthConsentChanged), e(.healthSamplesDeleted), e(.healthSamplesRemoved),
        e(.healthErased),
    ]

    public static let analytics: [any AnyMessageDescriptor] = [
        r(.analyticsToday), r(.analyticsHistory), r(.analyticsStepsMonth),
        r(.analyticsChallengesProgress), r(.analyticsOneRepMax), r(.analyticsWorkouts),
        r(.analyticsLag), r(.analyticsRebuild),
    ]

    public static let web: [any AnyMessageDescriptor] = [
        r(.tokensCreate), r(.tokensList), r(.tokensRevoke), r(.tokensLink), r(.webErase),
    ]

    private static func r<Kind, Request, Reply>(_ descriptor: MessageDescriptor<Kind, Request, Reply>) -> any AnyMessageDescriptor {
        descriptor
    }

    private static func e<Body>(_ descriptor: EventDescriptor<Body>) -> any AnyMessageDescriptor {
        descriptor
    }

    /// The descriptor named `name`, if the protocol has one.
    public static func named(_ name: String) -> (any AnyMessageDescriptor)? {
        all.first { $0.name == name }
    }
}
