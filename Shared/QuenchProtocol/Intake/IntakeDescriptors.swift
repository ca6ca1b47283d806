// The intake service's messages (docs/PROTOCOL.md §7, "intake").

extension MessageDescriptor where Kind == CommandKind, Request == LogIntakeRequest, Reply == IntakeRecord {
    /// One drink; the reply is the stored record (and `intake.logged` carries it).
    public static var intakeLog: Self { .init(name: "intake.log", service: ServiceName.intake) }
}

extension MessageDescriptor where Kind == CommandKind, Request == EditIntakeRequest, Reply == IntakeRecord {
    public static var intakeEdit: Self { .init(name: "intake.edit", service: ServiceName.intake) }
}

extension MessageDescriptor where Kind == CommandKind, Request == DeleteIntakeRequest, Reply == DeleteIntakeReply {
    public static var intakeDelete: Self { .init(name: "intake.delete", service: ServiceName.intake) }
}

extension MessageDescriptor where Kind == QueryKind, Request == ListIntakesRequest, Reply == ListIntakesReply {
    public static var intakeList: Self { .init(name: "intake.list", service: ServiceName.intake) }
}

extension MessageDescriptor where Kind == QueryKind, Request == DayTotalRequest, Reply == DayTotal {
    public static var intakeDayTotal: Self { .init(name: "intake.day-total", service: ServiceName.intake) }
}

extension MessageDescriptor where Kind == QueryKind, Request == TotalsRequest, Reply == TotalsReply {
    public static var intakeTotals: Self { .init(name: "intake.totals", service: ServiceName.intake) }
}

extension MessageDescriptor where Kind == QueryKind, Request == ListFluidsRequest, Reply == ListFluidsReply {
    public static var fluidsList: Self { .init(name: "fluids.list", service: ServiceName.intake) }
}

extension MessageDescriptor where Kind == CommandKind, Request == AddFluidRequest, Reply == Fluid {
    public static var fluidsAdd: Self { .init(name: "fluids.add", service: ServiceName.intake) }
}

extension MessageDescriptor where Kind == CommandKind, Request == EditFluidRequest, Reply == Fluid {
    public static var fluidsEdit: Self { .init(name: "fluids.edit", service: ServiceName.intake) }
}

extension MessageDescriptor where Kind == QueryKind, Request == IntakeExportRequest, Reply == IntakeExport {
    public static var intakeExport: Self { .init(name: "intake.export", service: ServiceName.intake) }
}

extension MessageDescriptor where Kind == CommandKind, Request == UserDataRequest, Reply == EraseReply {
    public static var intakeErase: Self { .init(name: "intake.erase", service: ServiceName.intake) }
}

extension EventDescriptor where Body == IntakeEventBody {
    public static var intakeLogged: Self { .init(name: "intake.logged", service: ServiceName.intake) }
}

extension EventDescriptor where Body == IntakeEventBody {
    /// With `previous`.
    public static var intakeUpdated: Self { .init(name: "intake.updated", service: ServiceName.intake) }
}

extension EventDescriptor where Body == IntakeEventBody {
    public static var intakeDeleted: Self { .init(name: "intake.deleted", service: ServiceName.intake) }
}

extension EventDescriptor where Body == IntakeBatchBody {
    /// Intakes made together from health-ingest's `health.water.batch-recorded`.
    public static var intakeBatchLogged: Self { .init(name: "intake.batch-logged", service: ServiceName.intake) }
}

extension EventDescriptor where Body == UserErasedBody {
    /// Everything of one user was erased.
    public static var intakeErased: Self { .init(name: "intake.erased", service: ServiceName.intake) }
}
