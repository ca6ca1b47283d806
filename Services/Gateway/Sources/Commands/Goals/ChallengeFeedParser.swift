import Foundation
import QuenchProtocol
import QuenchStrings

/// Reads a fetched feed, `{"items":[…]}`, item by item: an item that cannot be read or breaks
/// a catalog rule (`ChallengeRules`), or repeats an earlier item's id, is reported by its
/// index, id and field and left out; the others make the catalog. Only a body that is no
/// feed at all (not JSON, no `items` array, more than 1000 items, no good item) fails whole.
enum ChallengeFeedParser {
    /// An item left out, and why.
    struct Skipped: Codable, Equatable, Sendable {
        var index: Int
        /// The item's id when it has a readable one.
        var id: String?
        /// The field and rule, e.g. `items[3].reward.trophy`.
        var field: String
        var message: String
    }

    struct Parsed: Equatable {
        var items: [Challenge]
        var skipped: [Skipped]
    }

    /// The reasons a body is no feed; `ChallengeFeed.Failure`s with code `malformed`.
    static func parse(_ data: Data) throws -> Parsed {
        let root: Any
        do {
            root = try JSONSerialization.jsonObject(with: data)
        } catch {
            throw ChallengeFeed.Failure(code: .malformed, .notJSON)
        }
        guard let object = root as? [String: Any], let items = object["items"] as? [Any] else {
            throw ChallengeFeed.Failure(code: .malformed, .noItems)
        }
        guard items.count <= LoadChallengesRequest.maxItems else {
            throw ChallengeFeed.Failure(code: .malformed, .tooManyItems(count: items.count, limit: LoadChallengesRequest.maxItems))
        }
        var parsed = Parsed(items: [], skipped: [])
        var seen: [String: Int] = [:]
        for (index, raw) in items.enumerated() {
            let path = "items[\(index)]"
            let id = ((raw as? [String: Any])?["id"] as? String).map { String($0.prefix(ChallengeRules.maxIDLength + 1)) }
            func skip(_ field: String, _ message: String) {
                parsed.skipped.append(Skipped(index: index, id: id, field: field, message: message))
            }
            let item: Challenge
            do {
                guard raw is [String: Any] else {
                    skip(path, tr(ChallengeSyncText.notAnObject))
                    continue
                }
                item = try JSONDecoder().decode(Challenge.self, from: JSONSerialization.data(withJSONObject: raw))
            } catch let error as DecodingError {
                let (field, message) = describe(error, path: path)
                skip(field, message)
                continue
            } catch {
                skip(path, tr(ChallengeSyncText.unreadable))
                continue
            }
            do {
                try ChallengeRules.validate(item, path: path)
            } catch let error as QuenchError {
                skip(error.field ?? path, error.message)
                continue
            }
            if let first = seen[item.id] {
                skip("\(path).id", tr(ChallengeSyncText.duplicate(first: first, id: String(item.id.prefix(ChallengeRules.maxIDLength)))))
                continue
            }
            seen[item.id] = index
            parsed.items.append(item)
        }
        guard !parsed.items.isEmpty else {
            let message = parsed.skipped.isEmpty ? ChallengeSyncText.feedEmpty : ChallengeSyncText.noneUsable(skipped: parsed.skipped.count)
            throw ChallengeFeed.Failure(code: .malformed, message)
        }
        return parsed
    }

    /// The field (`items[1].goal`) and the rule of a decoding error within the item at `path`.
    static func describe(_ error: DecodingError, path: String) -> (field: String, message: String) {
        func field(_ keys: [any CodingKey]) -> String {
            keys.reduce(path) { text, key in key.intValue.map { "\(text)[\($0)]" } ?? "\(text).\(key.stringValue)" }
        }
        switch error {
        case .keyNotFound(let key, let context):
            return (field(context.codingPath + [key]), tr(ChallengeSyncText.isRequired))
        case .typeMismatch(let type, let context):
            let rule: ChallengeSyncText =
                type == Double.self || type == Int.self ? .mustBeNumber : type == String.self ? .mustBeString : .mustBeType("\(type)")
            return (field(context.codingPath), tr(rule))
        case .valueNotFound(_, let context):
            return (field(context.codingPath), tr(ChallengeSyncText.mustNotBeNull))
        case .dataCorrupted(let context):
            return (field(context.codingPath), tr(ChallengeSyncText.invalidJSON(context.debugDescription)))
        @unknown default:
            return (path, "\(error)")
        }
    }
}
