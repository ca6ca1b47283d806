import Foundation
import QuenchProtocol

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
            throw CLIError.usage("\(path): \(size) bytes is larger than a challenges file may be (\(maxBytes) bytes)")
        }
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw CLIError.io("cannot read \(path): \(error.localizedDescription)")
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
            throw CLIError.usage("\(name): not JSON: \(error.localizedDescription)")
        }
        guard items.count <= LoadChallengesRequest.maxItems else {
            throw CLIError.usage("\(name): items: at most \(LoadChallengesRequest.maxItems) challenges per file, got \(items.count)")
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
            return "\(path(context.codingPath + [key])): is required"
        case .typeMismatch(let type, let context):
            return "\(path(context.codingPath)): must be \(type == Double.self || type == Int.self ? "a number" : type == String.self ? "a string" : "\(type)")"
        case .valueNotFound(_, let context):
            return "\(path(context.codingPath)): must not be null"
        case .dataCorrupted(let context):
            let at = path(context.codingPath)
            return (at.isEmpty ? "" : "\(at): ") + "not valid JSON (\(context.debugDescription))"
        @unknown default:
            return "\(error)"
        }
    }
}
