import Foundation
import QuenchProtocol
import QuenchStrings

/// `quench goal` as JSON: `{goalMl, source, since, weightKg?, adjusted?, pinned, autoAvailable, changed?}`;
/// `since` is null while only the default ever applied, `weightKg` only for an auto goal.
struct GoalView: Encodable {
    let reply: GoalReply

    init(_ reply: GoalReply) {
        self.reply = reply
    }

    private enum Keys: String, CodingKey {
        case goalMl, source, since, weightKg, adjusted, pinned, autoAvailable, changed
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode(reply.goalMl, forKey: .goalMl)
        try container.encode(reply.source, forKey: .source)
        try container.encode(reply.since, forKey: .since)
        try container.encodeIfPresent(reply.weightKg, forKey: .weightKg)
        try container.encodeIfPresent(reply.adjusted, forKey: .adjusted)
        try container.encode(reply.pinned, forKey: .pinned)
        try container.encode(reply.autoAvailable, forKey: .autoAvailable)
        try container.encodeIfPresent(reply.changed, forKey: .changed)
    }

    static func describe(_ reply: GoalReply, style: Style) -> String {
        var text = tr(GoalsText.goal(amount: style.bold(Format.millilitres(reply.goalMl)), source: tr(GoalsText.source(reply.source))))
        if let weight = reply.weightKg {
            text += tr(GoalsText.fromWeight(formatKilograms(weight)))
        }
        if let since = reply.since { text += tr(GoalsText.since(Format.day(since))) }
        switch reply.adjusted {
        case "capped": text += "\n" + style.yellow(tr(GoalsText.capped))
        case "raised": text += "\n" + style.yellow(tr(GoalsText.raised))
        default: break
        }
        if reply.pinned {
            text += "\n" + style.dim(tr(GoalsText.pinned))
        }
        if reply.changed == false { text += "\n" + style.dim(tr(GoalsText.unchanged)) }
        return text
    }

    static func formatKilograms(_ value: Double) -> String {
        tr(UnitText.kilograms(l10n.decimal(value, maximum: 1)))
    }
}

/// `quench goal history` as JSON: `{goals:[{goalMl, source, startDay, endDay}]}`, `endDay` null for the current goal.
struct GoalHistoryView: Encodable {
    struct Period: Encodable {
        let period: GoalPeriod

        private enum Keys: String, CodingKey {
            case goalMl, source, startDay, endDay, weightKg, adjusted
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode(period.goalMl, forKey: .goalMl)
            try container.encode(period.source, forKey: .source)
            try container.encode(period.startDay, forKey: .startDay)
            try container.encode(period.endDay, forKey: .endDay)
            try container.encodeIfPresent(period.weightKg, forKey: .weightKg)
            try container.encodeIfPresent(period.adjusted, forKey: .adjusted)
        }
    }

    let goals: [Period]

    init(_ reply: GoalHistoryReply) {
        goals = reply.goals.map(Period.init(period:))
    }
}
