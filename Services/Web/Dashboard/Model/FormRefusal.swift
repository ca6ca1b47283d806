public import Foundation
public import QuenchProtocol
public import QuenchStrings

/// A form post that was refused (issue #39 item 12): the page is shown again with the form as
/// it was sent (``values``), the refused field marked, and the reason in the user's words
/// (``message``), the service's own text below it only as a detail.
public struct FormRefusal: Sendable, Equatable {
    /// The path the form posted to (``TodayPage/logPath``, an edit's path, ``GoalPage/setPath``):
    /// the form that shows ``values``.
    public var action: String
    /// The fields as posted (the CSRF token left out).
    public var values: [String: String]
    /// The refused field, as the form names it (`volume`, `time`, `fluid`, `unit`), when one is.
    public var field: String?
    public var message: String
    public var detail: String?

    public init(action: String, values: [String: String], field: String?, message: String, detail: String? = nil) {
        self.action = action
        self.values = values
        self.field = field
        self.message = message
        self.detail = detail
    }

    /// The id of the notice at the top of the page that says why.
    public static let noticeID = "form-error"
    /// The id of the same reason inside the refused form, beside its fields (the refused
    /// field's `aria-describedby`; on a phone the focused field is far from the top).
    public static let inlineID = "form-error-here"

    /// `name`'s value for the form posted to `action`, when this refusal is of that form.
    public func value(_ name: String, for action: String) -> String? {
        self.action == action ? values[name] : nil
    }

    /// The attributes of the field `name` of the form posted to `action`: marked invalid,
    /// described by the notice and focused, when it is the refused field.
    public func marks(_ name: String, for action: String) -> [(String, String?)] {
        guard self.action == action, field == name || (field == "at" && name == "time") else { return [] }
        return [("aria-invalid", "true"), ("aria-describedby", Self.inlineID), ("autofocus", "autofocus")]
    }
}

/// A refusal of a dashboard form in the user's words (issue #39 items 11, 12): the field by the
/// label the form gives it, volumes in the unit the form was in, times as the page writes them
/// in the drink's zone; the service's text (`field: message`) kept as the detail. A refusal the
/// dashboard has no words of its own for says what its code means (``ServiceErrorText``).
public enum RefusalWords {
    /// Which form was refused: its volume rule differs.
    public enum Form: Sendable {
        case drink
        case goal
        case other
    }

    /// What the route knew when the service refused: the instant it asked for (an edit's new
    /// time), in which zone, and now.
    public struct Facts: Sendable {
        public var at: Date?
        public var zone: String?
        public var now: Date

        public init(at: Date? = nil, zone: String? = nil, now: Date = Date()) {
            self.at = at
            self.zone = zone
            self.now = now
        }
    }

    public static func message(
        _ error: QuenchError, form: Form, values: [String: String], facts: Facts, language: Language, numbers: Language? = nil
    ) -> (message: String, detail: String) {
        let l = Localizer(language)
        let detail = error.field.map { "\($0): \(error.message)" } ?? error.message
        let label = error.field.map { l(DashboardFormText.field($0)) }
        let words: DashboardFormText? = switch (error.code, error.field) {
        case (.invalidArgument, "volume"?): volume(form: form, values: values, language: language, numbers: numbers ?? language).map { $0(label!) }
        case (.invalidArgument, "at"?):
            facts.at.flatMap { at in
                at > facts.now
                    ? DashboardFormText.inFuture(
                        field: label!, time: l.time(at, zone: facts.zone ?? "UTC"), now: l.time(facts.now, zone: facts.zone ?? "UTC"))
                    : nil
            }
        case (.notFound, "fluid"?):
            values["fluid"].map { DashboardFormText.unknownFluid(field: label!, name: WebFormat.capitalised(l(FluidText(name: $0)))) }
        case (.invalidArgument, "unit"?): DashboardFormText.unknownUnit(field: label!)
        case (.notFound, "id"?): DashboardFormText.drinkGone
        default: nil
        }
        let message = words.map { l($0) } ?? WebFormat.capitalised(l(DashboardFormText.refused(code: error.code.rawValue, field: label)))
        return (message, detail)
    }

    /// A refused volume said with the form's rule, the number and the unit as they were typed.
    private static func volume(form: Form, values: [String: String], language: Language, numbers: Language) -> ((String) -> DashboardFormText)? {
        let unit = values["unit"].flatMap(VolumeUnit.init(parsing:)) ?? .milliliter
        guard let text = values["volume"], let typed = FormNumber.parse(text, language: numbers) else { return nil }
        let l = Localizer(language)
        let shown = DisplayUnits(volume: unit.displayName)
        func inUnit(_ microlitres: Double) -> String {
            WebFormat.volume(microlitres / 1000, units: shown, l)
        }
        let got = inUnit(typed * unit.microlitres)
        switch form {
        case .drink:
            let max = Double(ValueRules.waterMicrolitres.upperBound)
            return { DashboardFormText.drinkVolume(field: $0, max: inUnit(max), got: got) }
        case .goal:
            let min = Double(GoalVolumeRule.minMicrolitres), max = Double(GoalVolumeRule.maxMicrolitres)
            return { DashboardFormText.goalVolume(field: $0, min: inUnit(min), max: inUnit(max), got: got) }
        case .other:
            return nil
        }
    }
}

extension VolumeUnit {
    /// The display unit (``DisplayUnits/volume``) of a form's unit.
    fileprivate var displayName: String {
        switch self {
        case .milliliter: "mL"
        case .liter: "L"
        case .usFluidOunce: "fl-oz"
        }
    }
}
