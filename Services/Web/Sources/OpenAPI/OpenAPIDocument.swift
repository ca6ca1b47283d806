import QuenchClient
import QuenchProtocol

/// `/openapi.json`: the OpenAPI 3.1 document of everything the web edge serves outside the
/// pages. Built here beside the routes; `OpenAPITests` checks that its paths and methods are
/// exactly the registered ones, and `scripts/test.sh` runs schemathesis against a live
/// server with it. The bodies are the protocol's (docs/PROTOCOL.md §7) in JSON.
enum OpenAPIDocument {
    static var document: JSONValue {
        [
            "openapi": "3.1.0",
            "info": [
                "title": "Quench web API",
                "version": .string(QuenchVersion.current),
                "description": .string(
                    "The JSON API of quench-web. Authenticate with `Authorization: Bearer qt_…` (quench tokens create USER) "
                        + "or a browser session cookie (POST /sign-in) plus `X-CSRF-Token` on unsafe methods. Errors carry the protocol's codes."),
            ],
            "servers": [["url": "/"]],
            "security": [["bearer": []], ["session": []]],
            "paths": .object(paths),
            "components": [
                "securitySchemes": [
                    "bearer": [
                        "type": "http", "scheme": "bearer",
                        "description": .string(
                            "An API token, qt_ and 43 base64url characters, with scopes (each operation's security names the one it needs): "
                                + "ingest (health data in), log (drinks), read (every read), account (everything: the goal, consents, erasing the account, "
                                + "signing a browser in). A token without the scope gets 403 permission_denied naming it, with "
                                + "WWW-Authenticate: Bearer error=\"insufficient_scope\", scope=\"…\"."),
                    ],
                    "session": ["type": "apiKey", "in": "cookie", "name": .string(SessionStore.cookieName)],
                ],
                "schemas": .object(Schemas.all),
                "responses": .object(errorResponses),
            ],
        ]
    }

    // MARK: Paths

    static var paths: [String: JSONValue] {
        let zone = header("X-Time-Zone", "The caller's IANA time zone (what today means); default the server's.", ref("TimeZone"))
        let key = header("Idempotency-Key", "A retry with the same key returns the first reply and changes nothing.", [
            "type": "string", "minLength": 1, "maxLength": 128, "pattern": "^[!-~]+$",
        ])
        let id = JSONValue.object(["name": "id", "in": "path", "required": true, "schema": ["type": "string", "minLength": 1, "maxLength": 200]])
        let api = APIRoutes.prefix
        return [
            "/health": [
                "get": operation(
                    "Liveness of the web edge; with deep=1 every service's status too", tag: "system", public: true,
                    parameters: [query("deep", ["type": "string", "enum": ["0", "1"]])], ok: ("200", "Health"), extra: ["503": response("Health", "a service is not ok")])
            ],
            "/openapi.json": ["get": operation("This document", tag: "system", public: true, ok: ("200", nil))],
            "/sign-in": [
                "post": operation(
                    "Sign a browser in with an API token: sets the session cookie", tag: "sign-in", public: true,
                    body: ("SignInRequest", true), form: true, ok: ("200", "SignedIn"),
                    extra: [
                        "303": ["description": "a form post: signed in, redirected to `next` (a path on this site) or /, the form's `tz` (the browser's IANA zone) set as the `tz` cookie; a bad token or too many attempts: redirected to /sign-in?error=invalid (limited), no cookie"],
                        "400": [
                            "description": "invalid_argument: no token; a form post: the sign-in page again, saying so",
                            "content": ["application/json": ["schema": ref("Error")], "text/html": ["schema": ["type": "string"]]],
                        ],
                        "403": [
                            "description": "permission_denied: the token is not full-scope (only a token with the scope account signs a browser in); a form post: the sign-in page again, saying so",
                            "content": ["application/json": ["schema": ref("Error")], "text/html": ["schema": ["type": "string"]]],
                        ],
                    ])
            ],
            "/sign-in/link": [
                "get": operation(
                    "Redeem a one-time sign-in link (quench web open USER): sets the session cookie and redirects to `next` (a path on this site; else the page the sign-in page was shown for, else /); a used, expired or wrong link (or too many attempts) redirects to /sign-in?error=expired (limited)", tag: "sign-in",
                    public: true, parameters: [query("code", ["type": "string"], required: true), query("next", ["type": "string", "maxLength": 2048])], ok: ("303", nil))
            ],
            "/sign-out": ["post": operation("End the browser session (needs X-CSRF-Token or the form field csrf)", tag: "sign-in", ok: ("200", "SignedOut"))],
            "\(api)/me": [
                "get": operation("Who the request acts for", tag: "account", bearer: [], ok: ("200", "Me")),
                "delete": operation(
                    "Erase everything about the request's own user in intake, goals and health-ingest (intake.erase, goal.erase, health.erase; "
                        + "analytics follows their events), then on the web (tokens, sessions, sign-in links: this token or session is refused afterwards). "
                        + "Each service may take up to http.erase.timeout.ms (120 s). Running it again is safe. Needs a full-scope credential "
                        + "(a token with the scope account, or a browser session) and confirm naming the user it erases.",
                    tag: "account", bearer: [.account],
                    parameters: [query("confirm", ["type": "string", "minLength": 1, "maxLength": 200, "description": "the user this erases (the request's own): erasing cannot be undone"], required: true)],
                    ok: ("200", "EraseReport"),
                    extra: ["503": response("EraseReport", "a service is down or failed: the others erased, the web's part is kept (status kept) so that this token or session can run it again")]),
            ],
            "\(api)/today": [
                "get": operation("The day's water against its goal (analytics.today)", tag: "water", bearer: [.read], parameters: [query("day", date), zone], ok: ("200", "DaySummary"))
            ],
            "\(api)/history": [
                "get": operation(
                    "Daily totals against each day's goal, streaks (analytics.history)", tag: "water", bearer: [.read],
                    parameters: [query("days", ["type": "integer", "minimum": 1, "maximum": .number(Double(HistoryRequest.maxDays))]), zone], ok: ("200", "HistoryReply"))
            ],
            "\(api)/intakes": [
                "get": operation(
                    "A day's drinks, a page at a time (intake.list)", tag: "water", bearer: [.read],
                    parameters: [query("day", date), query("cursor", ["type": "string"]), query("limit", ["type": "integer", "minimum": 1, "maximum": 10000]), zone],
                    ok: ("200", "ListIntakesReply")),
                "post": operation(
                    "Log a drink (intake.log)", tag: "water", bearer: [.log], parameters: [zone, key], body: ("LogIntakeRequest", true), ok: ("201", "IntakeRecord")),
            ],
            "\(api)/intakes/{id}": [
                "patch": operation(
                    "Change a drink's fluid, volume or time (intake.edit)", tag: "water", bearer: [.log], parameters: [id, zone, key], body: ("EditIntakeBody", true),
                    ok: ("200", "IntakeRecord")),
                "delete": operation("Delete a drink (intake.delete)", tag: "water", bearer: [.log], parameters: [id, zone, key], ok: ("200", "DeleteIntakeReply")),
            ],
            "\(api)/fluids": ["get": operation("The fluids the user can log (fluids.list)", tag: "water", bearer: [.read], parameters: [zone], ok: ("200", "ListFluidsReply"))],
            "\(api)/goal": [
                "get": operation("The current water goal (goal.get)", tag: "goal", bearer: [.read], parameters: [zone], ok: ("200", "GoalReply")),
                "put": operation("Set a manual goal (goal.set)", tag: "goal", bearer: [.account], parameters: [zone, key], body: ("SetGoalRequest", true), ok: ("200", "GoalReply")),
            ],
            "\(api)/goal/auto": [
                "post": operation("Derive the goal from the newest weight again (goal.auto)", tag: "goal", bearer: [.account], parameters: [zone, key], ok: ("200", "GoalReply"))
            ],
            "\(api)/goal/history": [
                "get": operation(
                    "The goals, newest first (goal.history)", tag: "goal", bearer: [.read],
                    parameters: [query("cursor", ["type": "string"]), query("limit", ["type": "integer", "minimum": 1, "maximum": 10000]), zone],
                    ok: ("200", "GoalHistoryReply"))
            ],
            "\(api)/steps": [
                "get": operation("A month's daily steps and badges (analytics.steps-month)", tag: "activity", bearer: [.read], parameters: [query("month", month), zone], ok: ("200", "StepsMonthReply"))
            ],
            "\(api)/challenges": [
                "get": operation(
                    "Each challenge over a month, points and trophies (analytics.challenges-progress)", tag: "activity", bearer: [.read],
                    parameters: [query("month", month), zone], ok: ("200", "ChallengesProgressReply"))
            ],
            "\(api)/one-rep-max": [
                "get": operation(
                    "Estimated one-rep max per exercise (analytics.orm)", tag: "activity", bearer: [.read],
                    parameters: [
                        query("exercise", ["type": "string", "maxLength": 200]),
                        query("limit", ["type": "integer", "minimum": 1, "maximum": .number(Double(OneRepMaxRequest.maxLimit))]), zone,
                    ], ok: ("200", "OneRepMaxReply"))
            ],
            "\(api)/weight": [
                "get": operation(
                    "Body mass per day from `from` to `to` (samples.daily, body-mass)", tag: "health", bearer: [.read],
                    parameters: [
                        query("from", date, required: true), query("to", date, required: true),
                        query("aggregate", ["type": "string", "enum": ["latest", "min", "max", "average"]]), zone,
                    ], ok: ("200", "DailySamplesReply")),
                "post": operation("Add a weight (weight.add; needs the body-mass consent)", tag: "health", bearer: [.ingest], parameters: [zone, key], body: ("AddWeightRequest", true), ok: ("201", "WeightReply")),
            ],
            "\(api)/weight/latest": ["get": operation("The newest weight (weight.latest)", tag: "health", bearer: [.read], parameters: [zone], ok: ("200", "WeightReply"))],
            "\(api)/health-auto-export": [
                "post": operation(
                    "Import a Health Auto Export payload (the iOS app's REST API automation; docs/HEALTH-AUTO-EXPORT.md): steps, distance, "
                        + "body mass, water and workouts, as an import job of kind health-auto-export. At most limits.hae.body.bytes (32 MiB), else 413.",
                    tag: "health", bearer: [.ingest], parameters: [zone], body: ("HealthAutoExportPayload", true), ok: ("200", "HealthAutoExportReport"))
            ],
            "\(api)/consents": ["get": operation("The user's consents (consent.list)", tag: "health", bearer: [.read], parameters: [zone], ok: ("200", "ConsentListReply"))],
            "\(api)/consents/grant": [
                "post": operation("Grant consents (consent.grant)", tag: "health", bearer: [.account], parameters: [zone, key], body: ("ConsentChangeRequest", true), ok: ("200", "ConsentListReply"))
            ],
            "\(api)/consents/revoke": [
                "post": operation(
                    "Revoke consents, optionally deleting their data (consent.revoke)", tag: "health", bearer: [.account], parameters: [zone, key], body: ("ConsentChangeRequest", true),
                    ok: ("200", "ConsentListReply"))
            ],
        ]
    }

    static let date: JSONValue = ["type": "string", "format": "date"]
    static let month: JSONValue = ["type": "string", "pattern": "^[0-9]{4}-[0-9]{2}$"]

    static func query(_ name: String, _ schema: JSONValue, required: Bool = false) -> JSONValue {
        ["name": .string(name), "in": "query", "required": .bool(required), "schema": schema]
    }

    static func header(_ name: String, _ description: String, _ schema: JSONValue) -> JSONValue {
        ["name": .string(name), "in": "header", "required": false, "description": .string(description), "schema": schema]
    }

    static func response(_ schema: String?, _ description: String) -> JSONValue {
        guard let schema else { return ["description": .string(description)] }
        return ["description": .string(description), "content": ["application/json": ["schema": ref(schema)]]]
    }

    static func ref(_ schema: String) -> JSONValue {
        ["$ref": .string("#/components/schemas/\(schema)")]
    }

    /// The error responses every operation may give, by status (bodies: `Error`).
    static let errorStatuses: [(String, String)] = [
        ("400", "invalid_argument (field names what), malformed"), ("401", "unauthenticated: no or a wrong token, no session"),
        ("403", "permission_denied (the token lacks the operation's scope, named in the message and WWW-Authenticate; a missing CSRF token, a cross-origin request)"), ("404", "not_found (this user has no such thing)"),
        ("409", "conflict, already_exists (an idempotency key reused for another request)"), ("413", "too_large: the body is over limits.http.body.bytes"),
        ("422", "failed_precondition (no consent, say)"), ("429", "resource_exhausted: a rate limit (Retry-After)"),
        ("500", "internal"), ("503", "unavailable: a service cannot be reached"), ("504", "deadline_exceeded"),
    ]

    static var errorResponses: [String: JSONValue] {
        var responses: [String: JSONValue] = [:]
        for (status, description) in errorStatuses { responses["E\(status)"] = response("Error", description) }
        return responses
    }

    static func operation(
        _ summary: String, tag: String, bearer: [TokenScope]? = nil, public isPublic: Bool = false, parameters: [JSONValue] = [],
        body: (String, Bool)? = nil, form: Bool = false,
        ok: (String, String?), extra: [String: JSONValue] = [:]
    ) -> JSONValue {
        var responses: [String: JSONValue] = [ok.0: response(ok.1, "success")]
        for (status, _) in errorStatuses { responses[status] = ["$ref": .string("#/components/responses/E\(status)")] }
        for (status, value) in extra { responses[status] = value }
        var operation: [String: JSONValue] = ["summary": .string(summary), "tags": [.string(tag)], "responses": .object(responses)]
        if !parameters.isEmpty { operation["parameters"] = .array(parameters) }
        if let body {
            var content: [String: JSONValue] = ["application/json": ["schema": ref(body.0)]]
            if form { content["application/x-www-form-urlencoded"] = ["schema": ref(body.0)] }
            operation["requestBody"] = ["required": .bool(body.1), "content": .object(content)]
        }
        if isPublic { operation["security"] = [[:]] }
        // The token scope the route needs (OpenAPI 3.1 lets any scheme list them); a session
        // may do everything.
        if let bearer {
            operation["security"] = [["bearer": .array(bearer.map { .string($0.rawValue) })], ["session": []]]
            if let scope = bearer.first {
                operation["description"] = .string("Needs a token with the scope `\(scope.rawValue)`" + (scope == .account ? "" : " (or `account`)") + ", or a browser session.")
            }
        }
        return .object(operation)
    }
}
