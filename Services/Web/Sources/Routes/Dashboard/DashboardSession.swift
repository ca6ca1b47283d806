import Foundation
import Synchronization
import Hummingbird
import QuenchProtocol
import QuenchStrings
import WebDashboard

/// One page request's user, zone, language and page context. Built only for a signed-in request;
/// calls go to the services for that user alone, in the browser's zone.
struct DashboardSession: Sendable {
    let user: String
    let zone: ZoneID
    var context: PageContext
    let backend: Backend
    /// The page's language (``PageLanguage``).
    let language: (language: Language, chosen: Bool)

    /// Nil without a signed-in user (the route sends the browser to sign in); `403` for a
    /// token that is not full-scope (the dashboard does everything the account may).
    init?(request: Request, context: WebRequestContext, backend: Backend, notice: PageContext.Notice? = nil) async throws {
        guard let identity = context.identity else { return nil }
        _ = try context.requireUser(scope: .account, for: "the dashboard")
        user = identity.user
        zone = Self.zone(request)
        self.backend = backend
        language = PageLanguage.of(request)
        var csrf: (name: String, value: String)?
        if case .session(_, let token) = identity.method { csrf = (name: "csrf", value: token) }
        let units = await UnitsCache.shared.units(for: identity.user, zone: zone.identifier, backend: backend)
        self.context = PageContext(
            user: identity.user, csrf: csrf, notice: notice ?? PageContext.notice(done: request.query("done"), language: language.language),
            units: units, language: language.language)
    }

    /// The browser's zone: the `tz` cookie the dashboard's script sets, when it is an IANA
    /// zone; UTC otherwise.
    static func zone(_ request: Request) -> ZoneID {
        request.cookies["tz"].flatMap { ZoneID($0.value.removingPercentEncoding ?? $0.value) } ?? .utc
    }

    /// Today in the browser's zone.
    var today: LocalDay { LocalDay(instant: Date(), timeZone: zone.timeZone) }

    /// `message` to the service that owns it, for this user, in this zone (or in `zone`: an
    /// edit in the drink's own).
    func call<Kind, Request, Reply>(
        _ message: MessageDescriptor<Kind, Request, Reply>, _ body: Request, zone other: String? = nil, idempotencyKey: String? = nil
    ) async throws -> Reply {
        try await backend.call(message, body, for: user, zone: other ?? zone.identifier, idempotencyKey: idempotencyKey)
    }
}

/// A form field the dashboard refuses itself (before any service is asked), its message
/// already in the user's words.
struct FieldRefusal: Error {
    var field: String
    var message: String
}

/// An `application/x-www-form-urlencoded` body, read once.
struct FormBody: Sendable {
    private var fields: [String: String] = [:]

    init(_ buffer: ByteBuffer) {
        for pair in String(buffer: buffer).split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard let name = Self.decode(parts[0]), fields[name] == nil else { continue }
            fields[name] = parts.count == 2 ? Self.decode(parts[1]) : ""
        }
    }

    /// The fields as posted, the CSRF token left out (a refused form shows them again).
    var values: [String: String] { fields.filter { $0.key != "csrf" } }

    subscript(_ name: String) -> String? {
        fields[name].flatMap { $0.isEmpty ? nil : $0 }
    }

    func required(_ name: String) throws -> String {
        guard let value = self[name] else { throw QuenchError.invalidArgument(name, "is required") }
        return value
    }

    /// The language the form's numbers are written in: its own `lang` field (the language of
    /// the page it was on), else the request's.
    func numberLanguage(_ request: Request) -> Language {
        self[PageShell.languageFieldName].flatMap { Language(tag: String($0.prefix(16))) } ?? PageLanguage.of(request).language
    }

    /// A number field read in `language` (``FormNumber``), refused naming the field unless its
    /// whole text is one number; empty is refused too.
    func number(_ name: String, language: Language) throws -> Double {
        guard let value = try optionalNumber(name, language: language) else {
            let l = Localizer(language)
            throw FieldRefusal(field: name, message: l(DashboardFormText.required(field: l(DashboardFormText.field(name)))))
        }
        return value
    }

    /// As ``number(_:language:)``, nil when the field is empty or absent.
    func optionalNumber(_ name: String, language: Language) throws -> Double? {
        guard let text = self[name], !text.allSatisfy(\.isWhitespace) else { return nil }
        guard let value = FormNumber.parse(text, language: language) else {
            let l = Localizer(language)
            let examples = FormNumber.examples(language)
            throw FieldRefusal(field: name, message: l(DashboardFormText.notANumber(
                field: l(DashboardFormText.field(name)), got: String(text.prefix(FormNumber.maxLength)),
                grouped: examples.grouped, decimal: examples.decimal)))
        }
        return value
    }

    /// `HH:MM` on `day` in `zone`, as an instant: a real clock time (no 25:00, no 10:61), read
    /// strictly (``Timestamp``).
    func instant(time: String, day: LocalDay, zone: ZoneID) throws -> Date {
        guard let clock = Timestamp.clockTime(time) else {
            throw QuenchError.invalidArgument("time", "must be a time HH:MM (hour 00–23, minute 00–59), got '\(time.prefix(20))'")
        }
        return Timestamp.instant(day: day, time: clock, in: zone.timeZone)
    }

    private static func decode(_ text: Substring) -> String? {
        String(text).replacingOccurrences(of: "+", with: " ").removingPercentEncoding
    }
}

/// The users' display units (`units.get`), kept a minute per user so a page does not wait
/// for health-ingest before its own reads (a change made with `quench units set` shows
/// within a minute). At most 1,000 users are kept; the defaults when health-ingest cannot say.
final class UnitsCache: Sendable {
    static let shared = UnitsCache()
    static let lifetime: Duration = .seconds(60)
    static let maxUsers = 1000

    private let entries = Mutex<[String: (at: ContinuousClock.Instant, units: DisplayUnits)]>([:])

    func units(for user: String, zone: String, backend: Backend) async -> DisplayUnits {
        let now = ContinuousClock.now
        if let entry = entries.withLock({ $0[user] }), now - entry.at < Self.lifetime { return entry.units }
        guard let reply = try? await backend.call(.unitsGet, UnitsGetRequest(), for: user, zone: zone) else { return DisplayUnits() }
        let units = DisplayUnits(volume: reply.volume, weight: reply.weight)
        entries.withLock { entries in
            if entries.count >= Self.maxUsers, let oldest = entries.min(by: { $0.value.at < $1.value.at })?.key { entries[oldest] = nil }
            entries[user] = (now, units)
        }
        return units
    }
}
