import Foundation
import QuenchProtocol

/// What goals knows about one user, and the rules that turn it into the goal in effect.
///
/// Modes: the goal is **auto** (derived from the newest weight) whenever the body-mass consent
/// is granted, a weight is known and the user has not pinned a manual goal; otherwise the
/// user's **manual** goal if one was set; otherwise the **default** 2500 mL.
/// - `goal.set` stores the manual goal. Set while an auto goal is available, it also pins it:
///   weights arriving later leave it alone until `goal.auto`. Set while no auto goal is
///   available, it does not pin, so the first weight (with consent) overrides it.
/// - `goal.auto` unpins; it needs an auto goal to be available.
/// - Revoking consent or deleting the weights falls back to manual, else default; the pin stays.
struct GoalState: Equatable, Sendable {
    var manualMl: Double?
    var pinned = false
    var bodyMassConsent = false
    var weight: WeightReading?
    var timeZone = "UTC"

    var autoAvailable: Bool {
        bodyMassConsent && weight != nil
    }

    var effective: EffectiveGoal {
        if autoAvailable, !pinned, let weight {
            let derived = AutoGoal.derive(weightKg: weight.kg)
            return EffectiveGoal(goalMl: derived.goalMl, source: .auto, weightKg: weight.kg, adjusted: derived.adjusted)
        }
        if let manualMl {
            return EffectiveGoal(goalMl: manualMl, source: .manual)
        }
        return .default
    }

    mutating func setManual(_ millilitres: Double) {
        manualMl = millilitres
        if autoAvailable { pinned = true }
    }

    mutating func chooseAuto() throws {
        guard bodyMassConsent else {
            throw QuenchError(
                .failedPrecondition,
                "an auto goal needs the body-mass consent: `quench consent grant body-mass`, then a weight (`quench weight add`)")
        }
        guard weight != nil else {
            throw QuenchError(.failedPrecondition, "an auto goal needs a weight: `quench weight add VALUE --unit kg`")
        }
        pinned = false
    }

    /// Keeps `reading` when it is newer by measuring time than the weight known.
    mutating func record(_ reading: WeightReading) {
        if reading.supersedes(weight) { weight = reading }
    }

    mutating func consentChanged(granted: Bool, latest: WeightReading?, deleted: Bool) {
        bodyMassConsent = granted
        if deleted { weight = nil }
        if let latest { record(latest) }
    }

    /// Takes `zone` as the user's when it names a real IANA zone (an event's zone; none or an
    /// unknown one changes nothing).
    mutating func learn(zone: String?) {
        guard let zone, zone.utf8.count <= 100, let known = TimeZone(identifier: zone) else { return }
        timeZone = known.identifier
    }

    mutating func forgetHealthData() {
        bodyMassConsent = false
        weight = nil
    }
}
