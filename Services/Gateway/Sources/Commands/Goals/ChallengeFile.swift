import Foundation
import QuenchProtocol
import QuenchStrings

/// A challenges file in the shape of the public goals feed, `{"items":[…]}`, read with
/// errors that name the item and field (`items[3].reward`).
enum ChallengeFile {
    /// Larger files are refused before reading (1000 items fit in far less).
    static let maxBytes = 4 << 20

    private struct Feed: Decodable {
        var items: [Challenge]
    }

    static func read(_ path: String) throws -> [Challenge] {
        let url = URL(fileURLWithPath: path)
        let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? nil
        if let size, size > maxBytes {
            throw CLIError.usage(tr(GoalsText.fileTooLarge(path: path, size: size, max: maxBytes)))
        }
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw CLIError.io(tr(GoalsText.cannotRead(path: path, reason: diagnostic(error))))
        }
        return try decode(data, name: path)
    }

    static func decode(_ data: Data, name: String) throws -> [Challenge] {
        let items: [Challenge]
        do {
            items = try JSONDecoder().decode(Feed.self, from: data).items
        } catch let error as DecodingError {
            throw CLIError.usage("\(name): \(describe(error))")
        } catch {
            throw CLIError.usage(tr(GoalsText.notJSON(name: name, reason: diagnostic(error))))
        }
        guard items.count <= LoadChallengesRequest.maxItems else {
            throw CLIError.usage(tr(GoalsText.tooManyItems(name: name, max: LoadChallengesRequest.maxItems, got: items.count)))
        }
        return items
    }

    static func describe(_ error: DecodingError) -> String {
        func path(_ keys: [any CodingKey]) -> String {
            var text = ""
            for key in keys {
                if let index = key.intValue {
                    text += "[\(index)]"
                } else {
                    text += (text.isEmpty ? "" : ".") + key.stringValue
                }
            }
            return text
        }
        switch error {
        case .keyNotFound(let key, let context):
            return tr(GoalsText.isRequired(path: path(context.codingPath + [key])))
        case .typeMismatch(let type, let context):
            let kind = type == Double.self || type == Int.self ? tr(GoalsText.aNumber) : type == String.self ? tr(GoalsText.aString) : "\(type)"
            return tr(GoalsText.mustBe(path: path(context.codingPath), kind: kind))
        case .valueNotFound(_, let context):
            return tr(GoalsText.mustNotBeNull(path: path(context.codingPath)))
        case .dataCorrupted(let context):
            let at = path(context.codingPath)
            return (at.isEmpty ? "" : "\(at): ") + tr(GoalsText.notValidJSON(reason: context.debugDescription))
        @unknown default:
            return "\(error)"
        }
    }
}
