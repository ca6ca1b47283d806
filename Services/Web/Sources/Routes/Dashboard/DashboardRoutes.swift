import Foundation
import GRDB
import HTTPTypes
import Hummingbird
import Logging
import QuenchProtocol
import QuenchRuntime
import QuenchStrings
import WebDashboard

/// The dashboard (issue #31, item 3): server-rendered pages for a signed-in browser, their
/// form posts, the live-update stream (`GET /events`) and the two assets. A page acts for the
/// session's user only (``WebRequestContext/requireUser()``); every post has passed
/// `CSRFMiddleware` (the pages put the session's token in each form's `csrf` field). The
/// pages are rendered by `WebDashboard` from the services' typed replies.
///
/// Reads go to the service that owns the data, in parallel; today's ring comes from
/// intake's own day total and goals' goal of the day (not from analytics, whose read model
/// follows a moment later), so a drink logged here shows on the page it redirects to.
struct DashboardRoutes: Sendable {
    let app: WebApp
    /// Nil when its sockets could not be made (then `/events` answers 503 and the pages work
    /// without live updates).
    let live: LiveEventHub?
    let usual = UsualDrinksCache()
    /// The drinks deleted here in the last minute, for "Undo".
    let deleted = RecentlyDeleted()

    init(app: WebApp) {
        self.app = app
        let streams = app.config.userStreams.sorted { $0.key < $1.key }.map { name, endpoint in
            LiveEventHub.Stream(service: name, endpoint: endpoint, curve: app.backend.services[name]?.curve)
        }
        do {
            live = try LiveEventHub(streams: streams, logger: app.logger)
        } catch {
            app.logger.error("live updates are off: \(error)")
            live = nil
        }
        // An erased user's live streams end and cached intakes go (web.erase).
        if let live { UserMemory.shared.register(live) }
        UserMemory.shared.register(usual)
        UserMemory.shared.register(deleted)
    }

    func register(on router: Router<WebRequestContext>) {
        router.get("/") { _, _ in Self.redirect(DashboardPage.today.path) }
        router.get("sign-in") { request, context in
            // Already signed in: straight on. The sign-in form posts to the edge's `POST /sign-in`.
            if context.identity != nil { return Self.redirect(SignInRoutes.safeNext(request.query("next"))) }
            let language = PageLanguage.of(request)
            let next = SafeNext.path(request.query("next"))
            var response = Self.html(SignInPage(
                error: PageContext.signInError(request.query("error"), language: language.language), next: next,
                language: language.language
            ).render())
            PageLanguage.apply(language, to: &response, secure: app.config.secureCookies)
            // Kept for a one-time link opened next in this browser (`quench web open` prints one).
            if let next, next != "/" { response.setCookie(SignInRoutes.nextCookie(next, secure: app.config.secureCookies)) }
            return response
        }
        router.get("today") { request, context in try await page(request, context) { try await today($0, undo: request.query("undo")) } }
        router.get("goal") { request, context in try await page(request, context) { try await goal($0) } }
        router.get("history") { request, context in try await page(request, context) { try await history($0) } }
        router.get("steps") { request, context in try await page(request, context) { try await steps($0, month: request.query("month")) } }
        router.get("strength") { request, context in try await page(request, context) { try await strength($0) } }
        router.get("challenges") { request, context in
            try await page(request, context) { try await challenges($0, month: request.query("month")) }
        }
        router.get("consents") { request, context in try await page(request, context) { try await consents($0) } }

        router.post("today/log") { request, context in
            try await post(request, context, page: .today, done: "logged", form: .drink) { session, form, _ in
                _ = try await session.call(.intakeLog, LogIntakeRequest(
                    fluid: try form.required("fluid"), volume: try form.number("volume", language: form.numberLanguage(request)), unit: form["unit"]))
            }
        }
        router.post("intakes/:id/edit") { request, context in
            try await post(request, context, page: .today, done: "updated", form: .drink) { session, form, state in
                let id = try context.parameters.require("id")
                var at: Date?
                if let time = form["time"], time != form["original-time"] {
                    // The new time is on the drink's own day in its own zone, as stored: the
                    // form's day only finds the drink and cannot move it to another day.
                    guard let day = form["day"].flatMap(LocalDay.init) else {
                        throw QuenchError.invalidArgument("day", "must be a date YYYY-MM-DD")
                    }
                    let listed = try await session.call(.intakeList, ListIntakesRequest(day: day, limit: 200))
                    guard let drink = listed.intakes.first(where: { $0.id == id }), drink.day == day.description else {
                        throw QuenchError.invalidArgument("day", "is not the day of drink \(id.prefix(40)): a drink's time is edited on its own day")
                    }
                    guard let zone = ZoneID(drink.timeZone) else { throw QuenchError.invalidArgument("zone", ZoneID.rule) }
                    at = try form.instant(time: time, day: day, zone: zone)
                    state.facts.at = at
                    state.facts.zone = drink.timeZone
                }
                // A new time is sent in the drink's own zone, so intake keeps its day and zone.
                _ = try await session.call(.intakeEdit, EditIntakeRequest(
                    id: id, fluid: form["fluid"], volume: try form.optionalNumber("volume", language: form.numberLanguage(request)), unit: form["unit"], at: at),
                    zone: state.facts.zone)
            }
        }
        router.post("intakes/:id/delete") { request, context in
            try await post(request, context, page: .today, done: "deleted") { session, form, state in
                let id = try context.parameters.require("id")
                // The drink as it was, found on its day, so that "Undo" can log it again.
                var drink: IntakeRecord?
                if let day = form["day"].flatMap(LocalDay.init) {
                    drink = try? await session.call(.intakeList, ListIntakesRequest(day: day, limit: 200)).intakes
                        .first { $0.id == id.lowercased() }
                }
                _ = try await session.call(.intakeDelete, DeleteIntakeRequest(id: id))
                if let drink, drink.source == "manual" {
                    deleted.remember(drink, user: session.user)
                    state.query = "&undo=" + SignInPage.encodeQuery(drink.id)
                }
            }
        }
        router.post("intakes/:id/undo") { request, context in
            // The deleted drink logged again: its fluid, volume, instant and zone, idempotently
            // (the key is the deleted id: a second tap logs nothing more).
            try await post(request, context, page: .today, done: "restored") { session, _, _ in
                let id = try context.parameters.require("id")
                guard let drink = deleted.find(id.lowercased(), user: session.user) else {
                    let l = Localizer(session.language.language)
                    throw FieldRefusal(field: "id", message: l(DashboardFormText.undoExpired(seconds: UndoWindow.serverSeconds)))
                }
                _ = try await session.call(
                    .intakeLog, LogIntakeRequest(fluid: drink.fluid, volume: drink.volumeMl, unit: "ml", at: drink.at), zone: drink.timeZone,
                    idempotencyKey: "web-undo-" + drink.id)
            }
        }
        router.post("goal") { request, context in
            try await post(request, context, page: .goal, done: "goal", form: .goal) { session, form, _ in
                _ = try await session.call(.goalSet, SetGoalRequest(volume: try form.number("volume", language: form.numberLanguage(request)), unit: form["unit"]))
            }
        }
        router.post("goal/auto") { request, context in
            try await post(request, context, page: .goal, done: "goal") { session, _, _ in
                _ = try await session.call(.goalAuto, AutoGoalRequest())
            }
        }
        router.post("consents/:type/:change") { request, context in
            try await post(request, context, page: .consents, done: "consent") { session, form, _ in
                let type = try context.parameters.require("type")
                switch try context.parameters.require("change") {
                case "grant": _ = try await session.call(.consentGrant, ConsentChangeRequest(types: [type]))
                case "revoke": _ = try await session.call(.consentRevoke, ConsentChangeRequest(types: [type], deleteData: form["deleteData"] == "true"))
                case let other: throw QuenchError.invalidArgument("change", "must be grant or revoke, got '\(other)'")
                }
            }
        }

        router.post("erase") { request, context in try await erase(request, context) }

        router.get("tokens") { request, context in try await page(request, context) { try await tokens($0) } }
        router.post("tokens") { request, context in try await createToken(request, context) }
        router.post("tokens/:id/revoke") { request, context in
            try await post(request, context, page: .tokens, done: "revoked") { session, _, _ in
                let id = try context.parameters.require("id")
                let revoked = try await app.database.pool.write { db -> TokenInfo? in
                    // Only the user's own: another user's id is as unknown as one that never was.
                    guard try TokenStore.list(db, user: session.user).contains(where: { $0.id == id }) else { return nil }
                    return try TokenStore.revoke(db, id: id)
                }
                guard revoked != nil else { throw QuenchError.notFound("id", "you have no token with the id '\(id)'") }
            }
        }

        router.get("events") { request, context in try await events(request, context) }
        router.get("assets/dashboard.css") { _, _ in Self.asset(DashboardAssets.style, type: "text/css; charset=utf-8") }
        router.get("assets/dashboard.js") { _, _ in Self.asset(DashboardAssets.script, type: "text/javascript; charset=utf-8") }
        router.get("assets/icon.svg") { _, _ in Self.asset(DashboardAssets.icon, type: "image/svg+xml") }
    }

    // MARK: Pages

    /// Today's page; `undo` names a drink just deleted, offered back while ``RecentlyDeleted`` has it.
    func today(_ session: DashboardSession, undo: String? = nil) async throws -> String {
        let day = session.today
        async let goal = session.call(.goalAt, GoalAtRequest(day: day))
        async let list = session.call(.intakeList, ListIntakesRequest(day: day, limit: 200))
        async let fluids = session.call(.fluidsList, ListFluidsRequest())
        async let recent = usual.recent(for: session)
        let intakes = try await list
        // The day's total is the sum of its intakes (exact, in µL) when they fit one page, as
        // `intake.day-total` would sum them; asked for only on a day of more than 200 drinks.
        let total = intakes.nextCursor == nil
            ? DayTotal(day: day, totalWaterMicrolitres: intakes.intakes.reduce(0) { $0 + $1.waterMicrolitres }, count: intakes.intakes.count)
            : try await session.call(.intakeDayTotal, DayTotalRequest(day: day))
        let catalog = try await fluids.fluids
        var context = session.context
        if let undo, let drink = deleted.find(undo.lowercased(), user: session.user) {
            context.undo = UndoNotice(id: drink.id, fluid: drink.fluid, time: WebFormat.time(drink.at, zone: drink.timeZone))
        }
        return TodayPage(
            day: day, total: total, goal: try await goal, intakes: intakes, fluids: catalog,
            usual: UsualDrinks.pick(recent: try await recent, fluids: catalog, units: session.context.units)
        ).render(context)
    }

    func goal(_ session: DashboardSession) async throws -> String {
        async let goal = session.call(.goalGet, GetGoalRequest())
        async let history = session.call(.goalHistory, GoalHistoryRequest(limit: 50))
        return GoalPage(goal: try await goal, history: try await history).render(session.context)
    }

    func history(_ session: DashboardSession) async throws -> String {
        let days = HistoryPage.daysToShow(today: session.today)
        return HistoryPage(history: try await session.call(.analyticsHistory, HistoryRequest(days: days))).render(session.context)
    }

    func steps(_ session: DashboardSession, month: String?) async throws -> String {
        let reply = try await session.call(.analyticsStepsMonth, MonthRequest(month: try Self.month(month)))
        return StepsPage(steps: reply, today: session.today).render(session.context)
    }

    func strength(_ session: DashboardSession) async throws -> String {
        StrengthPage(orm: try await session.call(.analyticsOneRepMax, OneRepMaxRequest(limit: 60))).render(session.context)
    }

    func challenges(_ session: DashboardSession, month: String?) async throws -> String {
        let reply = try await session.call(.analyticsChallengesProgress, MonthRequest(month: try Self.month(month)))
        return ChallengesPage(progress: reply, today: session.today).render(session.context)
    }

    func consents(_ session: DashboardSession) async throws -> String {
        ConsentsPage(consents: try await session.call(.consentList, ConsentListRequest())).render(session.context)
    }

    /// A `?month=` as the analytics queries take it (`YYYY-MM`); absent for the current month.
    static func month(_ text: String?) throws -> String? {
        guard let text, !text.isEmpty else { return nil }
        guard text.count == 7, LocalDay(text + "-01") != nil else {
            throw QuenchError.invalidArgument("month", "must be a month YYYY-MM, got '\(text.prefix(20))'")
        }
        return text
    }

    // MARK: Plumbing

    /// The page for the signed-in user; a browser without a session goes to sign in.
    private func page(
        _ request: Request, _ context: WebRequestContext, notice: PageContext.Notice? = nil, refusal: FormRefusal? = nil,
        status: HTTPResponse.Status = .ok, _ render: (DashboardSession) async throws -> String
    ) async throws -> Response {
        let started = ContinuousClock.now
        guard var session = try await DashboardSession(request: request, context: context, backend: app.backend, notice: notice) else {
            return Self.redirect("/sign-in?next=" + Self.encodedPath(request))
        }
        session.context.refusal = refusal
        // A page a reload fetches again says its zone (the script reloads it once in the browser's).
        if request.method == .get || request.method == .head { session.context.zone = session.zone.identifier }
        do {
            var response = Self.html(try await render(session), status: status)
            PageLanguage.apply(session.language, to: &response, secure: app.config.secureCookies)
            // The page's server time (service round trips and rendering), for the benchmark
            // and the browser's developer tools.
            let elapsed = ContinuousClock.now - started
            let milliseconds = Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
            response.headers[HTTPField.Name("Server-Timing")!] = "page;dur=" + String(format: "%.2f", milliseconds)
            return response
        } catch let error as QuenchError {
            // In the user's words, inside the navigation; the service's text as the detail.
            let words = RefusalWords.message(error, form: .other, values: [:], facts: .init(), language: session.language.language)
            let page = ErrorPage(message: words.message, detail: words.detail, language: session.language.language, context: session.context)
            var response = Self.html(page.render(), status: APIError.status(of: error.code))
            PageLanguage.apply(session.language, to: &response, secure: app.config.secureCookies)
            return response
        }
    }

    /// A form post: runs `action` for the signed-in user, then sends the browser back to
    /// `page` (303, so a reload does not post again) with a fixed notice code. A refused
    /// change shows the page again (with the status of the refusal's code) with the form as it
    /// was sent and the reason in the user's words (``RefusalWords``: `form` says which volume
    /// rule applies; `action` notes in its facts the instant and zone it asked for), the
    /// service's text only as a detail; the page's script puts the page's own address back in
    /// the address bar.
    private func post(
        _ request: Request, _ context: WebRequestContext, page target: DashboardPage, done: String, form kind: RefusalWords.Form = .other,
        _ action: (DashboardSession, FormBody, inout PostState) async throws -> Void
    ) async throws -> Response {
        guard let session = try await DashboardSession(request: request, context: context, backend: app.backend) else {
            return Self.redirect("/sign-in?next=" + target.path)
        }
        var request = request
        let form = FormBody(try await request.collectBody(upTo: context.maxUploadSize))
        var state = PostState(facts: RefusalWords.Facts(zone: session.zone.identifier))
        let refusal: FormRefusal
        let status: HTTPResponse.Status
        do {
            try await action(session, form, &state)
            return Self.redirect(target.path + "?done=" + done + (state.query ?? ""))
        } catch let refused as FieldRefusal {
            refusal = FormRefusal(action: request.uri.path, values: form.values, field: refused.field, message: refused.message)
            status = .badRequest
        } catch let error as QuenchError {
            let words = RefusalWords.message(
                error, form: kind, values: form.values, facts: state.facts, language: session.language.language, numbers: form.numberLanguage(request))
            refusal = FormRefusal(action: request.uri.path, values: form.values, field: error.field, message: words.message, detail: words.detail)
            status = APIError.status(of: error.code)
        }
        return try await page(request, context, refusal: refusal, status: status) { session in
            try await render(target, session)
        }
    }

    /// What a form post's action tells ``post(_:_:page:done:form:_:)``: the facts a refusal is
    /// told with, and more of the address it goes to when done (`&undo=…`).
    struct PostState {
        var facts: RefusalWords.Facts
        var query: String?
    }

    private func render(_ page: DashboardPage, _ session: DashboardSession) async throws -> String {
        switch page {
        case .today: try await today(session)
        case .goal: try await goal(session)
        case .history: try await history(session)
        case .steps: try await steps(session, month: nil)
        case .strength: try await strength(session)
        case .challenges: try await challenges(session, month: nil)
        case .consents: try await consents(session)
        case .tokens: try await tokens(session)
        }
    }

    func tokens(_ session: DashboardSession, created: (info: TokenInfo, secret: String)? = nil) async throws -> String {
        let list = try await app.database.pool.read { db in try TokenStore.list(db, user: session.user) }
        return TokensPage(tokens: list, created: created, zone: session.zone.identifier).render(session.context)
    }

    /// `POST /tokens`: the narrowest token for the job the form names (``TokenPurpose``), shown
    /// on the page this once (never in an address: the page answers the post itself, and the
    /// script replaces the address so that a reload does not make another).
    private func createToken(_ request: Request, _ context: WebRequestContext) async throws -> Response {
        var request = request
        let form = FormBody(try await request.collectBody(upTo: context.maxUploadSize))
        guard let purpose = form["purpose"].flatMap(TokenPurpose.init(rawValue:)) else {
            let l = Localizer(PageLanguage.of(request).language)
            return try await page(request, context, notice: .error(l(TokensPageText.unknownPurpose)), status: .badRequest) { try await tokens($0) }
        }
        let name: String
        do {
            name = try TokenHandlers.name(form["name"])
        } catch let error as QuenchError {
            let l = Localizer(PageLanguage.of(request).language)
            return try await page(request, context, notice: .error(l(ErrorText.service(code: error.code.rawValue, field: error.field, detail: error.message))), status: .badRequest) {
                try await tokens($0)
            }
        }
        return try await page(request, context) { session in
            let secret = Secret.generate(.token)
            let info = try await app.database.pool.write { db in
                try TokenStore.insert(db, secret: secret, user: session.user, name: name, scopes: purpose.scopes, now: Date())
            }
            return try await tokens(session, created: (info, secret.text))
        }
    }

    /// `POST /erase` (the consents page's form, its checkbox `confirm=yes` ticked): what
    /// `DELETE /api/v1/me` does (``AccountErase``); done, the session cookie is cleared and the
    /// browser goes to the sign-in page, which says so. Unticked: the page again, nothing
    /// erased; a service that did not erase: the page again naming it (the session stays).
    private func erase(_ request: Request, _ context: WebRequestContext) async throws -> Response {
        guard context.identity != nil else { return Self.redirect("/sign-in?next=" + DashboardPage.consents.path) }
        let user = try context.requireUser(scope: .account, for: "POST /erase")
        var request = request
        let form = FormBody(try await request.collectBody(upTo: context.maxUploadSize))
        let l = Localizer(PageLanguage.of(request).language)
        guard form["confirm"] == "yes" else {
            return try await page(request, context, notice: .error(l(DashboardFormText.field("confirm")) + (l.language == .fr ? "\u{00A0}: " : ": ") + l(DashboardText.eraseConfirm)), status: .badRequest) { try await consents($0) }
        }
        let report = await AccountErase(app: app, memory: .shared).run(for: user)
        guard report.erased else {
            let failed = report.services.filter { !$0.erased && $0.status != .kept }.map { "\($0.service) (\($0.status.rawValue))" }
            return try await page(
                request, context, notice: .error(l(DashboardText.eraseIncomplete(failed.joined(separator: ", ")))), status: .serviceUnavailable
            ) { try await consents($0) }
        }
        var response = Self.redirect("/sign-in?error=erased")
        response.setCookie(Cookie(name: SessionStore.cookieName, value: "", maxAge: 0, path: "/", secure: app.config.secureCookies, httpOnly: true, sameSite: .lax))
        return response
    }

    /// `text/event-stream` of the user's changes: `event: change` with the groups as data,
    /// sent once analytics has applied the event (so a page that reads analytics shows it),
    /// a comment every 15 s to keep proxies from closing the stream, closed after 10 minutes
    /// (the browser's EventSource reconnects by itself) or at graceful shutdown.
    private func events(_ request: Request, _ context: WebRequestContext) async throws -> Response {
        let user = try context.requireUser(scope: .account, for: "the dashboard")
        guard let live else {
            throw APIError(QuenchError(.unavailable, "live updates are off on this server (see its log)"))
        }
        guard let (changes, cancel) = live.listen(user: user) else {
            throw APIError(QuenchError(.resourceExhausted, "too many live-update streams open for this user; close a tab"), headers: [.retryAfter: "30"])
        }
        let backend = app.backend
        let zone = DashboardSession.zone(request)
        return Response(
            status: .ok,
            headers: [.contentType: "text/event-stream; charset=utf-8", .cacheControl: "no-store", HTTPField.Name("X-Accel-Buffering")!: "no"],
            body: ResponseBody { writer in
                defer { cancel() }
                try await writer.write(ByteBuffer(string: "retry: 3000\n: connected\n\n"))
                let deadline = ContinuousClock.now + .seconds(600)
                try await LiveStream.run(changes: changes, deadline: deadline, heartbeat: .seconds(15)) { change in
                    await LiveStream.waitForAnalytics(change, backend: backend, user: user, zone: zone)
                    try await writer.write(ByteBuffer(string: "event: change\ndata: \(LiveTopics.wire(change.groups))\n\n"))
                } ping: {
                    try await writer.write(ByteBuffer(string: ": ping\n\n"))
                }
                try await writer.finish(nil)
            })
    }

    /// The request's path and query, percent-encoded for a `next=` parameter.
    static func encodedPath(_ request: Request) -> String {
        let target = request.uri.description
        return target.addingPercentEncoding(withAllowedCharacters: .alphanumerics.union(CharacterSet(charactersIn: "-._~/"))) ?? "/"
    }

    static func html(_ text: String, status: HTTPResponse.Status = .ok) -> Response {
        Response(status: status, headers: [.contentType: "text/html; charset=utf-8"], body: .init(byteBuffer: ByteBuffer(string: text)))
    }

    static func redirect(_ location: String) -> Response {
        Response(status: .seeOther, headers: [.location: location])
    }

    static func asset(_ text: String, type: String) -> Response {
        Response(status: .ok, headers: [.contentType: type, .cacheControl: "public, max-age=300"], body: .init(byteBuffer: ByteBuffer(string: text)))
    }
}
