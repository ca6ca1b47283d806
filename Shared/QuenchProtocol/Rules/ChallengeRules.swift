import Foundation

/// The rules of a challenge catalog item, shared by goals (which refuses a load or a replace
/// with a bad item, naming its path: `items[3].reward.trophy`) and the CLI's
/// `quench challenges sync` (which reports a bad item of a fetched feed and skips it).
public enum ChallengeRules {
    public static let maxIDLength = 64
    public static let maxTitleLength = 200
    public static let maxDescriptionLength = 2000
    /// Steps a day, or metres a day for the distance types.
    public static let maxGoal = 1_000_000.0
    public static let maxPoints = 1_000_000

    /// Every item and their ids' uniqueness; the first failure is thrown.
    public static func validate(_ items: [Challenge]) throws {
        guard !items.isEmpty else {
            throw QuenchError.invalidArgument("items", "must contain at least one challenge")
        }
        guard items.count <= LoadChallengesRequest.maxItems else {
            throw QuenchError.invalidArgument("items", "must contain at most \(LoadChallengesRequest.maxItems) challenges, got \(items.count)")
        }
        var seen: [String: Int] = [:]
        for (index, item) in items.enumerated() {
            let path = "items[\(index)]"
            try validate(item, path: path)
            if let first = seen[item.id] {
                throw QuenchError.invalidArgument("\(path).id", "duplicates items[\(first)].id '\(item.id)'")
            }
            seen[item.id] = index
        }
    }

    /// One item; the error's field starts with `path`.
    public static func validate(_ item: Challenge, path: String) throws {
        try id(item.id, field: "\(path).id")
        try text(item.title, field: "\(path).title", max: maxTitleLength, required: true)
        try text(item.description, field: "\(path).description", max: maxDescriptionLength, required: false)
        guard ChallengeVocabulary.types.contains(item.type) else {
            throw QuenchError.invalidArgument(
                "\(path).type", "must be one of \(ChallengeVocabulary.types.joined(separator: ", ")), got '\(item.type.prefix(40))'")
        }
        guard item.goal.isFinite, item.goal > 0, item.goal <= maxGoal else {
            throw QuenchError.invalidArgument("\(path).goal", "must be greater than 0 and at most \(Int(maxGoal)), got \(item.goal)")
        }
        if item.type == "step", item.goal.rounded() != item.goal {
            throw QuenchError.invalidArgument("\(path).goal", "must be a whole number of steps, got \(item.goal)")
        }
        guard ChallengeVocabulary.trophies.contains(item.reward.trophy) else {
            throw QuenchError.invalidArgument(
                "\(path).reward.trophy",
                "must be one of \(ChallengeVocabulary.trophies.joined(separator: ", ")), got '\(item.reward.trophy.prefix(40))'")
        }
        guard (0...maxPoints).contains(item.reward.points) else {
            throw QuenchError.invalidArgument("\(path).reward.points", "must be 0 to \(maxPoints), got \(item.reward.points)")
        }
    }

    /// 1–64 characters of letters, digits, `-`, `_`, `.` and `:`.
    public static func id(_ id: String, field: String) throws {
        guard !id.isEmpty, id.count <= maxIDLength else {
            throw QuenchError.invalidArgument(field, "must be 1 to \(maxIDLength) characters, got \(id.count)")
        }
        let allowed = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: "-_.:"))
        guard id.unicodeScalars.allSatisfy({ $0.isASCII && allowed.contains($0) }) else {
            throw QuenchError.invalidArgument(field, "must contain only letters, digits, '-', '_', '.' and ':', got '\(id.prefix(40))'")
        }
    }

    public static func text(_ text: String, field: String, max: Int, required: Bool) throws {
        if required, text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
            throw QuenchError.invalidArgument(field, "must not be empty")
        }
        guard text.count <= max else {
            throw QuenchError.invalidArgument(field, "must be at most \(max) characters, got \(text.count)")
        }
        let allowedControls: Set<Unicode.Scalar> = ["\n", "\t"]
        guard text.unicodeScalars.allSatisfy({ !CharacterSet.controlCharacters.contains($0) || allowedControls.contains($0) }) else {
            throw QuenchError.invalidArgument(field, "must not contain control characters")
        }
    }
}
