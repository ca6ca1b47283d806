import Foundation
import QuenchProtocol

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
            throw ChallengeFeed.Failure(code: .malformed, message: ChallengeSyncText.notJSON)
        }
        guard let object = root as? [String: Any], let items = object["items"] as? [Any] else {
            throw ChallengeFeed.Failure(code: .malformed, message: ChallengeSyncText.noItems)
        }
        guard items.count <= LoadChallengesRequest.maxItems else {
            throw ChallengeFeed.Failure(code: .malformed, message: ChallengeSyncText.tooManyItems(items.count, limit: LoadChallengesRequest.maxItems))
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
                    skip(path, ChallengeSyncText.notAnObject)
                    continue
                }
                item = try JSONDecoder().decode(Challenge.self, from: JSONSerialization.data(withJSONObject: raw))
            } catch let error as DecodingError {
                let (field, message) = describe(error, path: path)
                skip(field, message)
                continue
            } catch {
                skip(path, ChallengeSyncText.unreadable)
                continue
            }
            do {
                try ChallengeRules.validate(item, path: path)
            } catch let error as QuenchError {
                skip(error.field ?? path, error.message)
                continue
            }
            if let first = seen[item.id] {
                skip("\(path).id", ChallengeSyncText.duplicate(of: first, id: item.id))
                continue
            }
            seen[item.id] = index
            parsed.items.append(item)
        }
        guard !parsed.items.isEmpty else {
            throw ChallengeFeed.Failure(code: .malformed, message: ChallengeSyncText.noGoodItem(skipped: parsed.skipped.count))
        }
        return parsed
    }

    /// The field (`items[1].goal`) and the rule of a decoding error within an item.
    static func describe(_ error: DecodingError, path: String) -> (field: String, message: String) {
        let text = ChallengeFile.describe(error)
        guard let colon = text.range(of: ": ") else { return (path, text) }
        let field = String(text[..<colon.lowerBound])
        return (field.isEmpty ? path : "\(path).\(field)", String(text[colon.upperBound...]))
    }
}
